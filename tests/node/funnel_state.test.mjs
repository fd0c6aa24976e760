// web/src/views/funnel_state.js: the privacy-funnel view's URL keys round-trip, build exactly the
// `privlab solve` request, name the field at fault, and hostile links fall back to the default.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseHash, serializeHash, linkHash, stateToRequest, scenarioToState, defaultState } from '../../web/src/state.js';
import * as funnel from '../../web/src/views/funnel_state.js';
import { ROOT } from './wasm_loader.mjs';

const base = () => funnel.defaults();
const roundTrip = (s) => parseHash(`#${serializeHash(s)}`);

test('funnel state: the default round-trips and is the request of examples/funnel-opt-lip-simplex.json', () => {
  const s = base();
  const { state, error } = roundTrip(s);
  assert.equal(error, null);
  assert.deepEqual(state, s);
  const { request, errors } = stateToRequest(s);
  assert.equal(errors, undefined);
  const scenario = JSON.parse(readFileSync(join(ROOT, 'examples', 'funnel-opt-lip-simplex.json'), 'utf8'));
  assert.deepEqual(request, { family: scenario.family, mechanism: scenario.mechanism, joint: scenario.joint, epsilon: scenario.epsilon });
  assert.equal(s.joint[0].length, 3, 'the default has |X| = 3 so the simplex is drawn');
});

test('funnel state: every protocol and metric round-trips; metric only for calibrated protocols', () => {
  for (const mech of funnel.MECHANISMS)
    for (const metric of funnel.METRICS) {
      const s = mech === 'srlip-product'
        ? { ...base(), mech, metric, attr: '2,2', joint: [['1', '2', '3', '4'], ['4', '3', '2', '1']], uNames: ['a', 'b', 'c', 'd'] }
        : { ...base(), mech, metric };
      const back = roundTrip(s).state;
      assert.equal(back.mech, mech);
      const { request } = stateToRequest(s);
      if (funnel.CALIBRATED.includes(mech)) {
        assert.equal(back.metric, metric);
        assert.equal(request.metric, metric);
      } else assert.equal(request.metric, undefined);
    }
});

test('funnel state: names, attributes and long tables round-trip (compressed links too)', () => {
  const s = { ...base(), sNames: ['a,b;c', 'é&=#'], uNames: ['<b>x</b>', 'u 2', 'x3', 'x4'], attr: '2,2',
    joint: [['0.1', '0.2', '0.05', '0.15'], ['0.2', '0.1', '0.15', '0.05']], mech: 'grr', metric: 'ldp', eps: '0.75' };
  assert.deepEqual(roundTrip(s).state, s);
  const packed = linkHash(s);
  assert.deepEqual(parseHash(packed).state, s);
  assert.deepEqual(stateToRequest(s).request.attributes, [2, 2]);
});

test('funnel state: missing keys keep their defaults', () => {
  const { state, error } = parseHash('#v=1&view=funnel&mech=cr');
  assert.equal(error, null);
  assert.deepEqual(state, { ...base(), mech: 'cr' });
});

test('funnel state: a hostile link keeps the view and names the part it could not read', () => {
  const hostile = [
    '#v=1&view=funnel&mech=<script>alert(1)</script>',
    '#v=1&view=funnel&metric=tv',
    '#v=1&view=funnel&p=1,2;3',
    '#v=1&view=funnel&p=%E0%A4%A',
    `#v=1&view=funnel&p=${Array(17).fill('1').join(',')}`,
    '#v=1&view=funnel&attr=2,x',
    '#v=1&view=funnel&attr=1,4',
    '#v=1&view=funnel&attr=2,2,2,2,2,2,2',
  ];
  for (const hash of hostile) {
    const { state, error } = parseHash(hash);
    assert.ok(error && error.length > 0, `no message for ${hash}`);
    assert.deepEqual(state, defaultState('funnel'));
  }
});

test('funnel state: markup in names stays text, bad cells become empty and are flagged by field', () => {
  const { state } = parseHash('#v=1&view=funnel&s=%3Cimg%20src%3Dx%3E,b&p=0.5,abc,0;0,0.2,0.3&eps=%3Cb%3E');
  assert.equal(state.sNames[0], '<img src=x>');
  assert.equal(state.joint[0][1], '');
  assert.equal(state.eps, '');
  const { errors } = stateToRequest(state);
  const fields = errors.map((e) => e.field);
  assert.ok(fields.includes('/joint/0/1'));
  assert.ok(fields.includes('/epsilon'));
});

