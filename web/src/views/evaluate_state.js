// URL/state schema of the "Evaluate a mechanism" view (issue 15): a user's matrix [output][input]
// evaluated in one of the five families, with that family's context. Keys (a public contract of
// shared links; never rename):
//   fam (family) q (the matrix, rows ';' cells ',') p (joint / P-hat) t (P*) unc alpha conf radius n
//   metric (funnel: lip | ldp) pi (game prior) d (game distance) loss (game: hamming | distance)
//   eps (compare at this ε instead of the matrix's own) cmp (1: also solve the optimal design)
import {
  cleanCell, safeDecode, numberField, matrixField, scenarioMatrix, readLinkTables, serializeMatrix, NUMBER_TEXT, readChoice, scenarioUncertainty, toNumber } from '../fields.js';

export const id = 'evaluate';
export const title = 'Evaluate a mechanism';
export const FAMILIES = ['rldp', 'rldp-mse', 'funnel', 'estimation', 'game'];
export const FAMILY_LABELS = {
  rldp: 'Robust LDP (X = (S, U), uncertainty set F)',
  'rldp-mse': 'Robust MSE (outputs are the values of U)',
  funnel: 'Privacy funnel (LIP / LDP, I(X;Y), I(S;Y))',
  estimation: 'Estimation (χ²-information, PICs)',
  game: 'Location game (prior, distances, metric DP)',
};
export const UNCERTAINTY = ['point', 'simplex', 'conf', 'radius'];
/** The matrix a page link may carry (a location table of 16 cells has 16 x 16 entries). */
export const Q_LIMITS = { maxRows: 32, maxCols: 32, maxCells: 512 };
/** Columns are distributions within this (core/audit kColumnTolerance). */
export const COLUMN_TOLERANCE = 1e-9;

export function defaults() {
  // Randomized response at ε = ln 3 on a binary secret (|U| = 1), over the whole simplex.
  return {
    view: id, fam: 'rldp',
    q: [['0.75', '0.25'], ['0.25', '0.75']],
    joint: [['0.3'], ['0.7']], truth: null,
    unc: 'simplex', alpha: '2', conf: '0.95', radius: '0.05', n: '',
    metric: 'lip', prior: ['0.5', '0.5'], dist: [['0', '1'], ['1', '0']], loss: 'hamming',
    eps: '', cmp: false,
  };
}

/**
 * Text pasted from a spreadsheet or a CSV file: rows on lines (or separated by ';'), cells by
 * tabs, commas or spaces. Blank lines and lines starting with '#' are skipped. Returns the rows
 * as cell text (anything that is not a number becomes '' and is flagged by the editor). Throws a
 * readable Error for a ragged or oversized table.
 */
export function parsePastedMatrix(text) {
  const lines = String(text).split(/\r?\n|;/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length === 0) throw new Error('nothing to read: paste rows of numbers');
  const rows = lines.map((l) => l.split(/\t|,|\s+/).map((c) => c.trim().replace(/^"(.*)"$/, '$1')).filter((c) => c !== ''));
  const cols = rows[0].length;
  rows.forEach((r, i) => {
    if (r.length !== cols) throw new Error(`row ${i + 1} has ${r.length} cells, row 1 has ${cols}`);
  });
  checkSize(rows);
  return rows.map((r) => r.map(cleanCell));
}

function checkSize(rows) {
  const cols = rows[0].length;
  if (rows.length > Q_LIMITS.maxRows || cols > Q_LIMITS.maxCols || rows.length * cols > Q_LIMITS.maxCells)
    throw new Error(`the matrix is ${rows.length}×${cols}; the page takes at most ${Q_LIMITS.maxRows}×${Q_LIMITS.maxCols} and ${Q_LIMITS.maxCells} cells`);
}

/** "a,b;c,d" from a link, within Q_LIMITS. Throws a readable Error. */
function parseLinkMatrix(text) {
  const rows = text.split(';').map((r) => r.split(',').map((c) => cleanCell(safeDecode(c))));  // each value escaped (serializeMatrix)
  if (rows.some((r) => r.length !== rows[0].length)) throw new Error('the matrix in the link is not rectangular');
  checkSize(rows);
  return rows;
}

/**
 * The columns of q that are not distributions: a cell that is not a number, a negative entry, or a
 * sum off 1 by more than 1e-9. Returns [{ col, sum, reason }] (the view marks them; the request is
 * not sent until they are fixed, and the core checks the same rule).
 */
