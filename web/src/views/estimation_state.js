// URL/state schema of the Estimation view (family "estimation": principal inertia components,
// the chi-square privacy-utility bounds, Theorem 3 and Formulation 1). Keys (a public contract
// of shared links; never rename):
//   p    the joint P(S,X), rows s, columns x ("a,b;c,d")     t    the true P*(S,X) (optional)
//   s    names of the S values (rows)                         u    names of the X values (columns)
//   f1   1 = design with Formulation 1, 0 = bounds only
//   pf   private functions s_i(S), one row per function       pn   their names
//   uf   useful functions u_j(X), one row per function        un   their names
//   th   theta: one number for every private function, or one per private function ("0.5,0.3")
//   obj  objective: min | sum                                  w    weights of "sum" (blank: all 1)
//   ord  the order in which the useful functions enter the QR basis, numbered from 1 ("2,1";
//        blank: as listed)
//   sw   theta sweep steps (blank or 0: none)                 eps  privacy level chi2(S;Y) <= eps
//                                                                  read on the trade-off chart
import { CORE_LIMITS } from '../core_limits.js';
import {
  LIMITS, cleanCell, cleanName, parseMatrix, serializeMatrix, parseNames, serializeNames, safeDecode,
  numberField, matrixField, scenarioMatrix, readLinkTables, readChoice } from '../fields.js';

export const id = 'estimation';
export const title = 'Estimation';
export const OBJECTIVES = ['min', 'sum'];
/** Page limits (inside the core's: |X| <= 48 for Formulation 1, 32 private and 64 useful
 *  functions); the sweep's work theta_sweep x |X|^2 is the core's limit (core_limits.js). */
export const MAX_FUNCTIONS = 16;
export const MAX_SWEEP = 51;
export const SWEEP_WORK = CORE_LIMITS.estimation.max_sweep_work;

const BITS = ['(-1,-1)', '(-1,+1)', '(+1,-1)', '(+1,+1)'];

export function defaults() {
  // Section 7.1 (Figure 3), the parity bits: S = (S1, S2) independent with P(S1=1) = 0.45,
  // P(S2=1) = 0.4; X = S through BSC(0.2) and BSC(0.15). Private s1 = S1, useful X1 X2 and X2,
  // Formulation 1 with the sum objective at theta = 0.5 and over a sweep of theta.
  return {
    view: id,
    sNames: BITS.slice(), uNames: BITS.slice(),
    joint: [['0.2244', '0.0396', '0.0561', '0.0099'], ['0.0264', '0.1496', '0.0066', '0.0374'],
      ['0.0459', '0.0081', '0.1836', '0.0324'], ['0.0054', '0.0306', '0.0216', '0.1224']],
    truth: null,
    design: true,
    privNames: ['S1'], priv: [['-1', '-1', '1', '1']],
    usefulNames: ['X1 X2', 'X2'], useful: [['1', '-1', '-1', '1'], ['-1', '1', '-1', '1']],
    theta: '0.5', obj: 'sum', weights: '', order: '', sweep: '11', eps: '0.2',
  };
}

/** A list typed as text ("0.5, 0.3" or "0.5 0.3") -> trimmed pieces ('' -> []). */
export function splitList(text) {
  const t = String(text).trim();
  return t === '' ? [] : t.split(/[\s,;]+/).filter((x) => x !== '');
}

/** A short list from a link (theta, weights): numbers only, at most MAX_FUNCTIONS. */
function cleanList(raw, what) {
  const parts = splitList(safeDecode(raw));
  if (parts.length > Math.max(MAX_FUNCTIONS, LIMITS.maxCols)) throw new Error(`too many ${what} in the link`);
  return parts.map(cleanCell).join(', ');
}

function functionTable(raw, width, what) {
  const m = parseMatrix(safeDecode(raw));
  if (m.length > MAX_FUNCTIONS) throw new Error(`more than ${MAX_FUNCTIONS} ${what} functions in the link`);
  if (m[0].length !== width) throw new Error(`the ${what} functions in the link do not match the table's shape`);
  return m;
}

