// web/src/views/evaluate_state.js (issue 15): the "Evaluate a mechanism" view's URL keys round-trip
// for every family, build exactly the `privlab solve` request, read pasted spreadsheet text, mark
// the columns that are not distributions, and hostile links fall back to the default.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseHash, serializeHash, linkHash, stateToRequest, scenarioToState } from '../../web/src/state.js';
import * as ev from '../../web/src/views/evaluate_state.js';
import { ROOT } from './wasm_loader.mjs';

const base = () => ev.defaults();
const roundTrip = (s) => parseHash(`#${serializeHash(s)}`);

/** One state per family, each a valid request. */
export const FAMILY_STATES = {
  rldp: { ...base(), fam: 'rldp', q: [['0.5', '0.5', '0.5', '0'], ['0.5', '0.5', '0.5', '1']],
    joint: [['0.07', '0.10'], ['0.26', '0.57']], truth: [['0.1', '0.1'], ['0.2', '0.6']], unc: 'conf', n: '100', cmp: true },
  'rldp-mse': { ...base(), fam: 'rldp-mse', q: [['1', '0', '1', '0'], ['0', '1', '0', '1']], joint: [['0.25', '0.25'], ['0.25', '0.25']],
    unc: 'radius', radius: '0.01' },
  funnel: { ...base(), fam: 'funnel', q: [['0.75', '0.25'], ['0.25', '0.75']], joint: [['0.5', '0'], ['0', '0.5']], metric: 'ldp', eps: '0.5' },
  estimation: { ...base(), fam: 'estimation', q: [['1', '0', '0.5'], ['0', '1', '0.5']], joint: [['0.1', '0.2', '0.2'], ['0.3', '0.1', '0.1']] },
  game: { ...base(), fam: 'game', q: [['0.7', '0.3'], ['0.3', '0.7']], prior: ['0.4', '0.6'], dist: [['0', '2'], ['2', '0']], loss: 'distance', cmp: true },
};

test('evaluate state: the default (randomized response) round-trips and is a valid request', () => {
  const s = base();
  const { state, error } = roundTrip(s);
  assert.equal(error, null);
  assert.deepEqual(state, s);
  assert.deepEqual(stateToRequest(s).request,
    { family: 'rldp', evaluate: [[0.75, 0.25], [0.25, 0.75]], joint: [[0.3], [0.7]], uncertainty: 'simplex' });
});

test('evaluate state: every family round-trips (readable and compressed) to the same request', () => {
  const expected = {
    rldp: { family: 'rldp', evaluate: [[0.5, 0.5, 0.5, 0], [0.5, 0.5, 0.5, 1]], joint: [[0.07, 0.1], [0.26, 0.57]],
      true_joint: [[0.1, 0.1], [0.2, 0.6]], uncertainty: { alpha: 2, confidence: 0.95 }, n: 100, compare_optimal: true },
    'rldp-mse': { family: 'rldp-mse', evaluate: [[1, 0, 1, 0], [0, 1, 0, 1]], joint: [[0.25, 0.25], [0.25, 0.25]], uncertainty: { radius: 0.01 } },
    funnel: { family: 'funnel', evaluate: [[0.75, 0.25], [0.25, 0.75]], joint: [[0.5, 0], [0, 0.5]], metric: 'ldp', epsilon: 0.5 },
    estimation: { family: 'estimation', evaluate: [[1, 0, 0.5], [0, 1, 0.5]], joint: [[0.1, 0.2, 0.2], [0.3, 0.1, 0.1]] },
    game: { family: 'game', evaluate: [[0.7, 0.3], [0.3, 0.7]], prior: [0.4, 0.6], distance: [[0, 2], [2, 0]],
      utility_loss: [[0, 2], [2, 0]], compare_optimal: true },
  };
  for (const [fam, s] of Object.entries(FAMILY_STATES)) {
    for (const hash of [serializeHash(s), linkHash(s)]) {
      const { state, error } = parseHash(`#${hash}`);
      assert.equal(error, null, fam);
      assert.equal(state.view, 'evaluate');
      assert.deepEqual(stateToRequest(state).request, expected[fam], fam);
    }
  }
  // The game's Hamming loss.
  assert.equal(stateToRequest({ ...FAMILY_STATES.game, loss: 'hamming' }).request.utility_loss, 'hamming');
});

