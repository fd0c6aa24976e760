// The "Evaluate a mechanism" tab in headless Chromium (issue 15): paste a matrix from a
// spreadsheet, see the metrics equal the CLI's for the same request, mark a column that is not a
// distribution, show the optimal mechanism beside it, copy the link and reopen it in a fresh
// context; a preset with a zero entry shows robust ε = ∞; a CSV upload; start from privlab's design.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { openBrowser, newPage, waitForResult, readHeatmap, cli, junkText, SCREENSHOTS } from './harness.mjs';
import { fmt } from '../../web/src/dom.js';
import { parseHash, stateToRequest } from '../../web/src/state.js';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

const stateOf = (page) => parseHash(new URL(page.url()).hash).state;
const shown = (page, key) => page.textContent(`#metric-${key.replace(/\./g, '-')}`);

test('e2e evaluate: paste a matrix, metrics equal the CLI, mark a bad column, compare, share the link', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.click('#tab-evaluate');
  await page.waitForSelector('#paste');
  await waitForResult(page);
  // The default: randomized response at ln 3 over the simplex.
  assert.equal(await shown(page, 'robust_epsilon'), fmt(Math.log(3)));

  // RLDP Example 1's P-hat with the Rényi ball, and a 3 x 4 matrix pasted from a spreadsheet (tabs).
  await page.selectOption('#eval-family', 'rldp');
  await page.click('#paste');
  await page.fill('#paste', '0.6\t0.2\t0.1\t0.1\n0.2\t0.6\t0.1\t0.3\n0.2\t0.2\t0.8\t0.6');
  await page.click('#paste-apply');
  await page.waitForSelector('#input-count');  // the joint is still 2 x 1: 2 inputs, not 4
  await page.click('#resize-context');          // |S| = 2 kept, |U| = 2, uniform
  for (const [r, c, v] of [[0, 0, '0.07'], [0, 1, '0.10'], [1, 0, '0.26'], [1, 1, '0.57']])
    await page.fill(`input[data-table="joint"][data-row="${r}"][data-col="${c}"]`, v);
  await page.selectOption('#unc', 'conf');
  await page.fill('#n', '100');
  await waitForResult(page);
  const request = stateToRequest(stateOf(page)).request;
  assert.deepEqual(request.evaluate, [[0.6, 0.2, 0.1, 0.1], [0.2, 0.6, 0.1, 0.3], [0.2, 0.2, 0.8, 0.6]]);
  assert.deepEqual(request.uncertainty, { alpha: 2, confidence: 0.95 });
  const expected = cli(request);
  assert.equal(expected.mechanism_name, 'evaluated');
  for (const key of ['mutual_information', 'nmi', 'epsilon', 'robust_epsilon', 'ldp_epsilon', 'simplex_epsilon'])
    assert.equal(await shown(page, key), fmt(expected[key]), key);
  assert.deepEqual((await readHeatmap(page)).map((v) => v.toFixed(3)), expected.mechanism.flat().map((v) => v.toFixed(3)));
  assert.match(await page.textContent('#audit'), /re-measured/);

  // A column that is not a distribution is marked and not sent.
  await page.fill('input[data-table="q"][data-row="0"][data-col="2"]', '0.2');
  await page.waitForSelector('#bad-columns');
  assert.match(await page.textContent('#bad-columns'), /column 3 \(sums to 1.1, not 1\)/);
  assert.equal(await page.getAttribute('[data-col-status="2"]', 'data-bad'), 'true');
  assert.equal(await page.getAttribute('input[data-table="q"][data-row="2"][data-col="2"]', 'aria-invalid'), 'true');
  await page.fill('input[data-table="q"][data-row="0"][data-col="2"]', '0.1');
  await page.waitForSelector('#bad-columns', { state: 'detached' });
  await waitForResult(page);

  // One click: the optimal mechanism (PolyOpt at the matrix's robust ε) beside it.
  await page.check('#compare');
  await page.waitForSelector('#optimal-heatmap svg');
  await waitForResult(page);
  const compared = cli(stateToRequest(stateOf(page)).request);
  assert.equal(compared.comparison.mechanism_name, 'polyopt');
  assert.match(await page.textContent('#comparison-ratio'), new RegExp(fmt(compared.comparison.utility_ratio).replace('.', '\\.')));
  assert.ok(compared.comparison.utility_ratio <= 1 + 1e-9);
  await page.screenshot({ path: join(SCREENSHOTS, 'evaluate-pasted.png'), fullPage: true });
  assert.deepEqual(await junkText(page), []);

  // The link carries the matrix: a fresh context shows the same matrix and numbers.
  await page.click('#copy-link');
  const fresh = await newPage(env.browser, problems);
  await fresh.page.goto(page.url());
  await waitForResult(fresh.page);
  assert.equal(await fresh.page.getAttribute('#tab-evaluate', 'aria-selected'), 'true');
  assert.equal(await fresh.page.inputValue('input[data-table="q"][data-row="1"][data-col="3"]'), '0.3');
  assert.equal(await shown(fresh.page, 'robust_epsilon'), fmt(expected.robust_epsilon));
  await fresh.page.waitForSelector('#optimal-heatmap svg');
  await fresh.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e evaluate: the broken preset shows robust ε = ∞; a CSV upload; start from privlab’s design', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.waitForSelector('#example-picker option[value="evaluate-rldp-broken-zero.json"]', { state: 'attached' });
  await page.selectOption('#example-picker', 'evaluate-rldp-broken-zero.json');
  await page.waitForSelector('#preset-card[data-preset="evaluate-rldp-broken-zero.json"]');
  await waitForResult(page);
  assert.equal(await page.getAttribute('#tab-evaluate', 'aria-selected'), 'true');
  assert.equal(await shown(page, 'robust_epsilon'), '∞');
  assert.equal(await shown(page, 'epsilon'), fmt(Math.log(0.5 / (0.5 * 0.26 / 0.83))));
  await page.screenshot({ path: join(SCREENSHOTS, 'evaluate-broken.png'), fullPage: true });

  // The hand-made location table: game metrics as the CLI gives them.
  await page.selectOption('#example-picker', 'evaluate-game-location-table.json');
  await page.waitForSelector('#eval-family option[value="game"][selected]', { state: 'attached' });
  await waitForResult(page);
  const game = cli(stateToRequest(stateOf(page)).request);
  for (const key of ['cost', 'adversary_error', 'bayes_error', 'epsilon']) assert.equal(await shown(page, key), fmt(game[key]), key);
  await page.waitForSelector('#optimal-heatmap svg');

  // A CSV file (commas) replaces the matrix.
  const dir = mkdtempSync(join(tmpdir(), 'privlab-eval-'));
  const csv = join(dir, 'table.csv');
  writeFileSync(csv, '# reported place by true place\n1,0,0,0\n0,1,0,0\n0,0,1,0.5\n0,0,0,0.5\n');
  await page.setInputFiles('#csv-file', csv);
  await page.waitForFunction(() => document.querySelector('input[data-table="q"][data-row="3"][data-col="3"]').value === '0.5');
  await waitForResult(page);
  assert.equal(await shown(page, 'cost'), fmt(cli(stateToRequest(stateOf(page)).request).cost));

  // Start from privlab's design (the metric-DP LP) and edit it.
  await page.click('#start-design');
  await page.waitForSelector('#paste-note:has-text("Loaded privlab")');
  await waitForResult(page);
  const st = stateOf(page);
  const designed = cli(stateToRequest(st).request);
  assert.equal(designed.mechanism_name, 'evaluated');
  assert.equal(await shown(page, 'cost'), fmt(designed.cost));
  assert.deepEqual(await junkText(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

/**
 * "Edit in Evaluate" in each design view: the designed matrix opens in the Evaluate view with the
 * view's context, and the metric the design reported is measured back from the matrix alone
 * (the same number, as shown); the design view keeps its inputs (its tab, and Back).
 */
const DESIGNS = [
  { view: 'rldp', edit: ['#epsilon', '1.1'], designed: '#mi-estimate', measured: 'mutual_information' },
  { view: 'rldp-mse', designed: '#distortion-nunp', measured: 'distortion', button: '[data-problem="nunp"] .edit-in-evaluate' },
  { view: 'funnel', edit: ['#epsilon', '0.8'], designed: '#mi', measured: 'mutual_information' },
  { view: 'estimation', designed: '#design-chi2-sy', measured: 'chi2_sy' },
];
for (const d of DESIGNS) {
  test(`e2e evaluate: "Edit in Evaluate" from ${d.view} measures back the design's number`, async () => {
    const problems = [];
    const { page, context } = await newPage(env.browser, problems);
    await page.goto(`${env.base}#v=1&view=${d.view}`);
    await waitForResult(page);
    if (d.edit) {
      await page.fill(...d.edit);
      await page.waitForFunction((v) => location.hash.includes(v) || location.hash.includes('z='), encodeURIComponent(d.edit[1]));
      await waitForResult(page);
    }
    const designed = (await page.textContent(d.designed)).replace('✓', '').trim();
    await page.click(d.button || '.edit-in-evaluate');
    await page.waitForSelector('#tab-evaluate[aria-selected="true"]');
    await waitForResult(page);
    assert.equal((await shown(page, d.measured)).trim(), designed, `${d.view}: ${d.measured}`);
    assert.equal(stateOf(page).fam, d.view);
    // Its cells are editable: the matrix is in the editor.
    assert.ok(await page.locator('input[data-table="q"]').count() >= 4);
    assert.deepEqual(await junkText(page), []);
    await page.goBack();
    await page.waitForSelector(`#tab-${d.view}[aria-selected="true"]`);
    await waitForResult(page);
    if (d.edit) assert.equal(await page.inputValue(d.edit[0]), d.edit[1]);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
