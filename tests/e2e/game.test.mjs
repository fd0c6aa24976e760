// The "Privacy game" tab in headless Chromium: the default (4x4 grid, joint example) solves the
// three mechanisms side by side with the numbers of the CLI, draws p(. | s), the adversary's
// arrows, the posterior and both curves; painting the prior (mouse and keyboard) and editing ε
// re-solve and match the CLI; the copied link reopens in a fresh context; d_m above the
// threshold is flagged at its field; a large grid waits for "Solve anyway", shows progress and
// can be cancelled; a grid too large for the browser says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { openBrowser, newPage, cli, SCREENSHOTS } from './harness.mjs';
import { parseHash, serializeHash } from '../../web/src/state.js';
import { solveRequests, MECHANISMS, defaults, paperMapSize } from '../../web/src/views/game_state.js';
import { csvToMatrix } from '../../web/src/export_formats.js';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

/**
 * Waits until the three mechanisms are shown for the state in the address bar. On a timeout
 * the error carries what the page shows (solver status, results panel), so that a CI log says
 * whether the solve hung, failed or was still running.
 */
async function waitForSolved(page, timeout = 60000) {
  try {
    await page.waitForFunction(() => {
      const panel = document.querySelector('#game-results');
      return panel && panel.dataset.solved === location.hash.slice(1) && !document.querySelector('#cancel');
    }, null, { timeout });
  } catch (e) {
    const shown = await page.evaluate(() => ({
      status: document.querySelector('#solver-status')?.textContent ?? null,
      results: (document.querySelector('#game-results')?.textContent ?? '').slice(0, 600),
    })).catch(() => ({}));
    e.message += `\nthe page showed: ${JSON.stringify(shown)}`;
    throw e;
  }
}

async function waitForCurves(page) {
  await page.waitForFunction(() => {
    const c = document.querySelector('#game-curves');
    return c && c.dataset.solved === location.hash.slice(1);
  }, null, { timeout: 90000 });
}

/** The CLI's answer, also when it refuses the request (exit 2 with the error on stdout). */
function cliAnswer(request) {
  try {
    return cli(request);
  } catch (e) {
    if (e.stdout && e.stdout.length) return JSON.parse(e.stdout.toString());
    throw e;
  }
}

/** The CLI's answers for the state in the page's address bar. */
function expectedFor(url) {
  const { state, error } = parseHash(new URL(url).hash);
  assert.equal(error, null);
  const { requests } = solveRequests(state);
  return { state, responses: requests.map((r) => cliAnswer(r)) };
}

/** WASM and native runs of the same LP agree to round-off (last digits may differ). */
const close = (a, b, what, tolerance = 1e-6) => {
  assert.equal(a.length, b.length, what);
  a.forEach((v, i) => assert.ok(Math.abs(v - b[i]) <= tolerance, `${what}[${i}]: ${v} vs ${b[i]}`));
};

async function compareWithCli(page) {
  const { state, responses } = expectedFor(page.url());
  for (const [i, m] of MECHANISMS.entries()) {
    const r = responses[i];
    if (r.error) {
      assert.match(await page.textContent(`#cmp-${m}-error`), new RegExp(r.error.message.slice(0, 20).replace(/[()[\]^$.*+?{}|\\]/g, '\\$&')));
      continue;
    }
    assert.equal(await page.textContent(`#cmp-${m}-cost`), r.cost.toFixed(4), `${m} cost`);
    assert.equal(await page.textContent(`#cmp-${m}-adversary_error`), r.adversary_error.toFixed(4), `${m} error`);
    assert.equal(await page.textContent(`#cmp-${m}-bayes_error`), r.bayes_error.toFixed(4), `${m} Bayes error`);
    assert.equal(await page.textContent(`#cmp-${m}-audit`), '✓ verified');
  }
  // The map: p(o | s = picked) of the drawn mechanism, exactly; one arrow per reported cell whose
  // guess is another cell.
  const r = responses[MECHANISMS.indexOf(state.mech)];
  const sel = Number(state.sel);
  const shown = await page.$$eval('#game-map g.map-cell', (gs) => gs.map((g) => Number(g.dataset.value)));
  close(shown, r.mechanism.map((row) => row[sel]), 'p(o | s)');
  const arrows = await page.$$eval('#game-map g.arrow', (gs) => gs.map((g) => [Number(g.dataset.from), Number(g.dataset.to)]));
  const expectedArrows = r.attack.map((to, from) => [from, to]).filter(([from, to]) => from !== to && r.observation_probability[from] > 1e-9);
  assert.deepEqual(arrows, expectedArrows);
  const posterior = await page.$$eval('#posterior-map g.map-cell', (gs) => gs.map((g) => Number(g.dataset.value)));
  // The posterior divides by Pr(o): round-off of the LP is amplified for rarely reported cells.
  close(posterior, r.posterior[sel], 'posterior', 1e-4);
  assert.equal(await page.getAttribute('#posterior-map svg', 'data-selected'), String(r.attack[sel]));
  return { state, responses };
}

