// web/src/views/rldp_mse_state.js (the Robust MSE view): URL round trips, hostile links fall back
// to the default example with a message, the request is exactly what `privlab solve` accepts
// (a batch of the four problems), and errors name the request field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHash, serializeHash, linkHash, stateToRequest, scenarioToState } from '../../web/src/state.js';
import * as mse from '../../web/src/views/rldp_mse_state.js';
import { ROOT } from './wasm_loader.mjs';
import { LIMITS } from '../../web/src/fields.js';

const VIEW = 'rldp-mse';
const base = () => mse.defaults();

test('rldp-mse state: the default round-trips through the URL (plain and compressed)', () => {
  const s = base();
  const { state, error } = parseHash(`#${serializeHash(s)}`);
  assert.equal(error, null);
  assert.deepEqual(state, s);
  assert.deepEqual(parseHash(`#${linkHash(s)}`).state, s);
  assert.deepEqual(parseHash(`#view=${VIEW}`).state, s);
});

test('rldp-mse state: every control round-trips, names stay text', () => {
  const variants = [
    { unc: 'radius', radius: '0.25' },
    { unc: 'conf', conf: '0.9', n: '120' },
    { truth: null, eps: '1.5' },
    { vals: ['-2', '0.5', '1e1', '3', '4'] },
    { fig: '10', fign: '15000' },
    { fig: '5', fign: '75' },
    { sNames: ['a,b;c', 'é&=#', '<b>x</b>'], uNames: ['u 1', '%41', 'x', 'y', 'z'] },
  ];
  for (const v of variants) {
    const s = { ...base(), ...v };
    const { state, error } = parseHash(serializeHash(s));
    assert.equal(error, null, JSON.stringify(v));
    assert.deepEqual(state, s, JSON.stringify(v));
  }
});

test('rldp-mse state: a link without values gets 0..|U|-1 for its table', () => {
  const { state, error } = parseHash(`#v=1&view=${VIEW}&p=1,2,3;4,5,6`);
  assert.equal(error, null);
  assert.deepEqual(state.vals, ['0', '1', '2']);
  assert.equal(state.truth, null);
  assert.deepEqual(state.sNames, ['s1', 's2']);
});

test('rldp-mse state: a hostile link keeps the view and names the part it could not read', () => {
  const hostile = [
    `#v=1&view=${VIEW}&unc=%3Cscript%3E`,
    `#v=1&view=${VIEW}&p=%E0%A4%A`,
    `#v=1&view=${VIEW}&p=1,2;3`,
    `#v=1&view=${VIEW}&p=1,2;3,4&val=0,1,2`,             // values do not match the columns
    `#v=1&view=${VIEW}&p=${Array(7).fill('1,1').join(';')}`, // more rows than the view solves
    `#v=1&view=${VIEW}&p=${Array(3).fill(Array(8).fill('1').join(',')).join(';')}`,  // |U| = 8
    `#v=1&view=${VIEW}&p=${Array(5).fill(Array(5).fill('1').join(',')).join(';')}`,  // |U|^2 |S| = 125
    `#v=1&view=${VIEW}&fig=1000000`,                      // an experiment the page will not run
    `#v=1&view=${VIEW}&fig=10&fign=7`,
    `#v=1&view=${VIEW}&t=1,2`,                            // P* of another shape
    `#v=1&view=${VIEW}&p=${'1,'.repeat(5000)}1`,
  ];
  for (const hash of hostile) {
    const { state, error } = parseHash(hash);
    assert.ok(error && error.length > 0, `no message for ${hash.slice(0, 60)}`);
    assert.equal(state.view, hash.length > LIMITS.maxHash ? 'rldp' : VIEW);  // the link's view, unless too long to read
  }
});

