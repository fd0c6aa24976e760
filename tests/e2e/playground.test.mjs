// The playground in headless Chromium, used as a person would: it loads the default example,
// a cell and epsilon are edited, the new matrix read from the page matches the CLI, the copied
// link reproduces the view in a fresh browser context, and a reload restores the table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { openBrowser, newPage, waitForResult, readHeatmap, cli, SCREENSHOTS, ROOT, junkText } from './harness.mjs';
import { nameForPeople } from '../../web/src/words.js';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

test('e2e: the default example solves in the worker with the paper numbers', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  assert.equal(await page.textContent('#mi-estimate'), '0.1005');  // Example 4, SRR under P-hat
  assert.equal(await page.textContent('#mi-true'), '0.0942');      // and under P*
  assert.match(await page.textContent('#audit'), /verified/);
  // The utility-vs-epsilon chart: one line per mechanism (|X| = 4: PolyOpt and NR are swept too).
  await page.waitForSelector('#utility-curve polyline[data-series="PolyOpt"]', { timeout: 30000 });
  const lines = await page.$$eval('#utility-curve polyline.series', (ps) => ps.map((p) => p.dataset.series));
  assert.deepEqual(lines, ['GRR', 'SRR', 'IR', 'NR', 'PolyOpt']);
  // The comparison table at eps = ln 2 has the paper's numbers: Example 3's PolyOpt utility
  // 0.4228 and its eps* under P* 0.2804, Example 5's IR utility 0.0755, and NR's realized
  // epsilon under P* above the design (it protects only P-hat).
  const row = (m) => page.$$eval(`#compare-table tr[data-mechanism="${m}"] td`, (tds) => tds.map((td) => td.textContent));
  const polyopt = await row('polyopt');
  assert.equal(polyopt[4], '0.4228');
  assert.equal(polyopt[2], '0.2804');
  assert.equal((await row('ir'))[4], '0.0755');
  assert.equal(await page.$eval('#compare-table tr[data-mechanism="nr"] td:nth-child(4)', (td) => td.classList.contains('over')), true);
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-default.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: edit a cell and epsilon, compare with the CLI, reload from the copied link', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);

  // Move mass so the table still sums to 1: (s1,u1) 0.07 -> 0.12 and (s2,u2) 0.57 -> 0.52.
  await page.fill('input[data-table="joint"][data-row="0"][data-col="0"]', '0.12');
  await page.fill('input[data-table="joint"][data-row="1"][data-col="1"]', '0.52');
  await page.fill('#epsilon', '1.25');
  await page.selectOption('#mechanism', 'grr');
  await page.waitForFunction(() => document.querySelector('#designed-eps')?.textContent === '1.2500', null, { timeout: 20000 });
  await waitForResult(page);
  assert.match(await page.textContent('#status-joint'), /Probabilities summing to 1/);

  const expected = cli({ family: 'rldp', mechanism: 'grr', joint: [[0.12, 0.10], [0.26, 0.52]], true_joint: [[0.1, 0.1], [0.2, 0.6]],
    epsilon: 1.25, n: 100, uncertainty: { alpha: 2, confidence: 0.95 } });
  const shown = await readHeatmap(page);
  assert.deepEqual(shown.map((v) => v.toFixed(12)), expected.mechanism.flat().map((v) => v.toFixed(12)));
  assert.equal(await page.textContent('#mi-estimate'), expected.mutual_information.toFixed(4));
  assert.equal(await page.textContent('#realized-eps-true'), expected.true.epsilon.toFixed(4));
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-edited.png'), fullPage: true });

  // The copied link reproduces the state in a fresh context (no shared storage).
  await page.click('#copy-link');
  const link = page.url();
  const fresh = await newPage(env.browser, problems);
  await fresh.page.goto(link);
  await waitForResult(fresh.page);
  assert.equal(await fresh.page.inputValue('input[data-table="joint"][data-row="0"][data-col="0"]'), '0.12');
  assert.equal(await fresh.page.inputValue('#epsilon'), '1.25');
  assert.equal(await fresh.page.inputValue('#mechanism'), 'grr');
  assert.deepEqual(await readHeatmap(fresh.page), shown);
  assert.equal(await fresh.page.textContent('#mi-estimate'), expected.mutual_information.toFixed(4));

  // A reload without the hash restores the user's table from local storage.
  await page.goto(link.split('#')[0]);
  await waitForResult(page);
  assert.equal(await page.inputValue('input[data-table="joint"][data-row="0"][data-col="0"]'), '0.12');
  assert.deepEqual(problems, []);
  await fresh.context.close();
  await context.close();
});