test('e2e game: the default solves the three mechanisms like the CLI, with map, posterior and curves', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await page.click('#tab-game');
  await waitForSolved(page);
  const { state, responses } = await compareWithCli(page);
  assert.equal(state.mech, 'joint');
  // The LP-size counter is the core's estimate: the same sizes as the solved LPs.
  for (const [i, m] of MECHANISMS.entries()) {
    assert.equal(await page.textContent(`#lp-${m}-constraints`), responses[i].lp.constraints.toLocaleString('en'));
    assert.equal(await page.textContent(`#lp-${m}-fits`), '✓');
  }
  assert.equal(await page.getAttribute('#lp-counter', 'data-status'), 'auto');
  assert.match(await page.textContent('#dm-threshold'), new RegExp(responses[2].feasibility_threshold.toFixed(4)));
  // cost(joint) >= max(cost(dp), cost(distortion)), as the page shows it.
  const cost = async (m) => Number(await page.textContent(`#cmp-${m}-cost`));
  assert.ok(await cost('joint') >= Math.max(await cost('dp'), await cost('distortion')) - 1e-4);
  await waitForCurves(page);
  assert.deepEqual(await page.$$eval('#cost-vs-dm polyline.series', (ps) => ps.map((p) => p.dataset.series)), ['distortion', 'joint', 'DP (no d_m)']);
  assert.deepEqual(await page.$$eval('#cost-vs-eps polyline.series', (ps) => ps.map((p) => p.dataset.series)), ['DP', 'joint', 'distortion (no ε)']);
  const points = await page.$$eval('#cost-vs-dm polyline.series', (ps) => ps.map((p) => p.getAttribute('points').split(' ').length));
  assert.deepEqual(points, [6, 6, 6]);
  await page.screenshot({ path: join(SCREENSHOTS, 'game-default.png'), fullPage: true });
  // Exports: the drawn mechanism as CSV, and the scenario file that `privlab solve` answers the same.
  const grab = async (name) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`button[data-export="${name}"]`)]);
    assert.equal(dl.suggestedFilename(), name);
    return readFileSync(await dl.path(), 'utf8');
  };
  const scenario = JSON.parse(await grab('scenario.json'));
  assert.match(scenario.title, /Joint/);
  delete scenario.title;
  assert.deepEqual(scenario, solveRequests(state).requests[2]);
  assert.equal(cli(scenario).cost, responses[2].cost);
  const csv = csvToMatrix(await grab('game-joint.csv'));
  close(csv.matrix.flat(), responses[2].mechanism.flat(), 'CSV');
  assert.equal(csv.colLabels[7], 'B4');
  // Another mechanism on the map, and another picked cell: no new solve needed, same numbers.
  await page.click('button[data-show="dp"]');
  await page.click('#cell-0');
  await waitForSolved(page);
  await compareWithCli(page);
  assert.equal(await page.getAttribute('#game-map svg', 'data-selected'), '0');
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e game: paint the prior (mouse and keyboard), edit ε, compare with the CLI, reopen the link', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&view=game`);
  await waitForSolved(page);
  await page.check('#tool-paint');
  await page.click('#cell-12');
  await page.waitForFunction(() => location.hash.includes('&w='));
  const painted = parseHash(new URL(page.url()).hash).state;
  assert.equal(painted.gen, null);
  const before = painted.weights.map(Number);
  assert.ok(before[12] > 3, 'the painted cell gained mass');
  // Keyboard: the focused cell moves with the arrow keys, + adds mass, Enter picks the cell.
  await page.focus('#cell-12');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('+');
  await page.waitForFunction((w) => !location.hash.includes(`w=${w}`), before.join(','));
  const after = parseHash(new URL(page.url()).hash).state.weights.map(Number);
  assert.ok(after[13] > before[13]);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.hash.includes('sel=13'));
  await page.fill('#epsilon', '0.8');
  await page.waitForFunction(() => location.hash.includes('eps=0.8'));
  await waitForSolved(page);
  const { responses } = await compareWithCli(page);
  assert.equal(await page.textContent('#cmp-dp-target'), 'ε = 0.8000');
  await page.screenshot({ path: join(SCREENSHOTS, 'game-painted.png'), fullPage: true });

  await page.click('#copy-link');
  const link = page.url();
  const fresh = await newPage(env.browser, problems);
  await fresh.page.goto(link);
  await waitForSolved(fresh.page);
  assert.equal(await fresh.page.inputValue('#epsilon'), '0.8');
  assert.equal(await fresh.page.getAttribute('#game-map svg', 'data-selected'), '13');
  for (const [i, m] of MECHANISMS.entries())
    assert.equal(await fresh.page.textContent(`#cmp-${m}-cost`), responses[i].cost.toFixed(4));
  assert.deepEqual(problems, []);
  await fresh.context.close();
  await context.close();
});