/** params: decoded-once key -> raw value map of the hash. Throws Error with a readable message. */
export function parse(params) {
  const state = defaults();
  readLinkTables(params, state);
  const rows = state.joint.length;
  const cols = state.joint[0].length;
  // Names missing from the link keep the default example's when the shape is the default's.
  const names = (raw, count, prefix, fallback) => (raw === undefined && fallback.length === count ? fallback : parseNames(raw, count, prefix));
  state.sNames = names(params.s, rows, 's', state.sNames);
  state.uNames = names(params.u, cols, 'x', state.uNames);
  if (params.f1 !== undefined) {
    if (params.f1 !== '0' && params.f1 !== '1') throw new Error('f1 must be 0 or 1');
    state.design = params.f1 === '1';
  }
  if (params.pf !== undefined) state.priv = functionTable(params.pf, rows, 'private');
  else if (params.p !== undefined) state.priv = [Array.from({ length: rows }, (_, i) => (i === 0 ? '1' : '0'))];
  if (params.uf !== undefined) state.useful = functionTable(params.uf, cols, 'useful');
  else if (params.p !== undefined) state.useful = Array.from({ length: Math.min(cols - 1, MAX_FUNCTIONS) || 1 }, (_, k) => Array.from({ length: cols }, (_, i) => (i === k ? '1' : '0')));
  if (state.priv[0].length !== rows || state.useful[0].length !== cols)
    throw new Error('the functions in the link do not match the table\'s shape');
  state.privNames = names(params.pn, state.priv.length, 's', params.pf === undefined && params.p === undefined ? state.privNames : []);
  state.usefulNames = names(params.un, state.useful.length, 'u', params.uf === undefined && params.p === undefined ? state.usefulNames : []);
  readChoice(params, state, 'obj', OBJECTIVES, 'unknown objective');
  if (params.th !== undefined) state.theta = cleanList(params.th, 'thresholds');
  if (params.w !== undefined) state.weights = cleanList(params.w, 'weights');
  if (params.ord !== undefined) state.order = cleanList(params.ord, 'positions');
  if (params.sw !== undefined) state.sweep = params.sw === '' ? '' : cleanCell(safeDecode(params.sw));
  if (params.eps !== undefined) state.eps = cleanCell(safeDecode(params.eps));
  return state;
}

export function serialize(state) {
  const parts = [`s=${serializeNames(state.sNames)}`, `u=${serializeNames(state.uNames)}`, `p=${serializeMatrix(state.joint)}`];
  if (state.truth) parts.push(`t=${serializeMatrix(state.truth)}`);
  parts.push(`f1=${state.design ? 1 : 0}`,
    `pn=${serializeNames(state.privNames)}`, `pf=${serializeMatrix(state.priv)}`,
    `un=${serializeNames(state.usefulNames)}`, `uf=${serializeMatrix(state.useful)}`,
    `th=${encodeURIComponent(state.theta)}`, `obj=${state.obj}`);
  if (state.weights !== '') parts.push(`w=${encodeURIComponent(state.weights)}`);
  if (state.order !== '') parts.push(`ord=${encodeURIComponent(state.order)}`);
  parts.push(`sw=${encodeURIComponent(state.sweep)}`, `eps=${encodeURIComponent(state.eps)}`);
  return parts;
}

/** The privacy level read on the trade-off chart (not part of the request): a number >= 0 or NaN. */
export function epsilonValue(state) {
  const errors = [];
  const v = numberField(state.eps, '/epsilon', 'ε', errors);
  return errors.length || v < 0 ? NaN : v;
}

function functionsField(table, names, field, label, errors) {
  return table.map((row, r) => ({
    name: names[r],
    values: row.map((cell, c) => numberField(cell, `${field}/${r}/values/${c}`, `${label} ${names[r]} at symbol ${c + 1}`, errors)),
  }));
}