test('evaluate state: pasted text with tabs, commas, spaces, semicolons and a CSV header comment', () => {
  assert.deepEqual(ev.parsePastedMatrix('0.75\t0.25\n0.25\t0.75\n'), [['0.75', '0.25'], ['0.25', '0.75']]);
  assert.deepEqual(ev.parsePastedMatrix('# my mechanism\r\n0.75, 0.25\r\n0.25, 0.75'), [['0.75', '0.25'], ['0.25', '0.75']]);
  assert.deepEqual(ev.parsePastedMatrix('  0.75   0.25 \n\n 0.25 0.75'), [['0.75', '0.25'], ['0.25', '0.75']]);
  assert.deepEqual(ev.parsePastedMatrix('1,0;0,1'), [['1', '0'], ['0', '1']]);
  assert.deepEqual(ev.parsePastedMatrix('"0.5","0.5"\n"0.5","0.5"'), [['0.5', '0.5'], ['0.5', '0.5']]);
  assert.deepEqual(ev.parsePastedMatrix('0.5 abc\n0.5 1'), [['0.5', ''], ['0.5', '1']], 'a non-number becomes an empty (flagged) cell');
  assert.throws(() => ev.parsePastedMatrix('1 2 3\n4 5'), /row 2 has 2 cells, row 1 has 3/);
  assert.throws(() => ev.parsePastedMatrix(' \n# nothing\n'), /nothing to read/);
  assert.throws(() => ev.parsePastedMatrix(Array(40).fill('1').join('\n')), /at most 32/);
});

test('evaluate state: columns that are not distributions are marked and block the request', () => {
  const q = [['0.5', '1.2', '0.5', '0.5000000020', 'x'], ['0.5', '-0.2', '0.5', '0.5', '1']];
  assert.deepEqual(ev.badColumns(q).map((b) => b.col), [1, 3, 4]);
  assert.match(ev.badColumns(q)[0].reason, /negative/);
  assert.match(ev.badColumns(q)[1].reason, /sums to 1.000000002/);
  assert.deepEqual(ev.badColumns([['0.5000000004'], ['0.5']]), [], 'within 1e-9');
  const s = { ...base(), q: [['0.75', '0.3'], ['0.25', '0.75']] };
  const { errors } = stateToRequest(s);
  assert.deepEqual(errors.map((e) => e.field), ['/evaluate/0/1']);
  assert.match(errors[0].message, /column 2 is not a distribution: sums to 1.05/);
  // Counts are not normalised.
  assert.equal(stateToRequest({ ...base(), q: [['3', '1'], ['1', '3']] }).errors.length, 2);
  // A non-number names its cell (and not its column again); a wrong input count names /evaluate/0.
  const bad = stateToRequest({ ...base(), q: [['0.75', 'abc'], ['0.25', '0.75']] }).errors;
  assert.deepEqual(bad.map((e) => e.field), ['/evaluate/0/1']);
  const wide = stateToRequest({ ...base(), q: [['1', '1', '1']] }).errors;
  assert.deepEqual(wide.map((e) => e.field), ['/evaluate/0']);
  assert.deepEqual(ev.expectedInputs({ ...FAMILY_STATES.funnel }), [2, 4], 'funnel: |X| or |S||X|');
});

test('evaluate state: a hostile link keeps the view and names the part it could not read', () => {
  for (const hash of ['view=evaluate&fam=zzz', 'view=evaluate&q=1,2;3', 'view=evaluate&unc=ball', 'view=evaluate&metric=x',
    'view=evaluate&loss=x', 'view=evaluate&q=%E0%A4%A', 'view=evaluate&d=1,2', `view=evaluate&q=${Array(40).fill('1').join(';')}`]) {
    const { state, error } = parseHash(`#v=1&${hash}`);
    assert.ok(error, hash);
    assert.deepEqual(state, ev.defaults(), hash);
  }
  // Junk cells become empty (flagged) cells, never markup.
  const { state } = parseHash('#v=1&view=evaluate&q=%3Cb%3E,1;0,0');
  assert.deepEqual(state.q, [['', '1'], ['0', '0']]);
  assert.ok(stateToRequest(state).errors.some((e) => e.field === '/evaluate/0/0'));
});

test('evaluate state: the evaluate presets in examples/ open in this view and are their own request', () => {
  const files = readdirSync(join(ROOT, 'examples')).filter((f) => f.startsWith('evaluate-'));
  assert.ok(files.length >= 3);
  for (const file of files) {
    const scenario = JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8'));
    const state = scenarioToState(scenario);
    assert.equal(state.view, 'evaluate', file);
    const { request, errors } = stateToRequest(state);
    assert.equal(errors, undefined, file);
    const { title, description, explanation, formula, ...expected } = scenario;
    assert.deepEqual(request, expected, file);
    assert.ok(title && description && explanation, `${file} has a title, description and explanation`);
  }
});

test('evaluate state: designRequest asks the family for its own design in the same context', () => {
  assert.deepEqual(ev.designRequest(base(), { robust_epsilon: Math.log(3) }).request,
    { family: 'rldp', joint: [[0.3], [0.7]], uncertainty: 'simplex', mechanism: 'srr', epsilon: Math.log(3) });
  assert.equal(ev.designRequest(FAMILY_STATES.game, { epsilon: 'Infinity' }).request.epsilon, 1);
  assert.equal(ev.designRequest(FAMILY_STATES.funnel, null).request.mechanism, 'opt-ldp');
  assert.equal(ev.designRequest(FAMILY_STATES['rldp-mse'], null).request.problem, 'rurp');
  assert.ok(ev.designRequest(FAMILY_STATES.estimation, null).errors);
  assert.deepEqual(ev.matrixText([[0.1 + 0.2, 1]]), [['0.30000000000000004', '1']], 'full precision');
});