test('funnel state: request errors name the field', () => {
  const fieldsOf = (patch) => (stateToRequest({ ...base(), ...patch }).errors || []).map((e) => e.field);
  assert.deepEqual(fieldsOf({ eps: '-1' }), ['/epsilon']);
  assert.deepEqual(fieldsOf({ eps: 'abc' }), ['/epsilon']);
  assert.deepEqual(fieldsOf({ joint: [['0.3', '-0.1', '0.05'], ['0.05', '0.15', '0.3']] }), ['/joint/0/1']);
  assert.deepEqual(fieldsOf({ attr: '2,2' }), ['/attributes']);            // 4 != |X| = 3
  assert.deepEqual(fieldsOf({ attr: '3' }), ['/attributes']);              // one attribute is plain X
  assert.deepEqual(fieldsOf({ attr: 'two' }), ['/attributes']);
  assert.deepEqual(fieldsOf({ mech: 'srlip-product' }), ['/attributes']);  // the product needs attributes
  assert.deepEqual(fieldsOf({ mech: 'srlip-product', attr: '4,2', joint: [Array(8).fill('1'), Array(8).fill('2')], uNames: Array(8).fill('x') }), ['/attributes']);
  const wide = { joint: [Array(11).fill('1'), Array(11).fill('2')], uNames: Array(11).fill('x') };
  assert.deepEqual(fieldsOf({ ...wide, mech: 'oue' }), ['/mechanism']);
  assert.deepEqual(fieldsOf({ ...wide, mech: 'grr' }), []);
});

test('funnel state: the size guards mirror the core (size_guards.cpp)', () => {
  assert.deepEqual(funnel.supportOf([[1, 0, 2], [0, 0, 1], [0, 0, 0]]), { a: 2, c: 2 });
  assert.ok(funnel.ldpAllowed({ a: 3, c: 10 }));
  assert.ok(!funnel.ldpAllowed({ a: 3, c: 11 }));
  assert.ok(funnel.ldpAllowed({ a: 4, c: 2 }));
  assert.ok(!funnel.ldpAllowed({ a: 4, c: 3 }));
  assert.ok(!funnel.ldpAllowed({ a: 5, c: 2 }));
  assert.ok(funnel.lipAllowed({ a: 8, c: 32 }));
  assert.ok(!funnel.lipAllowed({ a: 8, c: 33 }));
  assert.ok(!funnel.lipAllowed({ a: 10, c: 7 }));
  assert.ok(funnel.lipAllowed({ a: 16, c: 3 }));
  assert.ok(!funnel.lipAllowed({ a: 16, c: 4 }));
  assert.ok(!funnel.lipAllowed({ a: 12, c: 5 }));
});

test('funnel state: scenario files of the family load and give back their request', () => {
  const files = readdirSync(join(ROOT, 'examples')).filter((f) => f.startsWith('funnel-') && f.endsWith('.json'));
  for (const file of files) {
    const scenario = JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8'));
    if (scenario.experiment) continue;  // experiment files are for the command line
    const state = scenarioToState(scenario);
    assert.equal(state.view, 'funnel');
    const { request, errors } = stateToRequest(state);
    assert.equal(errors, undefined, `${file}: ${JSON.stringify(errors)}`);
    for (const key of ['family', 'mechanism', 'joint', 'epsilon', 'attributes'])
      if (scenario[key] !== undefined) assert.deepEqual(request[key], scenario[key], `${file}: ${key}`);
  }
});

test('funnel state: the in-view Theorem 4 button loads the same scenario as the example file', () => {
  const file = join(ROOT, 'examples', 'funnel-theorem4-counterexample.json');
  const scenario = JSON.parse(readFileSync(file, 'utf8'));
  const fromFile = stateToRequest(scenarioToState(scenario)).request;
  const fromButton = stateToRequest({ ...base(), ...funnel.THEOREM4_PATCH }).request;
  assert.deepEqual(fromButton, fromFile);
});
