// The Estimation view in headless Chromium: the default (Section 7.1 parity bits) solves with the
// CLI's numbers (PICs, chi-square, the trade-off chart's curves and points, the MMSE heat map),
// edits are re-solved and match the CLI, the copied link reopens the same view in a fresh
// context, and bad inputs are flagged at their field.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { openBrowser, newPage, waitForResult, cli, SCREENSHOTS } from './harness.mjs';
import * as est from '../../web/src/views/estimation_state.js';
import { evaluateCurve } from '../../web/src/views/estimation.js';
import { csvToMatrix } from '../../web/src/export_formats.js';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

const close = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
// The page solves in WebAssembly, the CLI natively: equal up to rounding (about 1e-15).
function assertClose(actual, expected, what) {
  const a = actual.flat(2);
  const e = expected.flat(2);
  assert.equal(a.length, e.length, `${what}: length`);
  a.forEach((v, k) => assert.ok(close(v, e[k]), `${what}[${k}]: ${v} vs ${e[k]}`));
}

async function open(problems, hash = '#v=1&view=estimation') {
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}${hash}`);
  await waitForResult(page);
  return { page, context };
}

// The heat map's data-value and tooltips are drawn by heatmap.js itself: a chart placed after it was
// drawn is redrawn at its panel's width (refitWhenPlaced), and a redraw once dropped what the view
// had added to the first drawing (every cell read NaN).
test('e2e estimation: the default parity-bits example shows the CLI numbers', async () => {
  const problems = [];
  const { page, context } = await open(problems);
  const expected = cli(est.toRequest(est.defaults()).request);
  assert.equal(await page.textContent('#chi2'), expected.chi2.toFixed(4));
  assert.equal(await page.textContent('#maximal-correlation'), expected.maximal_correlation.toFixed(4));
  // PIC bar chart: one bar per PIC, the exact values in data-value.
  const bars = await page.$$eval('#pic-chart g.bar', (gs) => gs.map((g) => Number(g.dataset.value)));
  assertClose(bars, expected.pics, 'pics');
  // Trade-off chart: the bounds, the hull, 11 sweep points, the design and Theorem 3's point.
  const lines = await page.$$eval('#tradeoff-chart polyline.series', (ps) => ps.map((p) => p.dataset.series));
  assert.deepEqual(lines, ['upper bound G (Theorem 2)', 'simple upper bound (12)', 'lower bound (Theorem 2)', 'lower bound (14)', 'concave hull of achieved points']);
  const sweep = await page.$$eval('#tradeoff-chart g.point-set[data-series="Formulation 1 over θ"] g.point', (ps) => ps.map((p) => [Number(p.dataset.x), Number(p.dataset.y)]));
  assert.equal(sweep.length, 11);
  assertClose(sweep, expected.sweep.map((d) => d.point), 'sweep points');
  const t3 = await page.$$eval('#tradeoff-chart g.point-set[data-series="Theorem 3 mapping"] g.point', (ps) => ps.map((p) => [Number(p.dataset.x), Number(p.dataset.y)]));
  assertClose(t3, [expected.theorem3.point], 'Theorem 3 point');
  // The bounds read at epsilon = 0.2.
  assert.equal(await page.textContent('#at-eps-upper'), evaluateCurve(expected.upper_bound, 0.2).toFixed(4));
  assert.equal(await page.textContent('#at-eps-hull'), evaluateCurve(expected.achievable_hull, 0.2).toFixed(4));
  // The design at theta = 0.5 and the MMSE heat map (rows S1, X1 X2, X2; columns theta).
  assert.equal(await page.textContent('#design-chi2-sy'), expected.design.chi2_sy.toFixed(4));
  assert.equal(await page.textContent('#mmse-private-0'), expected.design.private[0].mmse.toFixed(4));
  assert.equal(await page.textContent('#mmse-given-x-0'), expected.mmse_of.s_given_x[0].normalized_mmse.toFixed(4));
  assert.ok(expected.design.private[0].mmse >= expected.mmse_of.s_given_x[0].normalized_mmse - 1e-9);  // data processing
  assert.match(await page.textContent('#design-audit'), /verified/);
  const cells = await page.$$eval('#mmse-heatmap g.cell', (gs) => gs.map((g) => Number(g.dataset.value)));
  const want = [...[0].map((i) => expected.sweep.map((d) => d.private[i].mmse)), ...[0, 1].map((j) => expected.sweep.map((d) => d.useful[j].mmse))].flat();
  assertClose(cells, want, 'mmse heat map');
  await page.screenshot({ path: join(SCREENSHOTS, 'estimation-default.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e estimation: edits re-solve like the CLI; the copied link reopens the view', async () => {
  const problems = [];
  const { page, context } = await open(problems);
  await page.fill('#theta', '0.8');
  await page.selectOption('#objective', 'min');
  await page.fill('#theta-sweep', '6');
  await page.fill('#epsilon', '0.1');
  await page.fill('#pf-0-1', '-0.5');
  await page.waitForFunction(() => document.querySelectorAll('#mmse-heatmap g.cell').length === 18, null, { timeout: 20000 });
  await waitForResult(page);
  const state = { ...est.defaults(), theta: '0.8', obj: 'min', sweep: '6', eps: '0.1', priv: [['-1', '-0.5', '1', '1']] };
  const expected = cli(est.toRequest(state).request);
  assert.equal(await page.textContent('#design-chi2-xy'), expected.design.chi2_xy.toFixed(4));
  assert.equal(await page.textContent('#mmse-useful-1'), expected.design.useful[1].mmse.toFixed(4));
  assert.ok(expected.design.private[0].mmse >= 0.8 - 1e-6);
  assert.equal(await page.textContent('#at-eps-upper'), evaluateCurve(expected.upper_bound, 0.1).toFixed(4));
  const mapping = await page.$$eval('#mechanism-heatmap g.cell title', (ts) => ts.map((t) => Number(t.textContent.split('= ').pop())));
  assertClose(mapping, expected.design.mechanism, 'mapping');
  const hull = await page.$$eval('#tradeoff-chart polyline[data-series="concave hull of achieved points"]', (ps) => ps[0].getAttribute('points').split(' ').length);
  assert.equal(hull, expected.achievable_hull.length);

  await page.click('#copy-link');
  const link = page.url();
  const fresh = await newPage(env.browser, problems);
  await fresh.page.goto(link);
  await waitForResult(fresh.page);
  assert.equal(await fresh.page.inputValue('#theta'), '0.8');
  assert.equal(await fresh.page.inputValue('#objective'), 'min');
  assert.equal(await fresh.page.inputValue('#pf-0-1'), '-0.5');
  assert.equal(await fresh.page.inputValue('#epsilon'), '0.1');
  assert.equal(await fresh.page.textContent('#design-chi2-xy'), expected.design.chi2_xy.toFixed(4));
  assert.equal(await fresh.page.$$eval('#mmse-heatmap g.cell', (gs) => gs.length), 18);
  await fresh.page.screenshot({ path: join(SCREENSHOTS, 'estimation-edited.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await fresh.context.close();
  await context.close();
});

test('e2e estimation: bad inputs are flagged at their field', async () => {
  const problems = [];
  const { page, context } = await open(problems);
  await page.fill('#theta', '1.5');
  await page.waitForSelector('#err--theta');
  assert.equal(await page.getAttribute('#theta', 'aria-invalid'), 'true');
  assert.match(await page.textContent('#result-error'), /θ must lie in \[0, 1\]/);
  await page.fill('#theta', '0.5');
  await page.fill('#uf-1-2', 'abc');
  await page.waitForSelector('#uf-1-2.invalid');
  await page.fill('#uf-1-2', '-1');
  // A constant private function is refused by the core; its row is marked.
  for (let c = 0; c < 4; c++) await page.fill(`#pf-0-${c}`, '1');
  await page.waitForSelector('#err--private_functions-0', { timeout: 20000 });
  await waitForResult(page);
  assert.match(await page.textContent('#err--private_functions-0'), /constant/);
  assert.equal(await page.getAttribute('#pf-name-0', 'aria-invalid'), 'true');
  // A display-only epsilon that is not a number is flagged but does not stop the solve.
  await page.fill('#pf-0-0', '-1');
  await page.fill('#epsilon', 'x');
  await page.waitForSelector('#err-epsilon');
  await waitForResult(page);
  assert.equal(await page.$('#result-error'), null);
  await page.screenshot({ path: join(SCREENSHOTS, 'estimation-bad-input.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e estimation: the tab, a bigger table and a scenario from the gallery', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.click('#tab-estimation');
  await page.waitForSelector('#pic-chart g.bar');
  await waitForResult(page);
  // A column more: the useful functions follow the shape, the core solves the 4 x 5 table.
  await page.click('#add-col');
  await page.waitForSelector('#uf-0-4');
  await page.fill('input[data-table="joint"][data-row="0"][data-col="4"]', '0.05');
  await page.fill('input[data-table="joint"][data-row="0"][data-col="0"]', '0.1744');
  await page.waitForFunction(() => document.querySelectorAll('#pic-chart g.bar').length === 3 && document.querySelectorAll('#mechanism-heatmap g.cell').length === 25, null, { timeout: 20000 });
  await waitForResult(page);
  assert.equal(await page.inputValue('#uf-0-4'), '0');
  // The example gallery: the q-ary symmetric channel of Example 2 (every PIC 0.49).
  await page.waitForSelector('#example-picker option[value="estimation-qary-example2.json"]', { state: 'attached' });
  await page.selectOption('#example-picker', 'estimation-qary-example2.json');
  await page.waitForFunction(() => document.querySelector('#chi2')?.textContent === '1.4700', null, { timeout: 20000 });
  const bars = await page.$$eval('#pic-chart g.bar', (gs) => gs.map((g) => Number(g.dataset.value)));
  assert.ok(bars.length === 3 && bars.every((v) => close(v, 0.49, 1e-9)));
  assert.equal(await page.isChecked('#design-toggle'), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e estimation: the true distribution and the basis order, compared with the CLI', async () => {
  const problems = [];
  const { page, context } = await open(problems);
  await page.check('#truth-toggle');
  await page.waitForSelector('input[data-table="truth"][data-row="0"][data-col="0"]');
  // P*: move 0.02 of mass from (s1, x1) to (s1, x2).
  await page.fill('input[data-table="truth"][data-row="0"][data-col="0"]', '0.2044');
  await page.fill('input[data-table="truth"][data-row="0"][data-col="1"]', '0.0596');
  await page.fill('#order', '2, 1');
  await page.waitForSelector('#true-design-chi2-sy', { timeout: 20000 });
  await waitForResult(page);
  const truth = est.defaults().joint.map((r) => r.slice());
  truth[0][0] = '0.2044';
  truth[0][1] = '0.0596';
  const state = { ...est.defaults(), truth, order: '2, 1' };
  const { request } = est.toRequest(state);
  assert.deepEqual(request.order, [1, 0]);
  const expected = cli(request);
  assert.equal(await page.textContent('#design-chi2-xy'), expected.design.chi2_xy.toFixed(4));
  assert.equal(await page.textContent('#true-chi2'), expected.true.chi2.toFixed(4));
  assert.equal(await page.textContent('#true-design-chi2-sy'), expected.true.design.chi2_sy.toFixed(4));
  assert.match(await page.textContent('#true-lemma5'), new RegExp(`^${expected.true.lemma5.l1.toFixed(4)}`));
  // A wrong order is flagged at the field.
  await page.fill('#order', '2, 2');
  await page.waitForSelector('#err--order-1');
  assert.equal(await page.getAttribute('#order', 'aria-invalid'), 'true');
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e estimation: readable on a narrow screen (no sideways scrolling)', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems, { width: 390, height: 844 });
  await page.goto(`${env.base}#v=1&view=estimation`);
  await waitForResult(page);
  await page.waitForSelector('#mmse-heatmap svg');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  await page.screenshot({ path: join(SCREENSHOTS, 'estimation-narrow.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

async function grab(page, name) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`button[data-export="${name}"]`)]);
  assert.equal(dl.suggestedFilename(), name);
  return readFileSync(await dl.path()).toString();
}

test('e2e estimation: exports parse back (scenario, mapping, MMSE table, charts)', async () => {
  const problems = [];
  const { page, context } = await open(problems);
  const scenario = JSON.parse(await grab(page, 'scenario.json'));
  assert.deepEqual(scenarioToRequest(scenario), est.toRequest(est.defaults()).request);
  const expected = cli(scenario);
  assert.equal(await page.textContent('#design-chi2-xy'), expected.design.chi2_xy.toFixed(4));
  const mapping = csvToMatrix(await grab(page, 'formulation1-mapping.csv'));
  assertClose(mapping.matrix, expected.design.mechanism, 'mapping CSV');
  const mmse = csvToMatrix(await grab(page, 'mmse-vs-theta.csv'));
  assert.deepEqual(mmse.rowLabels, ['S1 (private)', 'X1 X2 (useful)', 'X2 (useful)']);
  assertClose(mmse.matrix, [expected.sweep.map((d) => d.private[0].mmse), ...[0, 1].map((j) => expected.sweep.map((d) => d.useful[j].mmse))], 'MMSE CSV');
  const tradeoff = (await grab(page, 'tradeoff.csv')).trim().split('\n');
  assert.equal(tradeoff[0], 'series,theta,chi2_SY,chi2_XY');
  assert.equal(tradeoff.filter((l) => l.startsWith('Formulation 1,')).length, expected.sweep.length);
  for (const name of ['pics.svg', 'tradeoff.svg', 'mmse-vs-theta.svg', 'formulation1-mapping.svg'])
    assert.match(await grab(page, name), /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.deepEqual(problems, []);
  await context.close();
});

/** A downloaded scenario as the request the page would send (the scenario's own fields). */
function scenarioToRequest(scenario) {
  const { title, labels, ...request } = scenario;
  return request;
}