/** The exact `privlab solve` request for this state: { request } or { errors: [{field, message}] }. */
export function toRequest(state) {
  const errors = [];
  const request = { family: 'estimation', joint: matrixField(state.joint, '/joint', 'P', errors) };
  if (state.truth) request.true_joint = matrixField(state.truth, '/true_joint', 'P*', errors);
  if (state.design) {
    request.private_functions = functionsField(state.priv, state.privNames, '/private_functions', 'private function', errors);
    request.useful_functions = functionsField(state.useful, state.usefulNames, '/useful_functions', 'useful function', errors);
    const theta = splitList(state.theta);
    const checkTheta = (text, field) => {
      const v = numberField(text, field, 'θ', errors);
      if (v < 0 || v > 1) errors.push({ field, message: 'θ must lie in [0, 1]' });
      return v;
    };
    if (theta.length === 0) errors.push({ field: '/theta', message: 'θ is required (one value, or one per private function)' });
    else if (theta.length === 1) request.theta = checkTheta(theta[0], '/theta');
    else if (theta.length !== state.priv.length)
      errors.push({ field: '/theta', message: `give one θ, or one per private function (${state.priv.length})` });
    else request.theta = theta.map((t, i) => checkTheta(t, `/theta/${i}`));
    request.objective = state.obj;
    const weights = splitList(state.weights);
    if (state.obj === 'sum' && weights.length > 0) {
      if (weights.length !== state.useful.length)
        errors.push({ field: '/weights', message: `one weight per useful function (${state.useful.length})` });
      else request.weights = weights.map((w, i) => {
        const v = numberField(w, `/weights/${i}`, 'weight', errors);
        if (v < 0) errors.push({ field: `/weights/${i}`, message: 'weights must be ≥ 0' });
        return v;
      });
    }
    const order = splitList(state.order);
    if (order.length > 0) {
      const n = state.useful.length;
      if (order.length !== n) errors.push({ field: '/order', message: `list every useful function once (1 to ${n})` });
      else {
        const seen = new Set();
        request.order = order.map((o, k) => {
          const v = numberField(o, `/order/${k}`, 'a position', errors);
          if (Number.isFinite(v) && (!Number.isInteger(v) || v < 1 || v > n || seen.has(v)))
            errors.push({ field: `/order/${k}`, message: `the order lists each useful function 1 to ${n} once` });
          seen.add(v);
          return v - 1;  // the core numbers from 0
        });
      }
    }
    // Theorem 1's decomposition of each private function given X: how much X alone reveals
    // (mmse(s_i(S)|Y) >= mmse(s_i(S)|X) for every mapping).
    request.mmse_of = { s: request.private_functions };
    const sweep = String(state.sweep).trim();
    if (sweep !== '' && sweep !== '0') {
      const steps = numberField(sweep, '/theta_sweep', 'the number of θ steps', errors);
      const nx = state.joint[0].length;
      if (Number.isFinite(steps) && (!Number.isInteger(steps) || steps < 2 || steps > MAX_SWEEP))
        errors.push({ field: '/theta_sweep', message: `the sweep takes a whole number of θ steps from 2 to ${MAX_SWEEP} (0 or blank: none)` });
      else if (steps * nx * nx > SWEEP_WORK)
        errors.push({ field: '/theta_sweep', message: `too many steps for |X| = ${nx}: at most ${Math.floor(SWEEP_WORK / (nx * nx))}` });
      request.theta_sweep = steps;
    }
  }
  return errors.length ? { errors } : { request };
}

/** The Section 7.1 joint (parity bits) for the "parity-bits" experiment's scenario files. */
export function parityBitsJoint(p = [0.45, 0.4], e = [0.2, 0.15]) {
  const out = [];
  for (let s = 0; s < 4; s++) {
    const row = [];
    for (let x = 0; x < 4; x++) {
      const s1 = s >> 1; const s2 = s & 1; const x1 = x >> 1; const x2 = x & 1;
      const ps = (s1 ? p[0] : 1 - p[0]) * (s2 ? p[1] : 1 - p[1]);
      row.push(+(ps * (x1 === s1 ? 1 - e[0] : e[0]) * (x2 === s2 ? 1 - e[1] : e[1])).toPrecision(12));
    }
    out.push(row);
  }
  return out;
}

