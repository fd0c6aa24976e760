// The Robust MSE view in headless Chromium: the four problems side by side for the default P-hat
// match the CLI, an edit re-solves and the copied link reproduces it in a fresh context, bad
// input is flagged at its field, and the Figure 2 experiment runs in the worker (and stops on
// Cancel).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openBrowser, newPage, waitForResult, cli, SCREENSHOTS } from './harness.mjs';
import { loadPrivlab } from '../node/wasm_loader.mjs';
import { fmt } from '../../web/src/dom.js';

const PROBLEMS = ['nunp', 'nurp', 'runp', 'rurp'];
const DEFAULT = {
  family: 'rldp-mse', joint: [[3, 0, 2, 3, 7], [3, 18, 0, 2, 13], [0, 12, 1, 8, 3]], values: [0, 1, 2, 3, 4], epsilon: 0.5,
  uncertainty: { confidence: 0.95 },
  true_joint: [[0.05, 0.027, 0.026, 0.042, 0.094], [0.071, 0.212, 0, 0.003, 0.127], [0.008, 0.217, 0.014, 0.077, 0.032]],
};

/** The core's answer, also when it refuses (exit code 2/3 carry the error JSON on stdout). */
function solveCli(request) {
  try { return cli(request); } catch (e) { return JSON.parse(String(e.stdout)); }
}
// The family's core arrives on its own branch; until it is merged these tests say why they skip.
const probe = solveCli({ ...DEFAULT, problem: 'nunp' });
const NO_CORE = probe.error && probe.error.code === 'not_implemented' ? 'family rldp-mse is not in this build yet' : false;

let env;
let wasmPromise;
before(async () => { env = await openBrowser(); wasmPromise = loadPrivlab(); });
after(async () => { await env.close(); });

async function readHeatmap(page, problem) {
  return page.$$eval(`#heatmap-${problem} g.cell title`, (titles) => titles.map((t) => Number(t.textContent.split('= ').pop())));
}

/**
 * The page against the CLI. The robust problems are solved by a cutting-plane loop whose LPs are
 * often degenerate: the native and the WASM build (GLPK's floating-point pivots differ in the last
 * bits) can stop at different optimal mechanisms with the same objective (within the loop's gap
 * tolerance 1e-4). So every number shown is compared exactly with the same WASM code run under
 * Node (what the page's worker runs), and with the native CLI the objective agrees to the gap
 * tolerance and robust privacy holds in both.
 */
async function assertMatchesCli(page, request) {
  const wasm = await wasmPromise;
  for (const [k, problem] of PROBLEMS.entries()) {
    const single = { ...request, problem };
    const mine = JSON.parse(wasm.solve(JSON.stringify(single)));
    assert.equal(mine.error, undefined, `${problem}: ${JSON.stringify(mine.error)}`);
    const text = async (id) => (await page.textContent(`#${id}-${problem}`)).replace(' ✓', '');
    assert.equal(await text('distortion'), fmt(mine.distortion), `${problem} distortion`);
    assert.equal(await text('robust-distortion'), fmt(mine.robust_distortion), `${problem} robust distortion`);
    assert.equal(await text('epsilon'), fmt(mine.epsilon), `${problem} epsilon`);
    assert.equal(await text('robust-epsilon'), fmt(mine.robust_epsilon), `${problem} robust epsilon`);
    assert.equal(await text('rounds'), String(mine.rounds), `${problem} rounds`);
    if (request.true_joint) {
      assert.equal(await text('true-distortion'), fmt(mine.true.distortion), `${problem} D*`);
      assert.equal(await text('true-epsilon'), fmt(mine.true.epsilon), `${problem} eps*`);
      assert.equal(await text('true-in-set'), mine.true.in_confidence_set ? 'yes' : 'no');
    }
    assert.deepEqual(await readHeatmap(page, problem), mine.mechanism.flat(), `${problem} mechanism`);

    const native = cli(single);
    const objective = (r) => (k >= 2 ? r.robust_distortion : r.distortion);
    assert.ok(Math.abs(objective(native) - objective(mine)) <= 2e-4 * Math.max(1, objective(native)),
      `${problem} objective: CLI ${objective(native)}, page ${objective(mine)}`);
    if (problem === 'nurp' || problem === 'rurp')
      for (const r of [native, mine]) assert.ok(r.robust_epsilon <= request.epsilon + 1e-9 && r.audit.verified, `${problem} certificate`);
  }
}

