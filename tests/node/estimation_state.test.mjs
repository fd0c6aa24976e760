// web/src/views/estimation_state.js: the Estimation view's URL form round-trips, builds the CLI
// request (fields named by JSON pointer when wrong), loads the family's scenario files, and
// hostile links fall back to the default example with a message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as est from '../../web/src/views/estimation_state.js';
import { parseHash, serializeHash, linkHash, stateToRequest, scenarioToState, defaultState } from '../../web/src/state.js';
import { ROOT } from './wasm_loader.mjs';
import { LIMITS } from '../../web/src/fields.js';

const roundTrip = (state) => parseHash(`#${linkHash(state)}`);

test('estimation state: the default (Section 7.1 parity bits) round-trips through the URL', () => {
  const s = est.defaults();
  const { state, error } = parseHash(`#${serializeHash(s)}`);
  assert.equal(error, null);
  assert.deepEqual(state, s);
  assert.deepEqual(roundTrip(s).state, s);
});

test('estimation state: names with separators, per-function theta, weights, no sweep, truth, design off', () => {
  const base = est.defaults();
  const variants = [
    { ...base, privNames: ['a,b;c'], usefulNames: ['é&=#', '<b>x</b>'], sNames: ['s 1', 's,2', 's3', 's4'] },
    { ...base, priv: [['1', '0', '0', '0'], ['0', '1', '0', '0']], privNames: ['s1', 's2'], theta: '0.5, 0.25' },
    { ...base, obj: 'min', weights: '', sweep: '' },
    { ...base, weights: '1, 2', sweep: '0', order: '2, 1' },
    { ...base, truth: base.joint.map((r) => r.slice()) },
    { ...base, design: false, eps: '0.05' },
  ];
  for (const s of variants) {
    const { state, error } = roundTrip(s);
    assert.equal(error, null);
    assert.deepEqual(state, s);
  }
});

test('estimation state: the request of the default is the scenario file examples/estimation-parity-bits.json', () => {
  const scenario = JSON.parse(readFileSync(join(ROOT, 'examples', 'estimation-parity-bits.json'), 'utf8'));
  const state = scenarioToState(scenario);
  assert.equal(state.view, 'estimation');
  const { request, errors } = stateToRequest(state);
  assert.equal(errors, undefined);
  for (const key of ['family', 'joint', 'private_functions', 'useful_functions', 'theta', 'objective', 'theta_sweep'])
    assert.deepEqual(request[key], scenario[key], key);
  assert.deepEqual(Object.keys(request).sort(), [...Object.keys(scenario).filter((k) => !['title', 'description', 'explanation', 'formula', 'labels'].includes(k)), 'mmse_of'].sort());
  assert.deepEqual(state.uNames, scenario.labels.x);
  assert.deepEqual(est.toRequest(est.defaults()).request, request);
  assert.deepEqual(request.mmse_of, { s: request.private_functions });  // the page adds mmse(s_i(S)|X)
  assert.deepEqual(state, est.defaults());
});

test('estimation state: every scenario file of the family loads or says why not', () => {
  for (const file of ['estimation-qary-example2.json', 'estimation-example5.json', 'estimation-example4-one-bit.json', 'estimation-figure3.json']) {
    const scenario = JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8'));
    const state = scenarioToState(scenario);
    const { request, errors } = stateToRequest(state);
    assert.equal(errors, undefined, file);
    if (!scenario.experiment) assert.deepEqual(request.joint, scenario.joint, file);
    if (scenario.true_joint) assert.deepEqual(request.true_joint, scenario.true_joint, file);
  }
  // The parity-bits experiment becomes its joint (Section 7.1) with the experiment's theta steps.
  const fig3 = scenarioToState(JSON.parse(readFileSync(join(ROOT, 'examples', 'estimation-figure3.json'), 'utf8')));
  assert.deepEqual(fig3.joint, est.defaults().joint);
  assert.equal(fig3.sweep, '21');
  assert.throws(() => scenarioToState(JSON.parse(readFileSync(join(ROOT, 'examples', 'estimation-robustness.json'), 'utf8'))), /command line/);
});

test('estimation state: a hostile link keeps the view and every readable part, and names the rest', () => {
  const good = serializeHash(est.defaults());
  const hostile = [
    '#v=1&view=estimation&obj=<script>alert(1)</script>',
    '#v=1&view=estimation&f1=yes',
    '#v=1&view=estimation&pf=1,2,3',                                   // wrong width for |S| = 4
    '#v=1&view=estimation&uf=1,2;3',                                   // ragged
    `#v=1&view=estimation&pf=${Array(est.MAX_FUNCTIONS + 1).fill('1,0,0,0').join(';')}`,
    '#v=1&view=estimation&p=1,2;3,4&t=1,2,3',                         // truth of another shape
    '#v=1&view=estimation&th=%E0%A4%A',                                // broken encoding
    `#v=1&view=estimation&th=${Array(40).fill('0.5').join(',')}`,
    `#v=1&view=estimation&p=${'1,'.repeat(5000)}1`,
  ];
  for (const hash of hostile) {
    const { state, error } = parseHash(hash);
    assert.ok(error && error.length > 0, `no message for ${hash.slice(0, 50)}`);
    if (hash.length > LIMITS.maxHash) { assert.deepEqual(state, defaultState()); continue; }  // too long to read at all
    // The one bad part is dropped: the view's default in its place (P̂ of the link kept beside a bad P*).
    assert.deepEqual(state, hash.includes('&t=') ? { ...est.defaults(), ...parseHash('#v=1&view=estimation&p=1,2;3,4').state } : est.defaults());
  }
  assert.equal(parseHash(`#${good}`).error, null);
  // Markup in names stays text; non-numbers in cells are emptied (the editor flags them).
  const { state } = parseHash('#v=1&view=estimation&pn=%3Cimg%20src%3Dx%3E&pf=%3Cb%3E,1,0,0');
  assert.equal(state.privNames[0], '<img src=x>');
  assert.equal(state.priv[0][0], '');
});

