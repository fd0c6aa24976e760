// The page's single state schema and its URL form. Pure functions of strings: main.js alone
// touches window.location. Keys are a public contract (shared links): never rename them; keep
// old spellings parsing (bump v= for migrations).
//
//   #v=1&view=rldp&mech=srr&eps=0.693147&s=s1,s2&u=u1,u2&p=0.07,0.10;0.26,0.57
//    &t=0.1,0.1;0.2,0.6&unc=conf&alpha=2&conf=0.95&n=100

export const STATE_VERSION = 1;
export const LIMITS = { maxRows: 16, maxCols: 16, maxCells: 256, maxHash: 8000, maxName: 24 };
export const MECHANISMS = ['grr', 'srr'];
export const UNCERTAINTY = ['point', 'simplex', 'conf', 'radius'];

export function defaultState() {
  // RLDP paper (Entropy 2024) Example 1: P-hat from n = 100 samples and the true P*.
  return {
    view: 'rldp',
    mech: 'srr',
    eps: '0.693147',
    sNames: ['s1', 's2'],
    uNames: ['u1', 'u2'],
    joint: [['0.07', '0.10'], ['0.26', '0.57']],
    truth: [['0.1', '0.1'], ['0.2', '0.6']],
    unc: 'conf',
    alpha: '2',
    conf: '0.95',
    radius: '0.05',
    n: '100',
  };
}

const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function cleanName(raw) {
  // Control characters removed and length capped; rendering uses textContent, never HTML.
  return String(raw).replace(/[\u0000-\u001f\u007f]/g, '').slice(0, LIMITS.maxName);
}

function cleanCell(raw) {
  const text = String(raw).trim().slice(0, 32);
  return NUMBER_TEXT.test(text) ? text : '';
}

function parseMatrix(text) {
  const rows = text.split(';').map((r) => r.split(',').map(cleanCell));
  const cols = rows[0].length;
  if (rows.length > LIMITS.maxRows || cols > LIMITS.maxCols || rows.length * cols > LIMITS.maxCells)
    throw new Error(`the table in the link is larger than ${LIMITS.maxRows}x${LIMITS.maxCols}`);
  if (rows.some((r) => r.length !== cols)) throw new Error('the table in the link is not rectangular');
  return rows;
}

function parseNames(text, count, prefix) {
  const names = text === undefined ? [] : text.split(',').map((n) => cleanName(decodeURIComponent(n)));
  return Array.from({ length: count }, (_, i) => (names[i] ? names[i] : `${prefix}${i + 1}`));
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new Error('the link is not properly encoded');
  }
}

/**
 * Reads a location hash. Returns { state, error }: on any problem `state` is the default example
 * and `error` says what was wrong (the page shows it as text). Unknown keys are ignored; missing
 * keys keep their defaults.
 */
