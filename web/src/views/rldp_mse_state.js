// URL/state schema of the Robust MSE view (family "rldp-mse"). Keys (a public contract of shared
// links; never rename):
//   s u    names of the sensitive rows / non-sensitive columns (percent-encoded, comma-separated)
//   p      the estimate P-hat (rows ';', cells ','), probabilities or counts
//   t      the true P* (same shape; absent = not known)
//   val    the numeric values of U (one per column; also the outputs Y)
//   eps    the design epsilon
//   unc    conf | radius: how the chi-square set F of eq. (2) is given
//   conf   confidence level 1 - alpha (unc=conf; B from eq. (3) with n)
//   radius the radius B itself (unc=radius)
//   n      sample size behind P-hat (blank: the sum of the counts)
//   fig    K of the Figure 2 experiment when it was run (absent: not run)
//   fign   n of the Figure 2 experiment (75 = Figure 2a, 15000 = Figure 2b, sweep = Figure 2c/2d
//          over N in FIGURE_SWEEP_N samples per cell)
import {
  LIMITS, cleanCell, cleanName, serializeMatrix, parseNames, serializeNames, safeDecode,
  numberField, matrixField, scenarioMatrix, describeTable, NUMBER_TEXT, readLinkTables, readChoice, serializeList, parseList } from '../fields.js';

export const id = 'rldp-mse';
export const title = 'Robust MSE';
export const FAMILY = 'rldp-mse';
/** The four problems (7)-(10), in the order they are shown. */
export const PROBLEMS = ['nunp', 'nurp', 'runp', 'rurp'];
export const UNCERTAINTY = ['conf', 'radius'];
/** The Figure 2 sizes offered in the page (the worker runs K instances, four problems each). */
export const FIGURE_K = ['5', '10', '20', '30'];
export const FIGURE_N = ['75', '15000', 'sweep'];
/** Figure 2c/2d in the page: N samples per cell of the 3 x 5 table (n = 15 N = 150 ... 15,000). */
export const FIGURE_SWEEP_N = [10, 20, 100, 1000];
export const FIGURE_EPSILON = 0.5;
/**
 * Size guard of this view: the robust problems add |U| * |S| * (|S| - 1) privacy cuts per round
 * over |U|^2 |S| variables. The core allows |U|^2 |S| <= 200, but the four problems of a 3 x 8
 * table take 11 s natively (2-3x more in WASM); at |U|^2 |S| <= 100 (4 x 5, 3 x 6, 2 x 7) they
 * take 2-4 s natively, the default 3 x 5 1.4 s.
 */
export const MSE_LIMITS = { maxS: 6, maxU: 7, maxCells: 24, maxEntries: 100 };

function tooLarge(rows, cols) {
  return rows > MSE_LIMITS.maxS || cols > MSE_LIMITS.maxU || rows * cols > MSE_LIMITS.maxCells || cols * cols * rows > MSE_LIMITS.maxEntries;
}

export function defaults() {
  // Section V of the paper: |S| = 3, U = {0, ..., 4}, eps = 0.5, alpha = 0.05 and n = 75
  // (Figure 2a). P* is one draw from the Jeffreys prior Dirichlet(1/2); P-hat is the counts of
  // n = 75 samples from it.
  return {
    view: id,
    sNames: ['s1', 's2', 's3'], uNames: ['u1', 'u2', 'u3', 'u4', 'u5'],
    joint: [['3', '0', '2', '3', '7'], ['3', '18', '0', '2', '13'], ['0', '12', '1', '8', '3']],
    truth: [['0.05', '0.027', '0.026', '0.042', '0.094'], ['0.071', '0.212', '0', '0.003', '0.127'],
      ['0.008', '0.217', '0.014', '0.077', '0.032']],
    vals: ['0', '1', '2', '3', '4'],
    eps: '0.5', unc: 'conf', conf: '0.95', radius: '0.1', n: '',
    fig: '', fign: '75',
  };
}

/** `count` values of U from the list (missing ones: the column index). */
export function fitValues(vals, count) {
  return Array.from({ length: count }, (_, i) => (vals && vals[i] !== undefined ? vals[i] : String(i)));
}

function checkShape(joint) {
  const rows = joint.length;
  const cols = joint[0].length;
  if (tooLarge(rows, cols))
    throw new Error(`the table in the link is larger than this view solves (|S| ≤ ${MSE_LIMITS.maxS}, |U| ≤ ${MSE_LIMITS.maxU}, ${MSE_LIMITS.maxCells} cells, |U|²|S| ≤ ${MSE_LIMITS.maxEntries})`);
}

