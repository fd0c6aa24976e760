// URL/state schema of the privacy-funnel view (family "funnel", privacy-funnel-ldp-lip.txt).
// Keys (a public contract of shared links; never rename):
//   mech    protocol: opt-lip | opt-ldp | grr | oue | cr | srlip-product (needs attr)
//   eps     the target ε (natural log)
//   metric  what GRR/OUE/CR are calibrated to: lip | ldp (ignored by opt-ldp / opt-lip)
//   s, x    names of the secrets S (rows) and of the data values X (columns), comma separated
//   p       the joint p(s, x): rows ";"-separated, cells ","-separated (probabilities or counts)
//   attr    optional attribute sizes of X = (X^1, .., X^m), e.g. "2,2" (mixed radix, last fastest);
//           absent or empty: X is a single attribute
// The editor's state keeps the shared JointEditor's field names (joint, sNames, uNames, truth);
// uNames are the names of x and truth is always null here.
import { CORE_LIMITS } from '../core_limits.js';
import {
  LIMITS, cleanCell, cleanName, parseMatrix, serializeMatrix, parseNames, serializeNames, safeDecode,
  numberField, matrixField, scenarioMatrix, NUMBER_TEXT, readChoice, toNumber } from '../fields.js';

export const id = 'funnel';
export const title = 'Privacy funnel';
export const MECHANISMS = ['opt-lip', 'opt-ldp', 'grr', 'oue', 'cr', 'srlip-product'];
export const CALIBRATED = ['grr', 'oue', 'cr'];
export const METRICS = ['lip', 'ldp'];
/** Attributes: at most this many (the core's limit), each at least 2 values (a 1-value attribute carries nothing). */
export const MAX_ATTRIBUTES = CORE_LIMITS.funnel.max_attributes;
/** OUE reports a subset of X: its matrix has 2^|X| rows. Beyond the core's |X| the page does not ask for it. */
export const MAX_OUE_X = CORE_LIMITS.funnel.max_oue_x;

export function defaults() {
  // The paper has no numeric worked example; this is the family's examples/funnel-opt-lip-simplex.json:
  // |X| = 3 (so the simplex with the polygon Δ of Theorem 3 is drawn), |S| = 2, optimal 0.5-LIP.
  return {
    view: id, mech: 'opt-lip', eps: '0.5', metric: 'lip',
    sNames: ['s1', 's2'], uNames: ['x1', 'x2', 'x3'],
    joint: [['0.2', '0.1', '0.15'], ['0.05', '0.3', '0.2']],
    truth: null, attr: '',
  };
}

/** The Theorem 4 counterexample (examples/funnel-theorem4-counterexample.json), as a state patch. */
export const THEOREM4_PATCH = {
  mech: 'srlip-product', eps: '1.5', metric: 'lip', attr: '2,2',
  joint: [['3', '0', '0', '0'], ['3', '0', '0', '1']],
  sNames: ['s0', 's1'], uNames: ['(0,0)', '(0,1)', '(1,0)', '(1,1)'], truth: null,
};

/** Attribute sizes from text like "2,2" (empty -> []); throws a readable Error. */
export function parseAttributes(text) {
  const t = String(text).trim();
  if (t === '') return [];
  const parts = t.split(',').map((p) => p.trim());
  if (parts.length > MAX_ATTRIBUTES) throw new Error(`at most ${MAX_ATTRIBUTES} attributes`);
  return parts.map((p) => {
    if (!/^\d{1,2}$/.test(p) || Number(p) < 2) throw new Error('attribute sizes must be whole numbers ≥ 2, separated by commas');
    return Number(p);
  });
}

/** params: decoded-once key -> raw value map of the hash. Throws Error with a readable message. */
export function parse(params) {
  const state = defaults();
  readChoice(params, state, 'mech', MECHANISMS, 'unknown protocol');
  readChoice(params, state, 'metric', METRICS, 'unknown privacy metric');
  if (params.eps !== undefined) state.eps = cleanCell(safeDecode(params.eps));
  if (params.p !== undefined) state.joint = parseMatrix(safeDecode(params.p));
  state.sNames = parseNames(params.s, state.joint.length, 's');
  state.uNames = parseNames(params.x, state.joint[0].length, 'x');
  if (params.attr !== undefined) {
    const text = safeDecode(params.attr).slice(0, 40);
    parseAttributes(text);  // throws on a malformed list; a wrong product is flagged at the field
    state.attr = text.trim();
  }
  return state;
}