test('e2e: rows and columns, names and counts', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.uncheck('#truth-toggle');
  await page.click('#add-col');
  await page.fill('input[aria-label="name of column 3"]', 'u3');
  await page.press('input[aria-label="name of column 3"]', 'Enter');
  // Counts: whole numbers, normalised by the core; n follows from the table when left blank.
  const counts = [['7', '10', '3'], ['26', '47', '7']];
  for (let r = 0; r < 2; r++)
    for (let c = 0; c < 3; c++) await page.fill(`input[data-table="joint"][data-row="${r}"][data-col="${c}"]`, counts[r][c]);
  await page.fill('#sample-size', '');
  await waitForResult(page);
  await page.waitForFunction(() => document.querySelectorAll('#mechanism-heatmap g.cell').length === 36, null, { timeout: 20000 });
  assert.match(await page.textContent('#status-joint'), /Counts: n = 100/);
  const expected = cli({ family: 'rldp', mechanism: 'srr', joint: counts.map((r) => r.map(Number)), epsilon: 0.693147,
    uncertainty: { alpha: 2, confidence: 0.95 } });
  assert.equal(await page.textContent('#mi-estimate'), expected.mutual_information.toFixed(4));
  assert.match(await page.textContent('#mechanism-heatmap'), /s1,u3/);
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-counts-3cols.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: the example gallery and a scenario file load into the editor', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&mech=grr&p=1,2;3,4`);
  await waitForResult(page);
  await page.waitForSelector('#example-picker option[value="rldp-example1.json"]', { state: 'attached' });
  await page.selectOption('#example-picker', 'rldp-example1.json');
  await page.waitForFunction(() => document.querySelector('input[data-table="joint"][data-row="0"][data-col="0"]').value === '0.07');
  await waitForResult(page);
  assert.equal(await page.inputValue('#mechanism'), 'srr');
  assert.match(await page.textContent('#message'), /Loaded: RLDP paper/);

  // A scenario file from disk: same format as `privlab solve` requests.
  const scenario = { family: 'rldp', mechanism: 'grr', joint: [[1, 3], [5, 7]], epsilon: 2, uncertainty: 'simplex', labels: { s: ['male', 'female'], u: ['young', 'old'] } };
  await page.setInputFiles('#scenario-file', { name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)) });
  await page.waitForFunction(() => document.querySelector('#designed-eps')?.textContent === '2.0000', null, { timeout: 20000 });
  await waitForResult(page);
  assert.equal(await page.inputValue('input[aria-label="name of row 1"]'), 'male');
  assert.equal(await page.textContent('#mi-estimate'), cli(scenario).mutual_information.toFixed(4));

  // A broken file leaves the table alone.
  await page.setInputFiles('#scenario-file', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{oops') });
  await page.waitForFunction(() => /not valid JSON/.test(document.querySelector('#message').textContent));
  assert.equal(await page.inputValue('input[aria-label="name of row 1"]'), 'male');
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: readable on a narrow screen (no sideways scrolling) and keyboard reachable', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems, { width: 390, height: 844 });
  await page.goto(env.base);
  await waitForResult(page);
  await page.waitForSelector('#utility-curve svg');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-narrow.png'), fullPage: true });
  // Tab from the top reaches the first probability cell, and typing there re-solves.
  await page.focus('#copy-link');
  let reached = false;
  for (let i = 0; i < 30 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.dataset?.table === 'joint');
  }
  assert.ok(reached, 'a table cell is reachable with Tab');
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: draw P-hat from P* (seeded), then PolyOpt designed on it', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.fill('#sample-size', '500');
  await page.fill('#seed', '7');
  await page.click('#draw-sample');
  await page.waitForFunction(() => /Drew n = 500/.test(document.querySelector('#message').textContent), null, { timeout: 20000 });
  await waitForResult(page);
  const counts = await page.$$eval('input[data-table="joint"]', (inputs) => inputs.map((i) => Number(i.value)));
  const expected = cli({ family: 'rldp', sample: { true_joint: [[0.1, 0.1], [0.2, 0.6]], n: 500, seed: 7 } });
  assert.deepEqual(counts, expected.counts.flat());
  assert.match(await page.textContent('#status-joint'), /Counts: n = 500/);
  await page.selectOption('#mechanism', 'polyopt');
  await waitForResult(page);
  const response = cli({ family: 'rldp', mechanism: 'polyopt', joint: expected.counts, true_joint: [[0.1, 0.1], [0.2, 0.6]],
    epsilon: 0.693147, uncertainty: { alpha: 2, confidence: 0.95 } });
  assert.equal(await page.textContent('#mi-estimate'), response.mutual_information.toFixed(4));
  assert.equal(await page.textContent('#realized-eps-true'), response.true.epsilon === 'Infinity' ? '∞' : response.true.epsilon.toFixed(4));
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-sampled-polyopt.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

// The legend names the mechanisms as the papers do (words.js): "PolyOpt" for the core's "polyopt".
test('e2e: a paper experiment runs in the worker at small K and draws its chart', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.selectOption('#rldp-experiment', 'synthetic_nmi');
  await page.selectOption('#rldp-experiment-k', '3');
  await page.click('#rldp-run-experiment');
  await page.waitForSelector('#rldp-experiments .chart-host polyline.series', { timeout: 60000 });
  const expected = cli({ family: 'rldp', experiment: 'synthetic_nmi', K: 3, shape: [2, 2], n: 1000, epsilons: [0.1, 0.5, 1, 1.5, 2], seed: 1 });
  assert.match(await page.textContent('#rldp-experiment-status'), new RegExp(`${expected.rows.length} rows`));
  const series = await page.$$eval('#rldp-experiments polyline.series', (ps) => ps.map((p) => p.dataset.series));
  assert.deepEqual(series.sort(), [...new Set(expected.rows.map((r) => nameForPeople(String(r[1]))))].sort());
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-experiment.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: a CSV of raw (s, u) samples gives P-hat and n', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&view=funnel`);
  await waitForResult(page);
  const csv = 's,u\n' + ['a,x', 'a,y', 'b,x', 'b,x', 'b,y', 'c,y', 'a,x', 'c,x'].join('\n');
  await page.setInputFiles('#scenario-file', { name: 'samples.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.waitForFunction(() => /Loaded 8 samples/.test(document.querySelector('#message').textContent));
  await waitForResult(page);
  assert.equal(await page.getAttribute('#tab-rldp', 'aria-selected'), 'true');
  assert.match(await page.textContent('#status-joint'), /Counts: n = 8/);
  const counts = await page.$$eval('input[data-table="joint"]', (inputs) => inputs.map((i) => Number(i.value)));
  assert.deepEqual(counts, [2, 1, 2, 1, 1, 1]);
  const expected = cli({ family: 'rldp', mechanism: 'srr', joint: [[2, 1], [2, 1], [1, 1]], epsilon: 0.693147, uncertainty: { alpha: 2, confidence: 0.95 } });
  assert.equal(await page.textContent('#mi-estimate'), expected.mutual_information.toFixed(4));
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: every view explains itself with its key formula typeset (bundled KaTeX, MathML)', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  for (const id of ['rldp', 'rldp-mse', 'funnel', 'estimation', 'game']) {
    await page.click(`#tab-${id}`);
    await page.waitForSelector(`#formula-${id} math`, { timeout: 20000 });
    assert.ok((await page.textContent(`#formula-${id}`)).includes('ε'));
  }
  await page.screenshot({ path: join(SCREENSHOTS, 'about-game.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: the Adult occupation x education preset (|X| = 240) loads and solves like the CLI', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.selectOption('#example-picker', 'rldp-adult-occupation-education.json');
  await page.waitForFunction(() => document.querySelectorAll('#table-joint tbody tr').length === 16, null, { timeout: 20000 });
  await waitForResult(page);
  assert.equal(await page.inputValue('#mechanism'), 'ir');
  assert.match(await page.textContent('#status-joint'), /Counts: n = 32561/);
  const scenario = JSON.parse(readFileSync(join(ROOT, 'examples', 'rldp-adult-occupation-education.json'), 'utf8'));
  assert.equal(await page.textContent('#mi-estimate'), cli(scenario).mutual_information.toFixed(4));
  // The live chart skips every mechanism at |X| = 240 and says so; the comparison table still comes.
  await page.waitForFunction(() => /^No utility curve here: not swept at \|X\| = 240/.test(document.querySelector('#curve-note')?.textContent || ''), null, { timeout: 60000 });
  assert.equal(await page.$$eval('#utility-curve polyline.series', (ps) => ps.length), 0);
  const rows = await page.$$eval('#compare-table tbody tr', (trs) => trs.map((tr) => [tr.dataset.mechanism, tr.innerText]));
  assert.deepEqual(rows.map(([m]) => m), ['grr', 'srr', 'ir', 'nr', 'polyopt']);
  for (const [, text] of rows.slice(3)) assert.match(text, /\|X\| = 240 exceeds the limit/);
  // The 240 x 240 heat map is summarised: its top 16 rows and columns, and the whole matrix as an overview.
  assert.match(await page.getAttribute('#mechanism-heatmap svg.heatmap', 'data-summary'), /^16x16 of 240x240$/);
  assert.equal(await page.$$eval('#mechanism-heatmap canvas.heatmap-overview', (cs) => cs.length), 1);
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-adult-occupation-education.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

// A worker that holds its answer for the Robust LDP view until the test releases it, and answers
// every other family at once with an error naming the family. The held answer is released just
// after the tab switches, inside the debounce window before the new view's own request: the old
// view's answer must never be drawn by the new view (CI once saw the estimation view try).
const HOLDING_WORKER = `
postMessage({ type: 'ready', version: 'scripted' });
const held = [];
new BroadcastChannel('release').onmessage = () => held.splice(0).forEach((f) => f());
self.onmessage = (e) => {
  const { id, request } = e.data;
  if (request === undefined) return;  // not a request
  const family = JSON.parse(request).family;
  const answer = () => postMessage({ id, type: 'result',
    response: JSON.stringify({ error: { code: 'scripted', message: 'scripted answer for ' + family, path: '' } }) });
  if (family === 'rldp') held.push(answer); else answer();
};`;

test('e2e: an answer still on its way when the tab switches is not drawn by the new view', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.route('**/assets/worker.js', (route) => route.fulfill({ contentType: 'text/javascript', body: HOLDING_WORKER }));
  await page.addInitScript(() => {
    window.shownAnswers = [];
    new MutationObserver(() => {
      const panel = document.querySelector('.results');
      const m = panel && /scripted answer for (\S+)/.exec(panel.textContent);
      if (m) window.shownAnswers.push(`${document.querySelector('[role=tab][aria-selected=true]').dataset.view}:${m[1]}`);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(`${env.base}#v=1&view=rldp`);
  await page.waitForFunction(() => /Solving/.test(document.querySelector('#solver-status').textContent));
  assert.deepEqual(await junkText(page), []);  // the status bar while a solve runs
  await page.evaluate(() => {
    document.querySelector('#tab-estimation').click();
    new BroadcastChannel('release').postMessage('go');
  });
  await waitForResult(page);
  await page.waitForTimeout(300);
  const shown = await page.evaluate(() => [...new Set(window.shownAnswers)]);
  assert.deepEqual(shown, ['estimation:estimation']);
  assert.deepEqual(problems, []);
  await context.close();
});