function scenarioFunctions(list, width, field, prefix) {
  if (!Array.isArray(list) || list.length === 0) throw new Error(`${field} must be a non-empty list`);
  if (list.length > MAX_FUNCTIONS) throw new Error(`the page takes at most ${MAX_FUNCTIONS} ${field}`);
  const names = [];
  const rows = list.map((f, i) => {
    const values = f && typeof f === 'object' && !Array.isArray(f) ? f.values : f;
    names.push(cleanName(f && typeof f.name === 'string' && f.name ? f.name : `${prefix}${i + 1}`));
    if (!Array.isArray(values)) throw new Error(`${field} ${i + 1} has no values`);
    return values.map((v) => String(v));
  });
  const table = scenarioMatrix(rows, field);
  if (table[0].length !== width) throw new Error(`${field} do not match the joint's shape`);
  return { table, names };
}

/** A scenario file (a request plus "title", "description", "labels") as state. Throws Error. */
export function fromScenario(scenario) {
  const state = defaults();
  let source = scenario;
  if (scenario.experiment !== undefined) {
    if (scenario.experiment !== 'parity-bits')
      throw new Error(`the "${String(scenario.experiment).slice(0, 20)}" experiment runs from the command line (privlab experiment)`);
    const steps = Number.isInteger(scenario.theta_steps) ? Math.min(MAX_SWEEP, Math.max(2, scenario.theta_steps)) : 21;
    source = { joint: parityBitsJoint(scenario.p, scenario.crossover), labels: { s: BITS, x: BITS },
      private_functions: [{ name: 'S1', values: [-1, -1, 1, 1] }],
      useful_functions: [{ name: 'X1 X2', values: [1, -1, -1, 1] }, { name: 'X2', values: [-1, 1, -1, 1] }],
      theta: 0.5, objective: OBJECTIVES.includes(scenario.objective) ? scenario.objective : 'sum', theta_sweep: steps };
  }
  state.joint = scenarioMatrix(source.joint, 'joint');
  const rows = state.joint.length;
  const cols = state.joint[0].length;
  state.truth = source.true_joint ? scenarioMatrix(source.true_joint, 'true_joint') : null;
  if (state.truth && (state.truth.length !== rows || state.truth[0].length !== cols))
    throw new Error('true_joint has another shape than joint');
  const labels = source.labels || {};
  const xLabels = labels.x || labels.u || [];
  state.sNames = Array.from({ length: rows }, (_, i) => cleanName((labels.s || [])[i] || `s${i + 1}`));
  state.uNames = Array.from({ length: cols }, (_, i) => cleanName(xLabels[i] || `x${i + 1}`));
  state.design = source.private_functions !== undefined;
  if (state.design) {
    ({ table: state.priv, names: state.privNames } = scenarioFunctions(source.private_functions, rows, 'private_functions', 's'));
    ({ table: state.useful, names: state.usefulNames } = scenarioFunctions(source.useful_functions, cols, 'useful_functions', 'u'));
  } else {
    state.priv = [Array.from({ length: rows }, (_, i) => (i === 0 ? '1' : '0'))];
    state.privNames = ['s1'];
    state.useful = [Array.from({ length: cols }, (_, i) => (i === 0 ? '1' : '0'))];
    state.usefulNames = ['u1'];
  }
  const theta = source.theta;
  state.theta = typeof theta === 'number' ? String(theta) : Array.isArray(theta) ? theta.map(String).join(', ') : '0.5';
  state.obj = OBJECTIVES.includes(source.objective) ? source.objective : 'min';
  state.weights = Array.isArray(source.weights) ? source.weights.map(String).join(', ') : '';
  state.order = Array.isArray(source.order) && source.order.every(Number.isInteger) ? source.order.map((o) => String(o + 1)).join(', ') : '';
  state.sweep = Number.isInteger(source.theta_sweep) ? String(source.theta_sweep) : '';
  return state;
}

export { LIMITS };