test('rldp-mse state: junk in number fields is emptied and then flagged by field', () => {
  const { state } = parseHash(`#v=1&view=${VIEW}&eps=%3Cb%3E&val=0,1,x,3,4`);
  assert.equal(state.eps, '');
  assert.equal(state.vals[2], '');
  const fields = stateToRequest(state).errors.map((e) => e.field);
  assert.ok(fields.includes('/epsilon'));
  assert.ok(fields.includes('/values/2'));
});

test('rldp-mse state: toRequest is a batch of the four problems with the contract fields', () => {
  const { request, errors } = stateToRequest(base());
  assert.equal(errors, undefined);
  assert.equal(request.family, 'batch');
  assert.deepEqual(request.requests.map((r) => r.problem), ['nunp', 'nurp', 'runp', 'rurp']);
  for (const r of request.requests) {
    assert.equal(r.family, 'rldp-mse');
    assert.deepEqual(r.joint, [[3, 0, 2, 3, 7], [3, 18, 0, 2, 13], [0, 12, 1, 8, 3]]);
    assert.deepEqual(r.values, [0, 1, 2, 3, 4]);
    assert.equal(r.epsilon, 0.5);
    assert.deepEqual(r.uncertainty, { confidence: 0.95 });
    assert.equal(r.n, undefined);  // from the counts
    assert.equal(r.true_joint.length, 3);
  }
  const radius = stateToRequest({ ...base(), unc: 'radius', radius: '0.2', n: '75', truth: null }).request.requests[3];
  assert.deepEqual(radius.uncertainty, { radius: 0.2 });
  assert.equal(radius.n, 75);
  assert.equal(radius.true_joint, undefined);
});

test('rldp-mse state: errors name the field of the single-problem request', () => {
  const cases = [
    [{ joint: [['0.5', 'abc', '0', '0', '0'], ['-0.1', '0', '0', '0', '0'], ['0', '0', '0', '0', '0.6']] }, ['/joint/0/1', '/joint/1/0']],
    [{ joint: [['0.5', '0.5', '0', '0', '0'], ['0.1', '0', '0', '0', '0'], ['0', '0', '0', '0', '0.3']] }, ['/joint']],
    [{ eps: '0' }, ['/epsilon']],
    [{ eps: 'x' }, ['/epsilon']],
    [{ vals: ['0', '1', '1', '3', '4'] }, ['/values/2']],
    [{ n: '7.5' }, ['/n']],
    [{ conf: '1' }, ['/uncertainty/confidence']],
    [{ unc: 'radius', radius: '-1' }, ['/uncertainty/radius']],
    [{ joint: [['0.2', '0.2', '0.2', '0.2', '0.2'], ['0', '0', '0', '0', '0'], ['0', '0', '0', '0', '0']], truth: null }, ['/n']],
    [{ truth: [['1', '2', '', '0', '0'], ['0', '0', '0', '0', '0'], ['0', '0', '0', '0', '0']] }, ['/true_joint/0/2']],
  ];
  for (const [patch, expected] of cases) {
    const { errors, request } = stateToRequest({ ...base(), ...patch });
    assert.equal(request, undefined, JSON.stringify(patch));
    const fields = errors.map((e) => e.field);
    for (const f of expected) assert.ok(fields.includes(f), `${JSON.stringify(patch)}: ${fields}`);
    for (const e of errors) assert.ok(e.message.length > 0);
  }
});

test('rldp-mse state: tables beyond the view size guard are refused at /joint', () => {
  const big = Array.from({ length: 4 }, () => Array(8).fill('1'));
  const { errors } = stateToRequest({ ...base(), joint: big, truth: null, vals: Array.from({ length: 8 }, (_, i) => String(i)),
    sNames: ['a', 'b', 'c', 'd'], uNames: Array.from({ length: 8 }, (_, i) => `u${i}`) });
  assert.ok(errors.some((e) => e.field === '/joint' && /command-line/.test(e.message)));
});

