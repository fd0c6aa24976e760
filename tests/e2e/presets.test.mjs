// The preset card: a preset loaded from the gallery shows its own paragraph and typeset formula,
// says so once the inputs are edited (and loads again on request), travels in the copied link,
// a preset that the view cannot lay out (a paper experiment, a sampling request) runs as one
// request and the card draws it, and a link naming anything but a shipped preset shows no card.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import { openBrowser, newPage, waitForResult, cli, SCREENSHOTS, ROOT, junkText } from './harness.mjs';
import { scenarioToState } from '../../web/src/state.js';
import { fmt } from '../../web/src/dom.js';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

const preset = (file) => JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8'));

test('e2e presets: a gallery preset shows its explanation and formula; edits are noted; the link keeps it', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  assert.equal(await page.$('#preset-card'), null);  // the default state is no preset
  await page.waitForSelector('#example-picker option[value="rldp-example4-srr.json"]', { state: 'attached' });
  await page.selectOption('#example-picker', 'rldp-example4-srr.json');
  await page.waitForSelector('#preset-card[data-preset="rldp-example4-srr.json"] #preset-formula math');
  await waitForResult(page);
  const scenario = preset('rldp-example4-srr.json');
  assert.equal(await page.textContent('#preset-explanation'), scenario.explanation);
  assert.match(await page.textContent('#preset-card summary'), /RLDP Example 4/);
  assert.equal(await page.textContent('#mi-estimate'), cli(scenario).mutual_information.toFixed(4));
  assert.equal(await page.$('#preset-edited'), null);
  await page.screenshot({ path: join(SCREENSHOTS, 'preset-card.png') });

  // An edit: the card stays, and says the numbers no longer are the preset's.
  await page.fill('#epsilon', '1.5');
  await page.waitForSelector('#preset-edited');
  await waitForResult(page);
  const link = page.url();
  assert.match(link, /preset=rldp-example4-srr\.json|z=/);

  // The copied link opens the same preset card (and edited note) in a fresh context.
  const fresh = await newPage(env.browser, problems);
  await fresh.page.goto(link);
  await fresh.page.waitForSelector('#preset-card[data-preset="rldp-example4-srr.json"] #preset-edited');
  await waitForResult(fresh.page);
  assert.equal(await fresh.page.inputValue('#epsilon'), '1.5');
  // "Load it again" restores the preset's inputs and clears the note.
  await fresh.page.click('#preset-reload');
  await fresh.page.waitForFunction(() => !document.querySelector('#preset-edited'));
  await waitForResult(fresh.page);
  assert.equal(Number(await fresh.page.inputValue('#epsilon')).toFixed(4), scenario.epsilon.toFixed(4));
  await fresh.context.close();

  // Another view's preset replaces the card; a file of the user's own shows none.
  await page.selectOption('#example-picker', 'game-grid-dp.json');
  await page.waitForSelector('#preset-card[data-preset="game-grid-dp.json"] #preset-formula math');
  assert.equal(await page.getAttribute('#tab-game', 'aria-selected'), 'true');
  const own = { family: 'rldp', mechanism: 'grr', joint: [[1, 3], [5, 7]], epsilon: 2, uncertainty: 'simplex' };
  await page.setInputFiles('#scenario-file', { name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(own)) });
  await page.waitForFunction(() => document.querySelector('#tab-rldp').getAttribute('aria-selected') === 'true');
  await waitForResult(page);
  assert.equal(await page.$('#preset-card'), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e presets: a link naming no shipped preset shows no card and runs nothing', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  for (const name of ['nope.json', encodeURIComponent('<img src=x onerror=alert(1)>.json'), '..%2F..%2Fetc%2Fpasswd']) {
    await page.goto(`${env.base}#v=1&view=rldp&preset=${name}&eps=1`);
    await waitForResult(page);
    assert.equal(await page.$('#preset-card'), null, name);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

// The presets whose scenario the view cannot hold: they run whole in the worker.
const WHOLE = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json')).sort().filter((f) => {
  try { scenarioToState(preset(f)); return false; } catch { return true; }
});

test('e2e presets: experiment and other whole-request presets run in the worker and draw like the CLI', async () => {
  assert.ok(WHOLE.length >= 8, WHOLE.join(' '));
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.waitForSelector('#example-picker option[value="game-scenario1.json"]', { state: 'attached' });
  for (const file of WHOLE) {
    const scenario = preset(file);
    await page.selectOption('#example-picker', file);
    await page.waitForSelector(`#preset-card[data-preset="${file}"] #preset-result[data-status=done]`, { timeout: 120000 });
    assert.equal(await page.getAttribute(`#tab-${scenario.family}`, 'aria-selected'), 'true', file);
    const expected = cli(scenario);
    if (expected.rows) {
      assert.equal(await page.$$eval('#preset-result .chart-host svg', (s) => s.length), (expected.plots || []).length, file);
      // Every plotted row of the first chart is drawn (points, or line vertices).
      const drawn = await page.$$eval('#preset-result .chart-host[data-plot="0"] svg', ([svg]) =>
        svg.querySelectorAll('g.point, g.box').length + [...svg.querySelectorAll('polyline.series')].reduce((n, p) => n + p.getAttribute('points').trim().split(/\s+/).filter(Boolean).length, 0));
      assert.ok(drawn > 0, file);
      // Box plots (Figure 8): one box per threshold in every chart, at the core's five numbers.
      for (const [i, plot] of (expected.plots || []).entries()) {
        if (plot.kind !== 'box') continue;
        const boxes = await page.$$eval(`#preset-result .chart-host[data-plot="${i}"] g.box`, (gs) => gs.map((g) => Number(g.dataset.x)));
        assert.deepEqual(boxes, plot.boxes.map((b) => b[0]), `${file}: chart ${i}`);
      }
      if (file === 'game-figure8.json') await page.locator('#preset-card').screenshot({ path: join(SCREENSHOTS, 'preset-figure8.png') });
    } else {
      for (const key of Object.keys(expected).filter((k) => typeof expected[k] === 'number'))
        assert.equal(await page.textContent(`#preset-result dd[data-field="${key}"]`), fmt(expected[key]), `${file}: ${key}`);
    }
  }
  assert.deepEqual(await junkText(page), []);
  await page.selectOption('#example-picker', 'game-scenario1.json');
  await page.waitForSelector('#preset-result[data-status=done]');
  await page.locator('#preset-card').screenshot({ path: join(SCREENSHOTS, 'preset-experiment.png') });

  // Its link runs it again in a fresh context; the view's own table is untouched meanwhile.
  const fresh = await newPage(env.browser, problems);
  await fresh.page.goto(page.url());
  await fresh.page.waitForSelector('#preset-card[data-preset="game-scenario1.json"] #preset-result[data-status=done]', { timeout: 60000 });
  await waitForResult(fresh.page);
  await fresh.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});
