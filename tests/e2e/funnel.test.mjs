// The "Privacy funnel" tab in headless Chromium: the default (optimal 0.5-LIP, |X| = 3) with the
// simplex drawing and the curves of every protocol; a calibrated protocol compared with the CLI;
// the copied link reopened in a fresh context; bad input flagged at its field; the Theorem 4
// counterexample with its SRLIP flagged over the target; the opt-LDP size guard in the sweep.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openBrowser, newPage, waitForResult, readHeatmap, cli, SCREENSHOTS } from './harness.mjs';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

const DEFAULT_REQUEST = { family: 'funnel', mechanism: 'opt-lip', joint: [[0.2, 0.1, 0.15], [0.05, 0.3, 0.2]], epsilon: 0.5 };
const cellsOf = (m) => m.flat().map((v) => v.toFixed(12));

async function openFunnel(page, hash = '#v=1&view=funnel') {
  await page.goto(`${env.base}${hash}`);
  await waitForResult(page);
}

test('e2e funnel: the default solves, draws Δ in the simplex and the curves of all protocols', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.click('#tab-funnel');
  await page.waitForSelector('#mechanism option[value="opt-lip"]', { state: 'attached' });
  await waitForResult(page);
  const expected = cli(DEFAULT_REQUEST);
  assert.deepEqual(cellsOf([await readHeatmap(page)]), cellsOf(expected.mechanism));
  assert.equal(await page.textContent('#mi'), expected.mutual_information.toFixed(4));
  assert.equal(await page.textContent('#leakage'), expected.leakage.toFixed(4));
  assert.equal(await page.textContent('#lip'), expected.lip.toFixed(4));
  assert.equal(await page.textContent('#ldp'), expected.ldp.toFixed(4));
  assert.match(await page.textContent('#audit'), /verified/);
  // Lemma 1 on the shown numbers: I(S;Y) <= LIP.
  assert.ok(expected.leakage <= expected.lip + 1e-12);

  // The simplex: Δ's polygon, one dot per vertex, one square per output, p_X; the optimal LIP
  // protocol's posteriors are vertices of Δ (Theorem 3).
  const sx = expected.simplex;
  assert.equal(await page.locator('#simplex-plot polygon[data-role="delta"]').count(), 1);
  assert.equal(await page.locator('#simplex-plot circle.delta-vertex').count(), sx.delta_vertices.length);
  assert.equal(await page.locator('#simplex-plot g.posterior').count(), sx.posteriors.length);
  assert.equal(await page.locator('#simplex-plot [data-role="prior"]').count(), 1);
  const chosen = await page.$$eval('#simplex-plot g.posterior', (gs) => gs.map((g) => Number(g.dataset.vertex)));
  assert.deepEqual(chosen, sx.chosen);
  assert.ok(chosen.every((c) => c >= 0));
  const weights = await page.$$eval('#simplex-plot g.posterior', (gs) => gs.map((g) => Number(g.dataset.weight)));
  assert.ok(Math.abs(weights.reduce((a, b) => a + b, 0) - 1) < 1e-9);

  await page.waitForSelector('#utility-curve polyline[data-series="CR"]', { timeout: 30000 });
  const lines = await page.$$eval('#utility-curve polyline.series', (ps) => ps.map((p) => p.dataset.series));
  assert.deepEqual(lines, ['opt-LIP', 'opt-LDP', 'GRR', 'OUE', 'CR']);
  await page.screenshot({ path: join(SCREENSHOTS, 'funnel-default.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e funnel: a calibrated protocol matches the CLI, and the copied link reproduces it', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await openFunnel(page);
  await page.selectOption('#mechanism', 'grr');
  await page.waitForSelector('#metric');
  await page.selectOption('#metric', 'ldp');
  await page.fill('input[data-table="joint"][data-row="0"][data-col="0"]', '0.25');
  await page.fill('input[data-table="joint"][data-row="1"][data-col="2"]', '0.15');
  await page.fill('#epsilon', '1.25');
  await page.waitForFunction(() => /ε = 1\.2500/.test(document.querySelector('#target')?.textContent || ''), null, { timeout: 20000 });
  await waitForResult(page);
  const request = { family: 'funnel', mechanism: 'grr', joint: [[0.25, 0.1, 0.15], [0.05, 0.3, 0.15]], epsilon: 1.25, metric: 'ldp' };
  const expected = cli(request);
  assert.deepEqual(cellsOf([await readHeatmap(page)]), cellsOf(expected.mechanism));
  assert.equal(await page.textContent('#mi'), expected.mutual_information.toFixed(4));
  assert.equal(await page.textContent('#ldp'), expected.ldp.toFixed(4));
  assert.equal(await page.textContent('#alpha'), expected.alpha.toFixed(4));
  assert.ok(Math.abs(expected.ldp - 1.25) < 1e-9, 'calibrated to the target');
  // GRR's posteriors are drawn too; they are not vertices of Δ.
  assert.equal(await page.locator('#simplex-plot g.posterior').count(), expected.simplex.posteriors.length);

  await page.click('#copy-link');
  const link = page.url();
  const fresh = await newPage(env.browser, problems);
  await fresh.page.goto(link);
  await waitForResult(fresh.page);
  assert.equal(await fresh.page.inputValue('#mechanism'), 'grr');
  assert.equal(await fresh.page.inputValue('#metric'), 'ldp');
  assert.equal(await fresh.page.inputValue('#epsilon'), '1.25');
  assert.equal(await fresh.page.inputValue('input[data-table="joint"][data-row="1"][data-col="2"]'), '0.15');
  assert.equal(await fresh.page.textContent('#mi'), expected.mutual_information.toFixed(4));
  assert.deepEqual(await readHeatmap(fresh.page), await readHeatmap(page));
  assert.deepEqual(problems, []);
  await fresh.context.close();
  await context.close();
});

test('e2e funnel: bad input is flagged at its field', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await openFunnel(page);
  await page.fill('#epsilon', 'abc');
  await waitForResult(page);
  assert.equal(await page.getAttribute('#epsilon', 'aria-invalid'), 'true');
  assert.match(await page.textContent('#err--epsilon'), /ε must be a number/);
  await page.fill('#epsilon', '0.5');
  await page.fill('#attributes', '2,2');
  await waitForResult(page);
  assert.equal(await page.getAttribute('#attributes', 'aria-invalid'), 'true');
  assert.match(await page.textContent('#err--attributes'), /multiply to 4, but X has 3 values/);
  await page.fill('#attributes', '');
  await page.fill('input[data-table="joint"][data-row="0"][data-col="1"]', '-0.1');
  await waitForResult(page);
  assert.equal(await page.getAttribute('input[data-table="joint"][data-row="0"][data-col="1"]', 'aria-invalid'), 'true');
  // An error of the core is shown with its field: CR needs mass on every secret.
  await openFunnel(page, '#v=1&view=funnel&mech=cr&p=0,0,0;1,2,3');
  assert.match(await page.textContent('#result-error'), /\/joint\/0/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e funnel: the Theorem 4 counterexample shows SRLIP over its target', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await openFunnel(page);
  await page.click('#load-theorem4');
  await page.waitForFunction(() => document.querySelector('#srlip'), null, { timeout: 20000 });
  await waitForResult(page);
  const expected = cli({ family: 'funnel', mechanism: 'srlip-product', joint: [[3, 0, 0, 0], [3, 0, 0, 1]], epsilon: 1.5, attributes: [2, 2] });
  assert.equal(expected.srlip_exceeds_target, true);
  assert.equal(await page.textContent('#srlip'), expected.srlip.toFixed(4));
  assert.equal(await page.getAttribute('#srlip', 'style') !== null, true);
  assert.equal(await page.locator('#metrics-table tr[data-flag="over-target"]').count() >= 1, true);
  assert.match(await page.textContent('#metrics-table'), /exceeds the target ε = 1\.500 \(Theorem 4 is false\)/);
  assert.deepEqual(cellsOf([await readHeatmap(page)]), cellsOf(expected.mechanism));
  assert.match(await page.textContent('#simplex-absent'), /exactly 3 values/);
  await page.waitForSelector('#utility-curve polyline[data-series="product"]', { timeout: 30000 });
  await page.screenshot({ path: join(SCREENSHOTS, 'funnel-theorem4.png'), fullPage: true });

  // The same scenario from the example gallery.
  await openFunnel(page);
  await page.waitForSelector('#example-picker option[value="funnel-theorem4-counterexample.json"]', { state: 'attached' });
  await page.selectOption('#example-picker', 'funnel-theorem4-counterexample.json');
  await page.waitForFunction(() => document.querySelector('#attributes')?.value === '2,2', null, { timeout: 20000 });
  await waitForResult(page);
  assert.equal(await page.textContent('#srlip'), expected.srlip.toFixed(4));
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e funnel: past the size guard of Γ the sweep skips opt-LDP with a note', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  const joint = '0.1,0.05,0.1,0.15,0.1;0.1,0.15,0.1,0.05,0.1';
  await openFunnel(page, `#v=1&view=funnel&mech=opt-lip&eps=1&p=${joint}`);
  await page.waitForSelector('#utility-curve polyline[data-series="CR"]', { timeout: 30000 });
  const lines = await page.$$eval('#utility-curve polyline.series', (ps) => ps.filter((p) => p.getAttribute('points')).map((p) => p.dataset.series));
  assert.deepEqual(lines, ['opt-LIP', 'GRR', 'OUE', 'CR']);
  assert.match(await page.textContent('#utility-curve'), /\(opt-LDP\)/);  // in the legend, keeping the colours
  assert.match(await page.textContent('#curve-note'), /opt-LDP not drawn/);
  assert.match(await page.textContent('#simplex-absent'), /exactly 3 values/);
  await page.selectOption('#mechanism', 'opt-ldp');
  await waitForResult(page);
  assert.match(await page.textContent('#result-error'), /Gamma|Γ/);
  await page.screenshot({ path: join(SCREENSHOTS, 'funnel-ldp-guard.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});