test('e2e game: bad input is flagged at its field; d_m above the threshold by the core', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&view=game`);
  await waitForSolved(page);
  await page.fill('#epsilon', 'abc');
  await page.waitForSelector('#epsilon.invalid');
  assert.match(await page.textContent('#err-epsilon'), /ε must be a number/);
  await page.fill('#epsilon', '0.5');
  await page.fill('#min-distortion', '5');
  await waitForSolved(page);
  await page.waitForSelector('#min-distortion.invalid');
  const expected = expectedFor(page.url()).responses;
  assert.equal(expected[0].error.path, '/min_distortion');
  assert.match(await page.textContent('#err-min_distortion'), /^distortion and joint: min_distortion 5 exceeds the feasibility threshold/);
  assert.match(await page.textContent('#cmp-joint-error'), /./);
  assert.equal(await page.textContent('#cmp-dp-cost'), expected[1].cost.toFixed(4), 'the DP mechanism still solves');
  await page.screenshot({ path: join(SCREENSHOTS, 'game-infeasible.png'), fullPage: true });
  await page.fill('#min-distortion', '1');
  await waitForSolved(page);
  assert.equal(await page.textContent('#err-min_distortion'), '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e game: large grids wait for "Solve anyway" (progress); 10x10 solves by decomposition with rounds and gap', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&view=game&r=6&c=6`);
  await page.waitForFunction(() => document.querySelector('#game-results')?.dataset.estimated === location.hash.slice(1));
  assert.equal(await page.getAttribute('#lp-counter', 'data-status'), 'large');
  assert.equal(await page.locator('#cmp-joint-cost').count(), 0, 'nothing solved on its own');
  await page.screenshot({ path: join(SCREENSHOTS, 'game-large.png'), fullPage: true });
  // The three 6x6 LPs end in well under a second, too soon to cancel reliably (three runs, two of
  // them in CI, ended before the click): Cancel is tried on the 13-second spread prior below.
  await page.click('#solve-anyway');
  await waitForSolved(page);
  assert.equal(await page.locator('#cmp-joint-cost').count(), 1);

  // 10x10: every LP is solved by decomposition (n + 1 rows whatever the grid), large, so it
  // waits for "Solve anyway"; the status line shows the rounds and the certified gap.
  await page.selectOption('#grid-rows', '10');
  await page.selectOption('#grid-cols', '10');
  await page.waitForFunction(() => location.hash.includes('r=10&c=10'));
  await page.waitForFunction(() => document.querySelector('#game-results')?.dataset.estimated === location.hash.slice(1));
  for (const m of MECHANISMS) {
    assert.equal(await page.textContent(`#lp-${m}-fits`), '✓', `${m} fits at 10x10`);
    assert.equal(await page.textContent(`#lp-${m}-method`), 'decomposition');
  }
  assert.equal(await page.getAttribute('#lp-counter', 'data-status'), 'large');
  await page.click('#solve-anyway');
  await page.waitForFunction(() => /decomposition: round \d+, \d+ rows, gap /.test(document.querySelector('#solver-status').textContent), null, { timeout: 120000 });
  await page.screenshot({ path: join(SCREENSHOTS, 'game-10x10-progress.png'), fullPage: true });
  await waitForSolved(page, 600000);
  const expected = expectedFor(page.url()).responses;
  for (const [i, m] of MECHANISMS.entries()) {
    assert.equal(expected[i].lp.method, 'decomposition');
    assert.ok(expected[i].lp.exact, `${m}: the native answer is certified`);
    // Certified to a relative gap of 1e-6 on both sides: the shown costs agree to round-off.
    const shown = Number(await page.textContent(`#cmp-${m}-cost`));
    assert.ok(Math.abs(shown - expected[i].cost) <= 1.5e-4, `${m} cost ${shown} vs ${expected[i].cost}`);
    assert.equal(await page.textContent(`#cmp-${m}-audit`), '✓ verified');
  }
  await page.screenshot({ path: join(SCREENSHOTS, 'game-10x10.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e game: the paper\'s map with a spread prior answers at ε 0.5 within the per-LP budgets, each with its certificate; Cancel stops it (issue 27)', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  const state = { ...defaults(), ...paperMapSize(), gen: { hot: '3', bg: '0.05', seed: '7', spread: '0.5' }, eps: '0.5', dm: '1.05' };
  await page.goto(`${env.base}#${serializeHash(state)}`);
  await page.waitForFunction(() => document.querySelector('#game-results')?.dataset.estimated === location.hash.slice(1), null, { timeout: 60000 });
  for (const m of MECHANISMS) assert.equal(await page.textContent(`#lp-${m}-method`), 'decomposition');
  // Cancel first: these LPs run for seconds each, so the click lands while the bar is shown.
  await page.click('#solve-anyway');
  await page.waitForFunction(() => {
    const status = document.querySelector('#solver-status');
    return status.querySelector('progress') && /of 3/.test(status.textContent);
  });
  await page.click('#cancel', { force: true });
  await page.waitForFunction(() => /Cancelled/.test(document.querySelector('#solver-status').textContent));
  assert.equal(await page.locator('#cmp-joint-cost').count(), 0, 'a cancelled solve shows no result');
  const start = Date.now();
  await page.click('#solve-anyway');
  await waitForSolved(page, 180000);
  const seconds = (Date.now() - start) / 1000;
  // Measured, not asserted (speed targets live in benchmarks): docs/results/page.md.
  console.log(`[e2e] the paper's map, spread prior, eps 0.5: the three LPs answered in ${seconds.toFixed(1)} s`);
  // Whether an LP is proven optimal within its budget depends on the machine (natively here
  // dp and joint take 1.2-1.5 s of their 6 s, distortion 8.3 s of its 16 s; a loaded machine
  // stops distortion at gap 1.2e-6). Each answer is audited and shows its certificate either
  // way; where both sides proved optimality the costs agree, and a gap shown by the page is
  // never below what the native solve proved.
  const expected = expectedFor(page.url()).responses;
  for (const [i, m] of MECHANISMS.entries()) {
    assert.equal(await page.textContent(`#cmp-${m}-audit`), '✓ verified');
    const shown = await page.textContent(`#cmp-${m}-optimality`);
    const cost = Number(await page.textContent(`#cmp-${m}-cost`));
    console.log(`[e2e] the paper's map, ${m}: the page shows "${shown}", natively ${expected[i].lp.exact ? 'optimal' : `gap ${expected[i].lp.gap}`}`);
    if (shown === '✓ optimal (gap ≤ 10⁻⁶)') {
      if (expected[i].lp.exact) assert.ok(Math.abs(cost - expected[i].cost) <= 1.5e-4, m);
    } else {
      assert.match(shown, /^gap \d/, `${m}: an unproven answer shows its gap`);
    }
    // Both answers are feasible and both lower bounds are proven: neither cost is below the
    // other side's bound (the page's cost is rounded as the other comparison allows).
    assert.ok(cost >= expected[i].lp.lower_bound - 1.5e-4, `${m}: cost ${cost} below the native bound ${expected[i].lp.lower_bound}`);
  }
  await page.screenshot({ path: join(SCREENSHOTS, 'game-paper-map-spread.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});