test('estimation state: a link with only the view shows the default example, names included', () => {
  const { state, error } = parseHash('#v=1&view=estimation');
  assert.equal(error, null);
  assert.deepEqual(state, est.defaults());
  assert.deepEqual(parseHash('#v=1&view=estimation&th=0.7').state.privNames, ['S1']);
});

test('estimation state: a scenario\'s order (from 0) shows from 1 and goes back unchanged', () => {
  const scenario = { family: 'estimation', joint: [[1, 2, 3], [4, 5, 6]], private_functions: [[1, 0]],
    useful_functions: [[1, 0, 0], [0, 1, 0]], theta: [0.3], order: [1, 0], weights: [2, 1], objective: 'sum' };
  const state = scenarioToState(scenario);
  assert.equal(state.order, '2, 1');
  const { request } = stateToRequest(state);
  assert.deepEqual(request.order, [1, 0]);
  assert.deepEqual(request.weights, [2, 1]);
  assert.deepEqual(request.theta, 0.3);
});

test('estimation state: a new table without functions in the link gets indicator functions', () => {
  const { state, error } = parseHash('#v=1&view=estimation&p=1,2,3;4,5,6');
  assert.equal(error, null);
  assert.deepEqual(state.priv, [['1', '0']]);
  assert.deepEqual(state.useful, [['1', '0', '0'], ['0', '1', '0']]);
  assert.equal(est.toRequest(state).errors, undefined);
});

test('estimation state: bad inputs are reported by JSON pointer, not sent', () => {
  const base = est.defaults();
  const fields = (s) => (est.toRequest(s).errors || []).map((e) => e.field);
  assert.deepEqual(fields({ ...base, joint: [['0.5', 'abc', '0', '0'], ['-0.1', '0.6', '0', '0'], ['0', '0', '0', '0'], ['0', '0', '0', '0']] }),
    ['/joint/0/1', '/joint/1/0']);
  assert.deepEqual(fields({ ...base, priv: [['-1', 'x', '1', '1']] }), ['/private_functions/0/values/1']);
  assert.deepEqual(fields({ ...base, useful: [['1', '-1', '-1', '1'], ['', '1', '-1', '1']] }), ['/useful_functions/1/values/0']);
  assert.deepEqual(fields({ ...base, theta: '1.5' }), ['/theta']);
  assert.deepEqual(fields({ ...base, theta: '' }), ['/theta']);
  assert.deepEqual(fields({ ...base, theta: '0.5, 0.2' }), ['/theta']);
  assert.deepEqual(fields({ ...base, priv: [['1', '0', '0', '0'], ['0', '1', '0', '0']], privNames: ['a', 'b'], theta: '0.5, -2' }), ['/theta/1']);
  assert.deepEqual(fields({ ...base, weights: '1' }), ['/weights']);
  assert.deepEqual(fields({ ...base, weights: '1, -1' }), ['/weights/1']);
  assert.deepEqual(fields({ ...base, obj: 'min', weights: '1' }), []);  // weights only with "sum"
  assert.deepEqual(fields({ ...base, order: '2' }), ['/order']);
  assert.deepEqual(fields({ ...base, order: '2, 2' }), ['/order/1']);
  assert.deepEqual(fields({ ...base, order: '0, 1' }), ['/order/0']);
  assert.deepEqual(est.toRequest({ ...base, order: '2, 1' }).request.order, [1, 0]);  // the core numbers from 0
  assert.deepEqual(fields({ ...base, sweep: '1' }), ['/theta_sweep']);
  assert.deepEqual(fields({ ...base, sweep: '2.5' }), ['/theta_sweep']);
  assert.deepEqual(fields({ ...base, sweep: String(est.MAX_SWEEP + 1) }), ['/theta_sweep']);
  assert.deepEqual(fields({ ...base, design: false, theta: 'bad', sweep: 'bad' }), []);
  // The display-only epsilon never blocks a solve.
  assert.deepEqual(fields({ ...base, eps: 'x' }), []);
  assert.ok(Number.isNaN(est.epsilonValue({ ...base, eps: '-1' })));
  assert.equal(est.epsilonValue(base), 0.2);
});

test('estimation state: the sweep stays inside the core\'s budget (steps x |X|^2 <= 40000)', () => {
  const cols = 16;
  const joint = Array.from({ length: 2 }, () => Array(cols).fill('1'));
  const s = { ...est.defaults(), joint, sNames: ['a', 'b'], uNames: joint[0].map((_, i) => `x${i}`),
    priv: [['1', '0']], privNames: ['s1'], useful: [joint[0].map((_, i) => (i === 0 ? '1' : '0'))], usefulNames: ['u1'], sweep: String(est.MAX_SWEEP) };
  const { request, errors } = est.toRequest(s);
  assert.equal(errors, undefined);
  assert.ok(request.theta_sweep * cols * cols <= est.SWEEP_WORK);
});

test('estimation state: parityBitsJoint is the Section 7.1 table', () => {
  const j = est.parityBitsJoint();
  assert.deepEqual(j.map((r) => r.map((v) => v.toFixed(4))), est.defaults().joint);
  assert.ok(Math.abs(j.flat().reduce((a, b) => a + b, 0) - 1) < 1e-12);
});