test('e2e rldp-mse: the four problems for the default P-hat match the CLI', { skip: NO_CORE }, async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.click('#tab-rldp-mse');
  await page.waitForSelector('#heatmap-rurp svg', { timeout: 30000 });
  await waitForResult(page);
  assert.match(page.url(), /view=rldp-mse|z=/);
  assert.match(await page.textContent('#status-joint'), /Counts: n = 75/);
  await assertMatchesCli(page, DEFAULT);
  // Robust privacy holds over F for NURP and RURP (the certificate), as the paper designs them.
  for (const p of ['nurp', 'rurp']) assert.match(await page.textContent(`#robust-epsilon-${p}`), /✓/);
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-mse-default.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e rldp-mse: edit epsilon, a value and a cell; compare with the CLI; the copied link reopens it', { skip: NO_CORE }, async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#view=rldp-mse`);
  await waitForResult(page);
  await page.fill('#epsilon', '1');
  await page.fill('#value-4', '6');
  await page.fill('input[data-table="joint"][data-row="0"][data-col="1"]', '4');
  await page.selectOption('#uncertainty', 'radius');
  await page.fill('#radius', '0.05');
  await page.fill('#sample-size', '79');
  await page.waitForFunction(() => document.querySelector('#design-eps')?.textContent === '1', null, { timeout: 30000 });
  await waitForResult(page);
  const request = { ...DEFAULT, epsilon: 1, values: [0, 1, 2, 3, 6], n: 79, uncertainty: { radius: 0.05 },
    joint: [[3, 4, 2, 3, 7], [3, 18, 0, 2, 13], [0, 12, 1, 8, 3]] };
  await assertMatchesCli(page, request);

  await page.click('#copy-link');
  const link = page.url();
  const fresh = await newPage(env.browser, problems);
  await fresh.page.goto(link);
  await waitForResult(fresh.page);
  assert.equal(await fresh.page.inputValue('#epsilon'), '1');
  assert.equal(await fresh.page.inputValue('#value-4'), '6');
  assert.equal(await fresh.page.inputValue('#radius'), '0.05');
  for (const p of PROBLEMS) assert.deepEqual(await readHeatmap(fresh.page, p), await readHeatmap(page, p));
  assert.equal(await fresh.page.textContent('#robust-epsilon-rurp'), await page.textContent('#robust-epsilon-rurp'));
  await fresh.context.close();

  // A new column brings a new value of U (its index) with it.
  await page.uncheck('#truth-toggle');
  await page.click('#add-col');
  await waitForResult(page);
  assert.equal(await page.inputValue('#value-5'), '5');
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e rldp-mse: bad input is flagged at its field and the table is kept', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#view=rldp-mse`);
  await waitForResult(page);
  await page.fill('#value-2', 'abc');
  await page.waitForSelector('#value-2.invalid');
  assert.match(await page.textContent('#err--values-2'), /must be a number/);
  assert.match(await page.textContent('#result-error'), /value of u3/);
  await page.fill('#value-2', '1');
  await page.waitForFunction(() => /must differ/.test(document.querySelector('#err--values-2')?.textContent || ''));
  await page.fill('#value-2', '2');
  await page.fill('#epsilon', '-1');
  await page.waitForSelector('#epsilon.invalid');
  await page.fill('#epsilon', '0.5');
  await page.fill('#confidence', '1.5');
  await page.waitForSelector('#confidence.invalid');
  await page.fill('#confidence', '0.95');
  await page.fill('input[data-table="joint"][data-row="0"][data-col="0"]', '0.5');  // mixed: not counts, not summing to 1
  await page.waitForSelector('figure.joint-table p.field-error');
  assert.match(await page.textContent('figure.joint-table p.field-error'), /not a distribution/);
  assert.match(await page.textContent('#status-joint'), /Not a distribution/);
  assert.equal(await page.inputValue('input[data-table="joint"][data-row="0"][data-col="0"]'), '0.5');
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-mse-bad-input.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e rldp-mse: Figure 2 runs in the worker and matches the CLI experiment; Cancel stops it', { skip: NO_CORE }, async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#view=rldp-mse`);
  await waitForResult(page);
  await page.selectOption('#figure-k', '5');
  await page.click('#run-figure');
  await page.waitForSelector('#figure-scatter svg g.series', { timeout: 120000 });
  await waitForResult(page);
  assert.match(page.url(), /fig=5|z=/);
  const expected = cli({ family: 'rldp-mse', experiment: 'figure2a', K: 5, n: 75, epsilon: 0.5, alpha: 0.05, seed: 1 });
  const rows = expected.rows;
  const cols = expected.columns;
  const plot = expected.plots.find((p) => p.kind === 'scatter');
  const g = cols.indexOf(plot.group);
  const y = cols.indexOf(plot.y);
  for (const p of PROBLEMS) {
    const mine = rows.filter((r) => String(r[g]).toLowerCase() === p);
    const finite = mine.filter((r) => r[y] !== 'Infinity' && r[y] !== null);
    assert.equal(await page.textContent(`#fig-count-${p}`), String(finite.length), p);
    assert.equal(await page.$$eval(`#figure-scatter g.series[data-series="${p.toUpperCase()}"] title`, (t) => t.length), finite.length);
  }
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-mse-figure2.png'), fullPage: true });

  // A larger run, cancelled with the page's Cancel button: the worker stops, the view says so.
  await page.selectOption('#figure-k', '30');
  await page.selectOption('#figure-n', '15000');
  await page.click('#run-figure');
  await page.waitForSelector('#figure-running');
  await page.waitForSelector('#cancel', { timeout: 20000 });
  await page.click('#cancel');
  await page.waitForSelector('#figure-cancelled', { timeout: 20000 });
  await waitForResult(page);
  assert.doesNotMatch(page.url(), /fig=30/);
  assert.equal(await page.$$eval('#figure-scatter svg', (s) => s.length), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

// ---- The view's own logic against a scripted worker (no core needed): batch layout, core errors
// marked at their field, the Figure 2 chart, Hide, a link that runs the figure, and Cancel.
const FAKE_WORKER = `
postMessage({ type: 'ready', version: 'scripted' });
const P = ['nunp', 'nurp', 'runp', 'rurp'];
function mech(k, cols, rows) {
  const q = Array.from({ length: rows }, () => []);
  for (let x = 0; x < cols; x++) for (let y = 0; y < rows; y++) q[y].push(y === (x + k) % rows ? 1 : 0);
  return q;
}
self.onmessage = async (e) => {
  const { id, request } = e.data;
  if (request === undefined) return;  // not a request
  const r = JSON.parse(request);
  if (r.family === 'batch') {
    const responses = r.requests.map((q, i) => {
      const bad = q.values.indexOf(99);
      if (bad >= 0) return { error: { code: 'out_of_range', message: 'scripted: value refused', path: '/requests/' + i + '/values/' + bad } };
      if (q.values.includes(98) && q.problem === 'runp') return { error: { code: 'lp_failed', message: 'scripted: RUNP failed', path: '' } };
      return { problem: q.problem, mechanism: mech(i, q.joint.length * q.joint[0].length, q.values.length), distortion: 0.25 * (i + 1),
        robust_distortion: 0.3 * (i + 1), epsilon: 0.1 * i, robust_epsilon: i % 2 ? q.epsilon : 'Infinity', rounds: 3 * i,
        audit: { verified: true }, true: q.true_joint ? { distortion: 0.5, epsilon: i % 2 ? 0.2 : 2 } : undefined };
    });
    postMessage({ id, type: 'result', response: JSON.stringify({ family: 'batch', responses }) });
    return;
  }
  const steps = r.n > 1000 ? 100 : 4;
  for (let k = 0; k < steps; k++) {
    postMessage({ id, type: 'progress', fraction: k / steps, stage: 'instance ' + (k + 1) });
    await new Promise((ok) => setTimeout(ok, 100));
  }
  const rows = [];
  for (let k = 0; k < r.K; k++) P.forEach((p, i) => rows.push([k, p.toUpperCase(), 0.1 * (k + 1) + i, i % 2 ? 0.4 : (k === 0 ? 'Infinity' : 1 + k)]));
  postMessage({ id, type: 'result', response: JSON.stringify({ experiment: 'figure2', 
    columns: ['instance', 'problem', 'd_star', 'eps_star'], rows,
    plots: [{ title: 'eps* vs D*', kind: 'scatter', x: 'd_star', y: 'eps_star', group: 'problem', x_label: 'D*', y_label: 'eps*' }] }) });
};`;

async function scriptedPage(problems) {
  const opened = await newPage(env.browser, problems);
  await opened.page.route('**/assets/worker.js', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_WORKER }));
  return opened;
}