/** params: decoded-once key -> raw value map of the hash. Throws Error with a readable message. */
export function parse(params) {
  const state = defaults();
  readChoice(params, state, 'unc', UNCERTAINTY, 'unknown uncertainty set');
  for (const key of ['eps', 'conf', 'radius', 'n'])
    if (params[key] !== undefined) state[key] = cleanCell(safeDecode(params[key]));
  if (params.fig !== undefined) {
    const fig = safeDecode(params.fig);
    if (fig !== '' && !FIGURE_K.includes(fig)) throw new Error('unknown Figure 2 size');
    state.fig = fig;
  }
  readChoice(params, state, 'fign', FIGURE_N, 'unknown Figure 2 sample size');
  readLinkTables(params, state, checkShape);
  const cols = state.joint[0].length;
  state.sNames = parseNames(params.s, state.joint.length, 's');
  state.uNames = parseNames(params.u, cols, 'u');
  if (params.val !== undefined) {
    const vals = parseList(safeDecode(params.val)).map(cleanCell);
    if (vals.length !== cols) throw new Error('the link has another number of values of U than columns');
    state.vals = vals;
  } else state.vals = fitValues(params.p === undefined ? state.vals : null, cols);
  return state;
}

export function serialize(state) {
  const parts = [`s=${serializeNames(state.sNames)}`, `u=${serializeNames(state.uNames)}`, `p=${serializeMatrix(state.joint)}`];
  if (state.truth) parts.push(`t=${serializeMatrix(state.truth)}`);
  parts.push(`val=${encodeURIComponent(serializeList(state.vals))}`, `eps=${encodeURIComponent(state.eps)}`, `unc=${state.unc}`);
  parts.push(state.unc === 'conf' ? `conf=${encodeURIComponent(state.conf)}` : `radius=${encodeURIComponent(state.radius)}`);
  parts.push(`n=${encodeURIComponent(state.n)}`);
  if (state.fig) parts.push(`fig=${state.fig}`, `fign=${state.fign}`);
  return parts;
}

/**
 * The `privlab solve` request of one problem: { request } or { errors: [{ field, message }] }.
 * Fields are checked here as far as the page can (errors name the JSON pointer in the request).
 */
export function problemRequest(state, problem) {
  const errors = [];
  const rows = state.joint.length;
  const cols = state.joint[0].length;
  if (tooLarge(rows, cols))
    errors.push({ field: '/joint', message: `this view solves |S| ≤ ${MSE_LIMITS.maxS}, |U| ≤ ${MSE_LIMITS.maxU}, at most ${MSE_LIMITS.maxCells} cells and |U|²|S| ≤ ${MSE_LIMITS.maxEntries}; use the command-line tool for larger tables` });
  const request = { family: FAMILY, problem, joint: matrixField(state.joint, '/joint', 'P̂', errors) };
  const info = describeTable(state.joint);
  if (info.kind === 'invalid' && !errors.some((e) => e.field.startsWith('/joint/')))
    errors.push({ field: '/joint', message: `P̂ is not a distribution: ${info.message}` });
  request.values = state.vals.map((v, i) => numberField(v, `/values/${i}`, `value of ${state.uNames[i] || `u${i + 1}`}`, errors));
  if (state.vals.length !== cols) errors.push({ field: '/values', message: 'one value per column of the table' });
  const seen = new Set();
  request.values.forEach((v, i) => {
    if (Number.isFinite(v) && seen.has(v)) errors.push({ field: `/values/${i}`, message: 'the values of U must differ' });
    seen.add(v);
  });
  request.epsilon = numberField(state.eps, '/epsilon', 'ε', errors);
  if (Number.isFinite(request.epsilon) && !(request.epsilon >= 0.001 && request.epsilon <= 20))
    errors.push({ field: '/epsilon', message: 'ε must be between 0.001 and 20' });
  if (String(state.n).trim() !== '') {
    const n = numberField(state.n, '/n', 'n', errors);
    if (Number.isFinite(n) && (!Number.isInteger(n) || n < 1)) errors.push({ field: '/n', message: 'n must be a whole number ≥ 1' });
    request.n = n;
  } else if (state.unc === 'conf' && info.kind === 'probabilities') {
    errors.push({ field: '/n', message: 'give n (the sample size behind P̂): the confidence set needs it when P̂ is not counts' });
  }
  if (state.unc === 'conf') {
    const confidence = numberField(state.conf, '/uncertainty/confidence', 'confidence level', errors);
    if (Number.isFinite(confidence) && !(confidence > 0 && confidence < 1))
      errors.push({ field: '/uncertainty/confidence', message: 'the confidence level must be strictly between 0 and 1' });
    request.uncertainty = { confidence };
  } else {
    const radius = numberField(state.radius, '/uncertainty/radius', 'radius B', errors);
    if (Number.isFinite(radius) && radius < 0) errors.push({ field: '/uncertainty/radius', message: 'the radius B cannot be negative' });
    request.uncertainty = { radius };
  }
  if (state.truth) request.true_joint = matrixField(state.truth, '/true_joint', 'P*', errors);
  return errors.length ? { errors } : { request };
}