test('rldp-mse state: scenarios load (values, radius, labels) and turn back into the same request', () => {
  const scenario = {
    title: 't', family: 'rldp-mse', problem: 'rurp', joint: [[0.1, 0.2, 0.1], [0.3, 0.2, 0.1]], values: [-1, 0, 2.5],
    epsilon: 0.7, n: 200, uncertainty: { radius: 0.05 }, true_joint: [[0.1, 0.1, 0.2], [0.2, 0.3, 0.1]],
    labels: { s: ['young', 'old'], u: ['low', 'mid', 'high'] },
  };
  const state = scenarioToState(scenario);
  assert.equal(state.view, VIEW);
  assert.deepEqual(state.sNames, ['young', 'old']);
  const { request, errors } = mse.problemRequest(state, 'rurp');
  assert.equal(errors, undefined);
  for (const key of ['family', 'problem', 'joint', 'values', 'epsilon', 'n', 'uncertainty', 'true_joint'])
    assert.deepEqual(request[key], scenario[key], key);
  assert.throws(() => scenarioToState({ ...scenario, values: [1, 2] }), /values/);
  assert.throws(() => scenarioToState({ ...scenario, true_joint: [[1]] }), /shape/);
  const conf = scenarioToState({ family: 'rldp-mse', joint: [[1, 2], [3, 4]], uncertainty: { confidence: 0.9 } });
  assert.equal(conf.unc, 'conf');
  assert.equal(conf.conf, '0.9');
  assert.deepEqual(conf.vals, ['0', '1']);
});

test('rldp-mse state: the family scenario files load and give a valid request', () => {
  const dir = join(ROOT, 'examples');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('rldp-mse-') && f.endsWith('.json')) : [];
  for (const file of files) {
    const scenario = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (scenario.experiment) {
      assert.ok(scenarioToState(scenario).fig, file);
      continue;
    }
    const state = scenarioToState(scenario);
    const { request, errors } = mse.problemRequest(state, scenario.problem || 'nunp');
    assert.equal(errors, undefined, file);
    for (const key of ['joint', 'epsilon', 'uncertainty']) assert.deepEqual(request[key], scenario[key], `${file}: ${key}`);
  }
});

test('rldp-mse state: Figure 2 scenario files run the figure in the page; other experiments name the CLI command', () => {
  const a = scenarioToState({ family: 'rldp-mse', experiment: 'figure2a', K: 10, seed: 1 });
  assert.equal(a.fig, '10');
  assert.equal(a.fign, '75');
  assert.deepEqual(mse.experimentRequest(a).experiment, 'figure2a');
  const b = scenarioToState({ family: 'rldp-mse', experiment: 'figure2b', K: 1000 });
  assert.equal(b.fig, '30');
  assert.equal(b.fign, '15000');
  assert.equal(scenarioToState({ family: 'rldp-mse', experiment: 'figure2a', K: 2 }).fig, '5');
  const cd = scenarioToState({ family: 'rldp-mse', experiment: 'figure2cd', K: 1000, N_values: [5, 10] });
  assert.equal(cd.fig, '30');
  assert.equal(cd.fign, 'sweep');
  const request = mse.experimentRequest(cd);
  assert.equal(request.experiment, 'figure2cd');
  assert.deepEqual(request.N_values, mse.FIGURE_SWEEP_N);  // the page's own N values, small enough for the browser
  assert.deepEqual(parseHash(serializeHash(cd)).state, cd);
  assert.throws(() => scenarioToState({ family: 'rldp-mse', experiment: 'figure9' }), /privlab experiment rldp-mse figure9/);
});

test('rldp-mse state: the Figure 2 request follows the state', () => {
  assert.equal(mse.experimentRequest(base()), null);
  const r = mse.experimentRequest({ ...base(), fig: '10', fign: '15000' });
  assert.equal(r.family, 'rldp-mse');
  assert.equal(r.experiment, 'figure2b');
  assert.equal(r.K, 10);
  assert.equal(r.n, 15000);
  assert.equal(r.epsilon, 0.5);
  assert.equal(mse.experimentRequest({ ...base(), fig: '5', fign: '75' }).experiment, 'figure2a');
});
