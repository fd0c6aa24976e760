// URL/state schema of the RLDP view. Keys (a public contract of shared links; never rename):
//   mech eps s u p t unc alpha conf radius n seed ss (ss=0: PolyOpt without same-s rows)
import {
  LIMITS, cleanCell, cleanName, serializeMatrix, parseNames, serializeNames, safeDecode,
  numberField, matrixField, scenarioMatrix, readLinkTables, readChoice, scenarioUncertainty } from '../fields.js';

export const id = 'rldp';
export const title = 'Robust LDP';
export const MECHANISMS = ['grr', 'srr', 'ir', 'nr', 'polyopt'];
/**
 * The page sweeps a mechanism over epsilon for its live chart only up to this |X|: vertex
 * enumeration (NR, PolyOpt) grows fast, and the exact robust epsilon makes every mechanism take
 * about a second in WASM at |X| ~ 240.
 */
export const SWEEP_LIMIT_X = { grr: 64, srr: 64, ir: 64, nr: 8, polyopt: 8 };
export const UNCERTAINTY = ['point', 'simplex', 'conf', 'radius'];

export function defaults() {
  // RLDP paper (Entropy 2024) Example 1: P-hat from n = 100 samples and the true P*.
  return {
    view: id, mech: 'srr', eps: '0.693147',
    sNames: ['s1', 's2'], uNames: ['u1', 'u2'],
    joint: [['0.07', '0.10'], ['0.26', '0.57']],
    truth: [['0.1', '0.1'], ['0.2', '0.6']],
    unc: 'conf', alpha: '2', conf: '0.95', radius: '0.05', n: '100',
    seed: '1', sameS: true,
  };
}

/** params: decoded-once key -> raw value map of the hash. Throws Error with a readable message. */
export function parse(params) {
  const state = defaults();
  readChoice(params, state, 'mech', MECHANISMS, 'unknown mechanism');
  readChoice(params, state, 'unc', UNCERTAINTY, 'unknown uncertainty set');
  for (const key of ['eps', 'alpha', 'conf', 'radius', 'n', 'seed'])
    if (params[key] !== undefined) state[key] = cleanCell(safeDecode(params[key]));
  if (params.ss !== undefined) state.sameS = params.ss !== '0';
  readLinkTables(params, state);
  state.sNames = parseNames(params.s, state.joint.length, 's');
  state.uNames = parseNames(params.u, state.joint[0].length, 'u');
  return state;
}

export function serialize(state) {
  const parts = [`mech=${state.mech}`, `eps=${encodeURIComponent(state.eps)}`, `s=${serializeNames(state.sNames)}`,
    `u=${serializeNames(state.uNames)}`, `p=${serializeMatrix(state.joint)}`];
  if (state.truth) parts.push(`t=${serializeMatrix(state.truth)}`);
  parts.push(`unc=${state.unc}`);
  if (state.unc === 'conf' || state.unc === 'radius') parts.push(`alpha=${encodeURIComponent(state.alpha)}`);
  if (state.unc === 'conf') parts.push(`conf=${encodeURIComponent(state.conf)}`);
  if (state.unc === 'radius') parts.push(`radius=${encodeURIComponent(state.radius)}`);
  parts.push(`n=${encodeURIComponent(state.n)}`);
  if (state.seed !== '1') parts.push(`seed=${encodeURIComponent(state.seed)}`);
  if (!state.sameS) parts.push('ss=0');
  return parts;
}

/** The exact `privlab solve` request for this state: { request } or { errors: [{field, message}] }. */
export function toRequest(state) {
  const errors = [];
  const request = {
    family: 'rldp',
    mechanism: state.mech,
    joint: matrixField(state.joint, '/joint', 'P̂', errors),
    epsilon: numberField(state.eps, '/epsilon', 'ε', errors),
  };
  if (request.epsilon < 0) errors.push({ field: '/epsilon', message: 'ε cannot be negative' });
  if (state.mech === 'polyopt' && !state.sameS) request.same_s_rows = false;
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

/** A scenario file (a request plus "title", "description", "labels") as state. Throws Error. */
export function fromScenario(scenario) {
  const state = defaults();
  state.joint = scenarioMatrix(scenario.joint, 'joint');
  state.truth = scenario.true_joint ? scenarioMatrix(scenario.true_joint, 'true_joint') : null;
  if (state.truth && (state.truth.length !== state.joint.length || state.truth[0].length !== state.joint[0].length))
    throw new Error('true_joint has another shape than joint');
  if (MECHANISMS.includes(scenario.mechanism)) state.mech = scenario.mechanism;
  if (scenario.same_s_rows === false) state.sameS = false;
  if (typeof scenario.epsilon === 'number') state.eps = String(scenario.epsilon);
  state.n = Number.isInteger(scenario.n) ? String(scenario.n) : '';
  Object.assign(state, scenarioUncertainty(scenario.uncertainty));
  const labels = scenario.labels || {};
  state.sNames = Array.from({ length: state.joint.length }, (_, i) => cleanName((labels.s || [])[i] || `s${i + 1}`));
  state.uNames = Array.from({ length: state.joint[0].length }, (_, i) => cleanName((labels.u || [])[i] || `u${i + 1}`));
  return state;
}

export { LIMITS };

/** The request that draws P-hat: n samples from the true P* with the state's seed. */
export function sampleRequest(state) {
  const errors = [];
  if (!state.truth) errors.push({ field: '/true_joint', message: 'tick "I know the true distribution P*" and fill it in first' });
  const truth = state.truth ? matrixField(state.truth, '/true_joint', 'P*', errors) : null;
  const n = numberField(state.n, '/n', 'n', errors);
  if (Number.isFinite(n) && (!Number.isInteger(n) || n < 1 || n > 1e7)) errors.push({ field: '/n', message: 'n must be a whole number from 1 to 10^7' });
  const seed = numberField(state.seed, '/seed', 'seed', errors);
  if (Number.isFinite(seed) && (!Number.isInteger(seed) || seed < 0)) errors.push({ field: '/seed', message: 'the seed must be a whole number ≥ 0' });
  return errors.length ? { errors } : { request: { family: 'rldp', sample: { true_joint: truth, n, seed } } };
}