export function badColumns(q) {
  const out = [];
  for (let c = 0; c < q[0].length; c += 1) {
    const values = q.map((row) => toNumber(row[c]));
    const sum = values.reduce((a, b) => a + b, 0);
    if (values.some((v) => !Number.isFinite(v))) out.push({ col: c, sum, reason: 'a cell is empty or not a number' });
    else if (values.some((v) => v < 0)) out.push({ col: c, sum, reason: 'a negative entry' });
    else if (Math.abs(sum - 1) > COLUMN_TOLERANCE) out.push({ col: c, sum, reason: `sums to ${+sum.toPrecision(10)}, not 1` });
  }
  return out;
}

/** What the matrix's columns must number for the family's context (to say so before solving). */
export function expectedInputs(state) {
  if (state.fam === 'game') return [state.prior.length];
  const s = state.joint.length;
  const u = state.joint[0].length;
  if (state.fam === 'funnel') return [u, s * u];
  if (state.fam === 'estimation') return [u];
  return [s * u];
}

/** params: decoded-once key -> raw value map of the hash. Throws Error with a readable message. */
export function parse(params) {
  const state = defaults();
  readChoice(params, state, 'fam', FAMILIES, 'unknown family');
  readChoice(params, state, 'unc', UNCERTAINTY, 'unknown uncertainty set');
  readChoice(params, state, 'metric', ['lip', 'ldp'], 'unknown metric');
  readChoice(params, state, 'loss', ['hamming', 'distance'], 'unknown utility loss');
  for (const key of ['alpha', 'conf', 'radius', 'n', 'eps'])
    if (params[key] !== undefined) state[key] = cleanCell(safeDecode(params[key]));
  if (params.cmp !== undefined) state.cmp = params.cmp === '1';
  if (params.q !== undefined) state.q = parseLinkMatrix(safeDecode(params.q));
  readLinkTables(params, state);
  if (params.pi !== undefined) state.prior = parseLinkMatrix(safeDecode(params.pi))[0];
  if (params.d !== undefined) {
    state.dist = parseLinkMatrix(safeDecode(params.d));
    if (state.dist.length !== state.dist[0].length) throw new Error('the distance matrix in the link is not square');
  }
  return state;
}

export function serialize(state) {
  const parts = [`fam=${state.fam}`, `q=${serializeMatrix(state.q)}`];
  if (state.fam === 'game') {
    parts.push(`pi=${serializeMatrix([state.prior])}`, `d=${serializeMatrix(state.dist)}`, `loss=${state.loss}`);
  } else {
    parts.push(`p=${serializeMatrix(state.joint)}`);
    if (state.truth && state.fam !== 'estimation') parts.push(`t=${serializeMatrix(state.truth)}`);
  }
  if (state.fam === 'rldp' || state.fam === 'rldp-mse') {
    const unc = state.fam === 'rldp-mse' && (state.unc === 'point' || state.unc === 'simplex') ? 'conf' : state.unc;
    parts.push(`unc=${unc}`);
    if (state.fam === 'rldp' && (unc === 'conf' || unc === 'radius')) parts.push(`alpha=${encodeURIComponent(state.alpha)}`);
    if (unc === 'conf') parts.push(`conf=${encodeURIComponent(state.conf)}`);
    if (unc === 'radius') parts.push(`radius=${encodeURIComponent(state.radius)}`);
    if (String(state.n).trim() !== '') parts.push(`n=${encodeURIComponent(state.n)}`);
  }
  if (state.fam === 'funnel') parts.push(`metric=${state.metric}`);
  if (String(state.eps).trim() !== '') parts.push(`eps=${encodeURIComponent(state.eps)}`);
  if (state.cmp) parts.push('cmp=1');
  return parts;
}