export function serialize(state) {
  const parts = [`mech=${state.mech}`, `eps=${encodeURIComponent(state.eps)}`];
  if (CALIBRATED.includes(state.mech)) parts.push(`metric=${state.metric}`);
  parts.push(`s=${serializeNames(state.sNames)}`, `x=${serializeNames(state.uNames)}`, `p=${serializeMatrix(state.joint)}`);
  if (String(state.attr || '').trim() !== '') parts.push(`attr=${encodeURIComponent(String(state.attr).trim())}`);
  return parts;
}

/** Support sizes as the core counts them (size_guards.cpp): x with p_x > 0, s with p_s > 0. */
export function supportOf(joint) {
  const a = joint[0].filter((_, x) => joint.some((row) => row[x] > 0)).length;
  const c = joint.filter((row) => row.some((v) => v > 0)).length;
  return { a, c };
}
/** A support fits a core size table when some row [max |X|, max |S| or null] holds it (funnel/size_guards.h). */
const fitsTable = (table, { a, c }) => table.some(([maxA, maxC]) => a <= maxA && (maxC === null || c <= maxC));
/** funnel::ldp_allowed: the core's table for Theorem 2 (not the command line's loose one). */
export const ldpAllowed = (support) => fitsTable(CORE_LIMITS.funnel.opt_ldp_support, support);
/** funnel::lip_allowed: the core's table for Theorem 3. */
export const lipAllowed = (support) => fitsTable(CORE_LIMITS.funnel.opt_lip_support, support);

/** The exact `privlab solve` request for this state: { request } or { errors: [{field, message}] }. */
export function toRequest(state) {
  const errors = [];
  const request = {
    family: 'funnel',
    mechanism: state.mech,
    joint: matrixField(state.joint, '/joint', 'p(s, x)', errors),
    epsilon: numberField(state.eps, '/epsilon', 'ε', errors),
  };
  if (request.epsilon < 0) errors.push({ field: '/epsilon', message: 'ε cannot be negative' });
  if (CALIBRATED.includes(state.mech)) request.metric = state.metric;
  const a = state.joint[0].length;
  if (String(state.attr || '').trim() !== '') {
    let sizes = null;
    try {
      sizes = parseAttributes(state.attr);
    } catch (e) {
      errors.push({ field: '/attributes', message: e.message });
    }
    if (sizes) {
      const product = sizes.reduce((m, n) => m * n, 1);
      if (sizes.length < 2) errors.push({ field: '/attributes', message: 'give two or more attribute sizes (one attribute is plain X)' });
      else if (product !== a) errors.push({ field: '/attributes', message: `the attribute sizes multiply to ${product}, but X has ${a} values` });
      else request.attributes = sizes;
    }
  }
  if (state.mech === 'srlip-product') {
    if (!request.attributes && !errors.some((e) => e.field === '/attributes'))
      errors.push({ field: '/attributes', message: 'the per-attribute product needs the attribute sizes of X' });
    else if (request.attributes && !(request.attributes.length <= MAX_ATTRIBUTES && request.attributes.every((n) => n <= CORE_LIMITS.funnel.max_attribute_size)))
      errors.push({ field: '/attributes', message: `the per-attribute polytopes are enumerated only for at most ${MAX_ATTRIBUTES} attributes of size ≤ ${CORE_LIMITS.funnel.max_attribute_size}` });
  }
  if (state.mech === 'oue' && a > MAX_OUE_X)
    errors.push({ field: '/mechanism', message: `OUE's matrix has 2^|X| rows: the page draws it up to |X| = ${MAX_OUE_X}` });
  return errors.length ? { errors } : { request };
}

/** A scenario file (a request plus "title", "description", "labels") as state. Throws Error. */
export function fromScenario(scenario) {
  const state = defaults();
  state.joint = scenarioMatrix(scenario.joint, 'joint');
  if (MECHANISMS.includes(scenario.mechanism)) state.mech = scenario.mechanism;
  if (METRICS.includes(scenario.metric)) state.metric = scenario.metric;
  if (typeof scenario.epsilon === 'number' && Number.isFinite(scenario.epsilon)) state.eps = String(scenario.epsilon);
  state.attr = '';
  if (Array.isArray(scenario.attributes)) {
    const text = scenario.attributes.map((v) => String(v)).join(',');
    parseAttributes(text);
    state.attr = text;
  }
  const labels = scenario.labels || {};
  const xLabels = labels.x || labels.u || [];
  state.sNames = Array.from({ length: state.joint.length }, (_, i) => cleanName((labels.s || [])[i] || `s${i + 1}`));
  state.uNames = Array.from({ length: state.joint[0].length }, (_, i) => cleanName(xLabels[i] || `x${i + 1}`));
  return state;
}

/** Numbers of the joint (NaN where a cell is not a number), for the view's own checks. */
export function jointNumbers(joint) {
  return joint.map((row) => row.map(toNumber));
}

export { LIMITS };