test('e2e rldp-mse (scripted worker): four columns, per-problem failures, core errors at their field', async () => {
  const problems = [];
  const { page, context } = await scriptedPage(problems);
  await page.goto(`${env.base}#view=rldp-mse`);
  await waitForResult(page);
  assert.deepEqual(await page.$$eval('#comparison-table thead th[scope=col]', (t) => t.map((e) => e.textContent)), ['NUNP', 'NURP', 'RUNP', 'RURP']);
  assert.equal(await page.textContent('#distortion-runp'), '0.7500');
  assert.equal(await page.textContent('#robust-epsilon-nunp'), '∞');
  assert.equal(await page.textContent('#robust-epsilon-nurp'), '0.5000 ✓');
  assert.equal(await page.textContent('#true-epsilon-rurp'), '0.2000 ✓');
  assert.equal(await page.textContent('#rounds-rurp'), '9');
  assert.equal(await page.$$eval('#heatmap-rurp g.cell', (c) => c.length), 75);
  assert.match(await page.textContent('#heatmap-nunp'), /s3,u5/);

  await page.fill('#value-3', '98');  // RUNP fails alone: its card says so, the others still show
  await page.waitForSelector('#error-runp');
  assert.match(await page.textContent('#error-runp'), /RUNP failed/);
  assert.equal(await page.$$eval('#heatmap-rurp g.cell', (c) => c.length), 75);

  await page.fill('#value-3', '99');  // every problem refuses the same field: marked there
  await page.waitForSelector('#value-3.invalid');
  assert.match(await page.textContent('#result-error'), /value refused \(in the values of U, entry 4\)[\s\S]*field \/values\/3/);
  assert.match(await page.textContent('#result-error + p.hint'), /last result/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e rldp-mse (scripted worker): Figure 2 draws, hides, reopens from a link, and Cancel stops it', async () => {
  const problems = [];
  const { page, context } = await scriptedPage(problems);
  await page.goto(`${env.base}#view=rldp-mse`);
  await waitForResult(page);
  assert.equal(await page.textContent('#run-figure'), 'Run Figure 2 (K = 10)');
  await page.click('#run-figure');
  await page.waitForSelector('#figure-scatter svg g.series');
  await waitForResult(page);
  assert.equal(await page.textContent('#fig-count-nunp'), '9');     // one eps* = inf omitted
  assert.equal(await page.textContent('#fig-infinite-nunp'), '1');
  assert.equal(await page.textContent('#fig-within-nurp'), '10 of 10');
  assert.equal(await page.$$eval('#figure-scatter g.series[data-series="NURP"] rect', (r) => r.length), 10);
  assert.ok(await page.$('#run-figure[disabled]'));
  const link = page.url();

  // An edit re-solves the four problems but reuses the finished figure.
  await page.fill('#epsilon', '0.6');
  await waitForResult(page);
  assert.equal(await page.$$eval('#figure-scatter svg', (s) => s.length), 1);

  await page.click('#hide-figure');
  await waitForResult(page);
  assert.equal(await page.$$eval('#figure-scatter svg', (s) => s.length), 0);
  assert.doesNotMatch(decodeURIComponent(page.url()), /fig=/);

  const fresh = await scriptedPage(problems);
  await fresh.page.goto(link);
  await fresh.page.waitForSelector('#figure-scatter svg g.series');
  await fresh.context.close();

  // A slow run, stopped with the page's Cancel button.
  await page.selectOption('#figure-n', '15000');
  await page.selectOption('#figure-k', '30');
  await page.click('#run-figure');
  await page.waitForSelector('#figure-running');
  await page.waitForSelector('#solver-status progress');
  await page.click('#cancel');
  await page.waitForSelector('#figure-cancelled');
  await waitForResult(page);
  assert.equal(await page.$$eval('#figure-scatter svg', (s) => s.length), 0);
  assert.equal(await page.textContent('#run-figure'), 'Run Figure 2 (K = 30)');
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-mse-cancelled.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e rldp-mse: the family examples load from the gallery into this view', { skip: NO_CORE }, async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.waitForSelector('#example-picker option[value="rldp-mse-four-problems-rurp.json"]', { state: 'attached' });
  await page.selectOption('#example-picker', 'rldp-mse-four-problems-rurp.json');
  await page.waitForSelector('#heatmap-rurp svg', { timeout: 30000 });
  await waitForResult(page);
  assert.equal(await page.getAttribute('#tab-rldp-mse', 'aria-selected'), 'true');
  assert.equal(await page.inputValue('input[data-table="joint"][data-row="2"][data-col="1"]'), '21');
  assert.match(await page.textContent('#message'), /Loaded: Robust MSE release/);
  // The Figure 2c/2d preset runs the sweep over n in the worker and draws both band charts
  // with the numbers of the same request run by the WASM core under Node (the native CLI agrees
  // to the cutting-plane tolerance only, see assertMatchesCli; tests/node compares the two).
  await page.selectOption('#example-picker', 'rldp-mse-figure2cd.json');
  await page.waitForSelector('#figure-2c svg polygon.band', { timeout: 120000 });
  await waitForResult(page);
  assert.equal(await page.inputValue('#figure-n'), 'sweep');
  const wasm = await wasmPromise;
  const expected = JSON.parse(wasm.solve(JSON.stringify({ family: 'rldp-mse', experiment: 'figure2cd', K: 5, N_values: [10, 20, 100, 1000], epsilon: 0.5, alpha: 0.05, seed: 1 })));
  assert.equal(expected.rows.length, 16);
  const col = (row, name) => row[expected.columns.indexOf(name)];
  for (const row of expected.rows) {
    const tr = `#figure-sweep-table tr[data-n="${col(row, 'n')}"][data-problem="${col(row, 'problem')}"]`;
    assert.equal(await page.textContent(`${tr} td.fig-eps`), `${fmt(col(row, 'epsilon_mean'))} ± ${fmt(col(row, 'epsilon_sd'))}`, tr);
    assert.equal(await page.textContent(`${tr} td.fig-dist`), `${fmt(col(row, 'distortion_mean'))} ± ${fmt(col(row, 'distortion_sd'))}`, tr);
    assert.equal(await page.textContent(`${tr} td.fig-above`), `${col(row, 'above_epsilon')} / 5`, tr);
  }
  assert.equal(await page.$$eval('#figure-2d svg polyline.series', (p) => p.length), 4);
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-mse-figure2cd.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});