/** The exact `privlab solve` request for this state: { request } or { errors: [{field, message}] }. */
export function toRequest(state) {
  const errors = [];
  const request = { family: state.fam, evaluate: matrixField(state.q, '/evaluate', 'matrix', errors) };
  // One error per bad column, at its first cell (the core's path for a column sum).
  const numberErrors = new Set(errors.map((e) => e.field));
  for (const bad of badColumns(state.q))
    if (!state.q.some((_, r) => numberErrors.has(`/evaluate/${r}/${bad.col}`)))
      errors.push({ field: `/evaluate/0/${bad.col}`, message: `column ${bad.col + 1} is not a distribution: ${bad.reason}` });
  const want = expectedInputs(state);
  if (!want.includes(state.q[0].length))
    errors.push({ field: '/evaluate/0', message: `the matrix has ${state.q[0].length} columns (inputs); this context needs ${want.join(' or ')}` });
  if (state.fam === 'game') {
    request.prior = state.prior.map((v, i) => numberField(v, `/prior/${i}`, `prior entry ${i + 1}`, errors));
    request.distance = matrixField(state.dist, '/distance', 'distance', errors);
    if (state.dist.length !== state.prior.length) errors.push({ field: '/distance', message: 'one row and column of distances per secret' });
    request.utility_loss = state.loss === 'hamming' ? 'hamming' : request.distance;
  } else {
    request.joint = matrixField(state.joint, '/joint', 'P̂', errors);
    if (state.truth && state.fam !== 'estimation') request.true_joint = matrixField(state.truth, '/true_joint', 'P*', errors);
  }
  if (state.fam === 'rldp' || state.fam === 'rldp-mse') {
    const unc = state.fam === 'rldp-mse' && (state.unc === 'point' || state.unc === 'simplex') ? 'conf' : state.unc;
    if (unc === 'point' || unc === 'simplex') request.uncertainty = unc;
    else {
      const u = {};
      if (state.fam === 'rldp') u.alpha = numberField(state.alpha, '/uncertainty/alpha', 'α', errors);
      if (unc === 'conf') u.confidence = numberField(state.conf, '/uncertainty/confidence', 'confidence', errors);
      else u.radius = numberField(state.radius, '/uncertainty/radius', 'radius', errors);
      request.uncertainty = u;
    }
    if (String(state.n).trim() !== '') {
      const n = numberField(state.n, '/n', 'n', errors);
      if (Number.isFinite(n) && (!Number.isInteger(n) || n < 1)) errors.push({ field: '/n', message: 'n must be a whole number ≥ 1' });
      request.n = n;
    }
  }
  if (state.fam === 'funnel') request.metric = state.metric;
  if (String(state.eps).trim() !== '') request.epsilon = numberField(state.eps, '/epsilon', 'ε', errors);
  if (state.cmp) request.compare_optimal = true;
  return errors.length ? { errors } : { request };
}

/** The family's own design in this context (to start from privlab's mechanism and edit it). */
export function designRequest(state, response) {
  const built = toRequest({ ...state, q: [Array(expectedInputs(state)[0]).fill('1')], cmp: false });
  if (built.errors) return built;
  const request = { ...built.request };
  delete request.evaluate;
  delete request.compare_optimal;
  // At the evaluated matrix's own level when known, else at ε = 1.
  const level = { rldp: 'robust_epsilon', 'rldp-mse': 'robust_epsilon', funnel: state.metric, game: 'epsilon' }[state.fam];
  const measured = response && typeof response[level] === 'number' && response[level] > 0 && response[level] <= 20 ? response[level] : 1;
  const epsilon = request.epsilon !== undefined ? request.epsilon : measured;
  if (state.fam === 'rldp') Object.assign(request, { mechanism: request.uncertainty === 'point' ? 'nr' : 'srr', epsilon });
  if (state.fam === 'rldp-mse') Object.assign(request, { problem: 'rurp', epsilon });
  if (state.fam === 'funnel') Object.assign(request, { mechanism: state.metric === 'ldp' ? 'opt-ldp' : 'opt-lip', epsilon });
  if (state.fam === 'game') Object.assign(request, { mechanism: 'dp', epsilon });
  if (state.fam === 'estimation') return { errors: [{ field: '/evaluate', message: 'the estimation family designs from functions (Formulation 1): paste its mechanism instead' }] };
  return { request };
}

/** The matrix of a response as cell text (full precision: columns keep summing to 1 within 1e-9). */
export function matrixText(m) {
  return m.map((row) => row.map((v) => String(v)));
}

/**
 * A scenario file with "evaluate" (a request plus "title", "description") as state. Throws Error.
 */
export function fromScenario(scenario) {
  const state = defaults();
  if (!FAMILIES.includes(scenario.family)) throw new Error(`family "${String(scenario.family).slice(0, 20)}" cannot be evaluated`);
  state.fam = scenario.family;
  state.q = scenarioMatrix(scenario.evaluate, 'evaluate');
  if (scenario.family === 'game') {
    if (!Array.isArray(scenario.prior) || !Array.isArray(scenario.distance)) throw new Error('a game scenario needs prior and distance');
    state.prior = scenarioMatrix([scenario.prior], 'prior')[0];
    state.dist = scenarioMatrix(scenario.distance, 'distance');
    state.loss = scenario.utility_loss === 'hamming' ? 'hamming' : 'distance';
  } else {
    state.joint = scenarioMatrix(scenario.joint, 'joint');
    state.truth = scenario.true_joint ? scenarioMatrix(scenario.true_joint, 'true_joint') : null;
  }
  Object.assign(state, scenarioUncertainty(scenario.uncertainty));
  state.n = Number.isInteger(scenario.n) ? String(scenario.n) : '';
  if (scenario.metric === 'ldp') state.metric = 'ldp';
  if (typeof scenario.epsilon === 'number') state.eps = String(scenario.epsilon);
  state.cmp = scenario.compare_optimal === true;
  return state;
}
