// The page runs experiments on a pool of workers (web/src/worker_pool.js): the Robust MSE
// Figure 2c/2d with one worker (navigator.hardwareConcurrency = 1) and with three give the same
// response (the downloaded figure2.json, byte for byte); the status bar shows the combined
// progress over the workers with the time left; Cancel stops them all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser, newPage, waitForResult, SCREENSHOTS } from './harness.mjs';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

/** A page whose navigator reports `cores` cores. */
async function pageWithCores(cores, problems) {
  const opened = await newPage(env.browser, problems);
  await opened.context.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), cores);
  return opened;
}

/** Runs Figure 2c/2d (K = 20, n in the page's sweep: 80 units) and returns the downloaded response text. */
async function runSweep(page, statusTexts) {
  await page.goto(`${env.base}#view=rldp-mse`);
  await waitForResult(page);
  await page.selectOption('#figure-k', '20');
  await page.selectOption('#figure-n', 'sweep');
  const watch = setInterval(async () => {
    try { statusTexts.push(await page.textContent('#solver-status')); } catch { /* page closing */ }
  }, 100);
  await page.click('#run-figure');
  await page.waitForSelector('[data-export="figure2.json"]', { timeout: 240000 });
  clearInterval(watch);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-export="figure2.json"]')]);
  return readFileSync(await download.path(), 'utf8');
}

test('e2e worker pool: Figure 2c/2d on 3 workers equals one worker; combined progress; Cancel stops all', async () => {
  const problems = [];
  const single = await pageWithCores(1, problems);
  const oneStatus = [];
  const one = await runSweep(single.page, oneStatus);
  await single.context.close();

  const pool = await pageWithCores(3, problems);
  const poolStatus = [];
  const three = await runSweep(pool.page, poolStatus);
  assert.equal(three, one, 'the pool gives the single worker\'s response');
  const parsed = JSON.parse(three);
  assert.equal(parsed.experiment, 'figure2cd');
  assert.ok(parsed.rows.length > 0);
  assert.ok(poolStatus.some((t) => /units on 3 workers/.test(t || '')), `status seen: ${poolStatus.filter(Boolean).slice(0, 5).join(' | ')}`);
  assert.ok(!oneStatus.some((t) => /workers/.test(t || '')), 'one worker does not split');
  await pool.page.screenshot({ path: join(SCREENSHOTS, 'worker-pool-figure2cd.png'), fullPage: true });

  // A larger run on the pool, cancelled: every worker stops and the view says so.
  await pool.page.selectOption('#figure-k', '30');
  await pool.page.click('#run-figure');
  await pool.page.waitForFunction(() => /units on 3 workers, about \d+ s left/.test(document.querySelector('#solver-status')?.textContent || ''), null, { timeout: 60000 });
  await pool.page.screenshot({ path: join(SCREENSHOTS, 'worker-pool-progress.png') });
  await pool.page.click('#cancel');
  await pool.page.waitForSelector('#figure-cancelled', { timeout: 20000 });
  assert.deepEqual(problems, []);
  await pool.context.close();
});