/**
 * The page's request: the four problems side by side, one batch that `privlab solve` answers with
 * {"responses": [NUNP, NURP, RUNP, RURP]}. Errors name the field of the single-problem request.
 */
export function toRequest(state) {
  const { request, errors } = problemRequest(state, PROBLEMS[0]);
  if (errors) return { errors };
  return { request: { family: 'batch', requests: PROBLEMS.map((problem) => ({ ...request, problem })) } };
}

/** The Figure 2 experiment request of the state (null when not asked for). */
export function experimentRequest(state) {
  if (!state.fig) return null;
  // Figure 2a is n = 75, Figure 2b n = 15,000; the paper's setting otherwise (|S| = 3, |U| = 5,
  // eps = 0.5, alpha = 0.05, P* ~ Dirichlet(1/2)), K instances from seed 1.
  if (state.fign === 'sweep')  // Figure 2c/2d: mean and sd of eps* and D* against n
    return { family: FAMILY, experiment: 'figure2cd', K: Number(state.fig), N_values: FIGURE_SWEEP_N, epsilon: FIGURE_EPSILON, alpha: 0.05, seed: 1 };
  return { family: FAMILY, experiment: state.fign === '15000' ? 'figure2b' : 'figure2a', K: Number(state.fig), n: Number(state.fign),
    epsilon: FIGURE_EPSILON, alpha: 0.05, seed: 1 };
}

function scenarioNumber(value) {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

/** A scenario file (a single-problem request plus "title", "description", "labels") as state. Throws Error. */
export function fromScenario(scenario) {
  const state = defaults();
  if (scenario.experiment !== undefined) {
    // Figure 2 scenario files: the default table, with the figure run in the page at the
    // largest offered K not above the file's (2c/2d over the page's N values).
    const fign = { figure2a: '75', figure2b: '15000', figure2cd: 'sweep' }[scenario.experiment];
    if (!fign)
      throw new Error(`experiment "${String(scenario.experiment).slice(0, 20)}" runs from the command line (privlab experiment rldp-mse ${String(scenario.experiment).slice(0, 20)})`);
    const k = Number.isInteger(scenario.K) ? scenario.K : 10;
    state.fig = FIGURE_K.filter((v) => Number(v) <= k).pop() || FIGURE_K[0];
    state.fign = fign;
    return state;
  }
  state.joint = scenarioMatrix(scenario.joint, 'joint');
  checkShape(state.joint);
  state.truth = scenario.true_joint ? scenarioMatrix(scenario.true_joint, 'true_joint') : null;
  if (state.truth && (state.truth.length !== state.joint.length || state.truth[0].length !== state.joint[0].length))
    throw new Error('true_joint has another shape than joint');
  const cols = state.joint[0].length;
  if (scenario.values !== undefined) {
    if (!Array.isArray(scenario.values) || scenario.values.length !== cols || scenario.values.some((v) => scenarioNumber(v) === null))
      throw new Error('values must be one number per column of joint');
    state.vals = scenario.values.map((v) => cleanCell(String(v)));
  } else state.vals = fitValues(null, cols);
  state.eps = scenarioNumber(scenario.epsilon) ?? state.eps;
  state.n = Number.isInteger(scenario.n) ? String(scenario.n) : '';
  const u = scenario.uncertainty;
  if (u && typeof u === 'object' && scenarioNumber(u.radius) !== null) { state.unc = 'radius'; state.radius = String(u.radius); } else if (u && typeof u === 'object' && scenarioNumber(u.confidence) !== null) {
    state.unc = 'conf'; state.conf = String(u.confidence);
  }
  const labels = scenario.labels || {};
  state.sNames = Array.from({ length: state.joint.length }, (_, i) => cleanName((labels.s || [])[i] || `s${i + 1}`));
  state.uNames = Array.from({ length: cols }, (_, i) => cleanName((labels.u || [])[i] || `u${i + 1}`));
  return state;
}

export { LIMITS, NUMBER_TEXT };
