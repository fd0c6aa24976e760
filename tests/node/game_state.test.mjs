// web/src/views/game_state.js: the privacy-game view's URL keys round-trip, the requests are
// exactly the `privlab solve` requests of the family's scenario files, errors name the field,
// and hostile links fall back to the default example.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHash, serializeHash, linkHash, stateToRequest, scenarioToState, defaultState } from '../../web/src/state.js';
import * as game from '../../web/src/views/game_state.js';
import { ROOT } from './wasm_loader.mjs';

const base = () => game.defaults();
const roundTrip = (s) => parseHash(`#${serializeHash(s)}`);
const example = (name) => JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8'));
const strip = (scenario) => Object.fromEntries(Object.entries(scenario).filter(([k]) => !['title', 'description', 'explanation', 'formula', 'check_attack_lp'].includes(k)));

test('game state: the default round-trips, also through the compressed link', () => {
  const s = base();
  assert.deepEqual(roundTrip(s), { state: s, error: null });
  assert.deepEqual(parseHash(linkHash(s)).state, s);
  assert.deepEqual(defaultState('game'), s);
});

test('game state: the three solve requests are those of examples/game-grid-*.json', () => {
  const s = base();
  const { requests, errors } = game.solveRequests(s);
  assert.equal(errors, undefined);
  assert.deepEqual(requests.map((r) => r.mechanism), ['distortion', 'dp', 'joint']);
  assert.deepEqual(requests[2], strip(example('game-grid-joint.json')));
  assert.deepEqual(requests[1], strip(example('game-grid-dp.json')));
  const distortion = strip(example('game-grid-distortion.json'));
  assert.deepEqual(requests[0], { ...distortion, min_distortion: 1.05 });
  // The page's first request: the same three, as the core's size estimate.
  const { request } = stateToRequest(s);
  assert.equal(request.family, 'batch');
  assert.deepEqual(request.requests, requests.map((r) => ({ ...r, estimate_only: true })));
});

test('game state: scenario files load; experiments and grid-less files are refused with a reason', () => {
  const s = scenarioToState(example('game-grid-joint.json'));
  assert.deepEqual(s, base());
  const mismatch = scenarioToState(example('game-prior-mismatch.json'));
  assert.equal(mismatch.rows, '3');
  assert.equal(mismatch.mech, 'distortion');
  assert.deepEqual(mismatch.weights, ['50', '350', '50', '300', '50', '50', '50', '50', '50']);
  const approx = scenarioToState(example('game-approximation.json'));
  assert.equal(approx.ap, '1.5');
  assert.deepEqual(game.solveRequests(approx).requests[2].approximation, { threshold: 1.5 });
  assert.equal(game.solveRequests(approx).requests[0].approximation, undefined);
  assert.throws(() => scenarioToState(example('game-scenario1.json')), /experiments run from the command line/);
  assert.throws(() => scenarioToState(example('game-line-joint.json')), /grid scenarios/);
  assert.throws(() => scenarioToState({ family: 'game', mechanism: 'dp', grid: { rows: 20, cols: 20 }, prior: { hot_cells: 2 } }), /from 1 to 10 in this view; choose "the paper's map \(15 × 20\)".*command-line tool/);
});

test('game state: painted weights, loss, threshold, mechanism and picked cell round-trip', () => {
  const s = { ...base(), rows: '3', cols: '2', km: '0.5', weights: ['0', '10', '3', '0', '1', '1'], gen: null,
    eps: '1.25', dm: '0.4', loss: 'e', ap: '1.2', mech: 'dp', sel: '4' };
  assert.deepEqual(roundTrip(s), { state: s, error: null });
  assert.match(serializeHash(s), /&w=0,10,3,0,1,1&/);
  const { requests } = game.solveRequests(s);
  assert.deepEqual(requests[1], { family: 'game', grid: { rows: 3, cols: 2, cell_km: 0.5 }, prior: [0, 10, 3, 0, 1, 1],
    utility_loss: 'euclidean', mechanism: 'dp', epsilon: 1.25, approximation: { threshold: 1.2 } });
});

test('game state: a smaller grid in a link without a prior gets a valid one', () => {
  const s = parseHash('#v=1&view=game&r=1&c=2').state;
  assert.deepEqual(s.weights, ['1', '1']);
  assert.equal(s.gen, null);
  assert.equal(s.sel, '1');
  assert.equal(stateToRequest(s).errors, undefined);
  assert.equal(parseHash('#v=1&view=game&r=3&c=3').state.gen.hot, '3');
});

test('game state: errors name the request field', () => {
  const field = (patch) => (stateToRequest({ ...base(), ...patch }).errors || []).map((e) => e.field);
  assert.deepEqual(field({ eps: 'abc' }), ['/epsilon']);
  assert.deepEqual(field({ eps: '-1' }), ['/epsilon']);
  assert.deepEqual(field({ eps: '51' }), ['/epsilon']);
  assert.deepEqual(field({ dm: '' }), ['/min_distortion']);
  assert.deepEqual(field({ dm: '-0.5' }), ['/min_distortion']);
  assert.deepEqual(field({ km: '0' }), ['/grid/cell_km']);
  assert.deepEqual(field({ ap: 'x' }), ['/approximation/threshold']);
  assert.deepEqual(field({ rows: '11' }), ['/grid/rows']);
  assert.deepEqual(field({ weights: Array(16).fill('0'), gen: null }), ['/prior']);
  assert.deepEqual(field({ weights: [...Array(15).fill('1'), 'x'], gen: null }), ['/prior/15']);
  assert.deepEqual(field({ gen: { hot: '0', bg: '0.05', seed: '7' } }), ['/prior/hot_cells']);
  assert.deepEqual(field({ gen: { hot: '3', bg: '2', seed: '7' } }), ['/prior/background']);
  assert.deepEqual(field({ gen: { hot: '3', bg: '0.05', seed: 'x' } }), ['/prior/seed']);
});