export function parseHash(hash) {
  const fallback = defaultState();
  const text = String(hash || '').replace(/^#/, '');
  if (text === '') return { state: fallback, error: null };
  if (text.length > LIMITS.maxHash)
    return { state: fallback, error: `The link is too long (${text.length} characters); showing the default example.` };
  try {
    const params = {};
    for (const part of text.split('&')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      params[part.slice(0, eq)] = part.slice(eq + 1);
    }
    if (params.v !== undefined && !/^\d+$/.test(params.v)) throw new Error('unknown link version');
    const state = defaultState();
    if (params.view !== undefined) {
      if (params.view !== 'rldp') throw new Error('unknown view');
      state.view = params.view;
    }
    if (params.mech !== undefined) {
      if (!MECHANISMS.includes(params.mech)) throw new Error('unknown mechanism');
      state.mech = params.mech;
    }
    if (params.unc !== undefined) {
      if (!UNCERTAINTY.includes(params.unc)) throw new Error('unknown uncertainty set');
      state.unc = params.unc;
    }
    for (const key of ['eps', 'alpha', 'conf', 'radius', 'n'])
      if (params[key] !== undefined) state[key] = cleanCell(safeDecode(params[key]));
    if (params.p !== undefined) {
      state.joint = parseMatrix(safeDecode(params.p));
      state.truth = null;
    }
    if (params.t !== undefined) {
      const truth = parseMatrix(safeDecode(params.t));
      if (truth.length !== state.joint.length || truth[0].length !== state.joint[0].length)
        throw new Error('the true distribution in the link has another shape than the estimate');
      state.truth = truth;
    }
    state.sNames = parseNames(params.s, state.joint.length, 's');
    state.uNames = parseNames(params.u, state.joint[0].length, 'u');
    return { state, error: null };
  } catch (e) {
    return { state: fallback, error: `This link could not be read (${e.message}); showing the default example.` };
  }
}

/** The hash (without '#') that parseHash turns back into `state`. */
export function serializeHash(state) {
  const matrix = (m) => encodeURIComponent(m.map((r) => r.join(',')).join(';'));
  const names = (ns) => ns.map((n) => encodeURIComponent(n)).join(',');
  const parts = [
    `v=${STATE_VERSION}`, `view=${state.view}`, `mech=${state.mech}`,
    `eps=${encodeURIComponent(state.eps)}`, `s=${names(state.sNames)}`, `u=${names(state.uNames)}`,
    `p=${matrix(state.joint)}`,
  ];
  if (state.truth) parts.push(`t=${matrix(state.truth)}`);
  parts.push(`unc=${state.unc}`);
  if (state.unc === 'conf' || state.unc === 'radius') parts.push(`alpha=${encodeURIComponent(state.alpha)}`);
  if (state.unc === 'conf') parts.push(`conf=${encodeURIComponent(state.conf)}`);
  if (state.unc === 'radius') parts.push(`radius=${encodeURIComponent(state.radius)}`);
  parts.push(`n=${encodeURIComponent(state.n)}`);
  return parts.join('&');
}

function numberField(text, field, label, errors) {
  const value = NUMBER_TEXT.test(String(text).trim()) ? Number(text) : NaN;
  if (!Number.isFinite(value)) errors.push({ field, message: `${label} must be a number` });
  return value;
}

function matrixField(m, field, label, errors) {
  return m.map((row, r) => row.map((cell, c) => {
    const v = numberField(cell, `${field}/${r}/${c}`, `${label} cell (${r + 1}, ${c + 1})`, errors);
    if (v < 0) errors.push({ field: `${field}/${r}/${c}`, message: 'probabilities and counts cannot be negative' });
    return v;
  }));
}

/**
 * The exact request `privlab solve` accepts for this state, or the list of fields the page must
 * fix first: { request } or { errors: [{ field: '/json/pointer', message }] }.
 */
export function stateToRequest(state) {
  const errors = [];
  const request = {
    family: 'rldp',
    mechanism: state.mech,
    joint: matrixField(state.joint, '/joint', 'P̂', errors),
    epsilon: numberField(state.eps, '/epsilon', 'ε', errors),
  };
  if (request.epsilon < 0) errors.push({ field: '/epsilon', message: 'ε cannot be negative' });
  if (state.truth) request.true_joint = matrixField(state.truth, '/true_joint', 'P*', errors);
  if (state.unc === 'point' || state.unc === 'simplex') request.uncertainty = state.unc;
  if (state.unc === 'conf' || state.unc === 'radius') {
    const alpha = numberField(state.alpha, '/uncertainty/alpha', 'α', errors);
    request.uncertainty = state.unc === 'conf'
      ? { alpha, confidence: numberField(state.conf, '/uncertainty/confidence', 'confidence', errors) }
      : { alpha, radius: numberField(state.radius, '/uncertainty/radius', 'radius', errors) };
  }
  if (String(state.n).trim() !== '') {
    const n = numberField(state.n, '/n', 'n', errors);
    if (Number.isFinite(n) && (!Number.isInteger(n) || n < 1)) errors.push({ field: '/n', message: 'n must be a whole number ≥ 1' });
    request.n = n;
  }
  return errors.length ? { errors } : { request };
}

/** Marginals and the kind of table, for the editor's live feedback. */
export function describeTable(matrix) {
  const values = matrix.map((row) => row.map((c) => (NUMBER_TEXT.test(String(c).trim()) ? Number(c) : NaN)));
  const flat = values.flat();
  if (flat.some((v) => !Number.isFinite(v))) return { kind: 'incomplete', message: 'Some cells are empty or not numbers.' };
  if (flat.some((v) => v < 0)) return { kind: 'invalid', message: 'Negative entries: not a distribution.' };
  const total = flat.reduce((a, b) => a + b, 0);
  const rowSums = values.map((r) => r.reduce((a, b) => a + b, 0));
  const colSums = values[0].map((_, c) => values.reduce((a, r) => a + r[c], 0));
  if (total <= 0) return { kind: 'invalid', message: 'The table has no mass.', rowSums, colSums, total };
  if (Math.abs(total - 1) <= 1e-6) return { kind: 'probabilities', message: 'Probabilities summing to 1.', rowSums, colSums, total };
  if (flat.every((v) => Number.isInteger(v)))
    return { kind: 'counts', message: `Counts: n = ${total}, normalised to probabilities.`, rowSums: rowSums.map((v) => v / total), colSums: colSums.map((v) => v / total), total };
  return { kind: 'invalid', message: `Not a distribution: the entries sum to ${+total.toFixed(6)}, not 1 (and are not whole-number counts).`, rowSums, colSums, total };
}

/**
 * A scenario file (a `privlab solve` request plus optional "title", "description" and
 * "labels": {"s": [...], "u": [...]}) as page state. Throws with a readable message when the
 * file is not an rldp scenario the page can show.
 */
export function scenarioToState(scenario) {
  if (!scenario || typeof scenario !== 'object' || Array.isArray(scenario)) throw new Error('the scenario must be a JSON object');
  if (scenario.family !== 'rldp') throw new Error(`family "${String(scenario.family).slice(0, 20)}" has no view in this page yet`);
  const matrix = (m, field) => {
    if (!Array.isArray(m) || m.length === 0 || !Array.isArray(m[0])) throw new Error(`${field} must be a table`);
    return parseMatrix(m.map((r) => (Array.isArray(r) ? r.map((v) => String(v)).join(',') : '')).join(';'));
  };
  const state = defaultState();
  state.joint = matrix(scenario.joint, 'joint');
  state.truth = scenario.true_joint ? matrix(scenario.true_joint, 'true_joint') : null;
  if (state.truth && (state.truth.length !== state.joint.length || state.truth[0].length !== state.joint[0].length))
    throw new Error('true_joint has another shape than joint');
  if (MECHANISMS.includes(scenario.mechanism)) state.mech = scenario.mechanism;
  if (typeof scenario.epsilon === 'number') state.eps = String(scenario.epsilon);
  state.n = Number.isInteger(scenario.n) ? String(scenario.n) : '';
  const u = scenario.uncertainty;
  if (u === 'point' || u === 'simplex') state.unc = u;
  else if (u && typeof u === 'object') {
    state.alpha = String(u.alpha ?? 2);
    if (typeof u.radius === 'number') { state.unc = 'radius'; state.radius = String(u.radius); }
    else { state.unc = 'conf'; state.conf = String(u.confidence ?? 0.95); }
  } else state.unc = 'point';
  const labels = scenario.labels || {};
  state.sNames = Array.from({ length: state.joint.length }, (_, i) => cleanName((labels.s || [])[i] || `s${i + 1}`));
  state.uNames = Array.from({ length: state.joint[0].length }, (_, i) => cleanName((labels.u || [])[i] || `u${i + 1}`));
  return state;
}