test('game state: a hostile link keeps the view and names the part it could not read', () => {
  const hostile = [
    '#v=1&view=game&r=100',
    '#v=1&view=game&r=0',
    '#v=1&view=game&c=<script>',
    '#v=1&view=game&w=1,2,3',
    `#v=1&view=game&w=${'1,'.repeat(15)}99999`,
    `#v=1&view=game&w=${'1,'.repeat(15)}<img>`,
    '#v=1&view=game&loss=manhattan',
    '#v=1&view=game&mech=<b>x</b>',
    '#v=1&view=game&sel=16',
    '#v=1&view=game&pg=3,0.05',
    '#v=1&view=game&pg=99,0.05,7',
    '#v=1&view=game&km=%E0%A4%A',
    '#v=1&view=game&r=1&c=1',
  ];
  for (const hash of hostile) {
    const { state, error } = parseHash(hash);
    assert.ok(error && error.length > 0, `no message for ${hash}`);
    assert.equal(state.view, 'game', hash);
    if (hash !== '#v=1&view=game&r=1&c=1') assert.deepEqual(state, base(), hash);
  }
  // Text that is not a number is kept out of the state (the field is then flagged, not injected).
  const { state } = parseHash('#v=1&view=game&eps=%3Cscript%3E&dm=1e400x');
  assert.equal(state.eps, '');
  assert.equal(state.dm, '');
});

test('game state: sweeps cover d_m up to the threshold and ε over (0, 2], for the right mechanisms', () => {
  const grids = game.sweepGrids(1.2, 6);
  assert.deepEqual(grids.dm, [0, 0.24, 0.48, 0.72, 0.96, 1.2]);
  assert.equal(grids.eps[0], 0.1);
  assert.equal(grids.eps.at(-1), 2);
  const { request, layout } = game.sweepRequest(base(), grids);
  assert.equal(request.requests.length, 24);
  request.requests.forEach((r, i) => {
    const l = layout[i];
    assert.equal(r.mechanism, l.mechanism);
    if (l.sweep === 'dm') assert.equal(r.min_distortion, l.x); else assert.equal(r.epsilon, l.x);
  });
  assert.deepEqual([...new Set(layout.map((l) => `${l.sweep}:${l.mechanism}`))], ['dm:distortion', 'dm:joint', 'eps:dp', 'eps:joint']);
});

test('game state: weights from a generated prior keep its shape', () => {
  assert.deepEqual(game.weightsFromPrior([0.0031, 0.6175, 0.1952, 0.1842]), ['3', '618', '195', '184']);
});

test('game state: the paper\'s map (15 x 20 of 0.75 x 0.5333 km) and the generated prior\'s spread round-trip into requests (issue 27/29)', () => {
  const s = { ...base(), ...game.paperMapSize(), gen: { hot: '5', bg: '0.1', seed: '3', spread: '0,8' } };
  assert.deepEqual(roundTrip(s), { state: s, error: null });
  assert.match(serializeHash(s), /&map=paper&/);
  assert.doesNotMatch(serializeHash(s), /&r=|&c=/);
  const { requests, errors } = game.solveRequests(s);
  assert.equal(errors, undefined);
  assert.deepEqual(requests[2].grid, { rows: 15, cols: 20, cell_km: [0.75, 0.5333] });
  assert.deepEqual(requests[2].prior, { hot_cells: 5, background: 0.1, seed: 3, spread_km: 0.8 });
  // Without a spread the request is the one of old links (no spread_km field).
  assert.equal(game.solveRequests(base()).requests[0].prior.spread_km, undefined);
  // On the map each LP carries a time budget, the three together about 30 s; own grids none.
  assert.deepEqual(requests.map((r) => r.budget.seconds), [16, 6, 6]);
  assert.ok(requests.reduce((a, r) => a + r.budget.seconds, 0) <= 30);
  assert.ok(game.solveRequests(base()).requests.every((r) => r.budget === undefined));
  // A scenario of the paper's map opens as that choice.
  const paper = scenarioToState({ family: 'game', mechanism: 'dp', epsilon: 0.5, grid: { rows: 15, cols: 20, cell_km: [0.75, 0.5333] },
    prior: { hot_cells: 4, background: 0.05, seed: 2, spread_km: 1 } });
  assert.equal(paper.map, 'paper');
  assert.equal(paper.gen.spread, '1');
  assert.equal(parseHash('#v=1&view=game&map=atlas').error.includes('unknown map'), true);
});

test('game state: the picked cell keeps its (row, column) label when the grid changes', () => {
  // B4 on a 4 x 4 grid (index 7) is B4 on a 5 x 6 grid (index 1 * 6 + 3 = 9).
  assert.deepEqual(game.keepPickedCell('7', { rows: 4, cols: 4 }, { rows: 5, cols: 6 }), { sel: '9', moved: false });
  // ... and the nearest cell when the grid loses it: B4 on a 3 x 2 grid is B2.
  assert.deepEqual(game.keepPickedCell('7', { rows: 4, cols: 4 }, { rows: 3, cols: 2 }), { sel: '3', moved: true });
  assert.deepEqual(game.keepPickedCell('15', { rows: 4, cols: 4 }, { rows: 2, cols: 4 }), { sel: '7', moved: true });
});
