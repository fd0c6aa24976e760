// A first visit, as a student opening the course link (issue 29, point 7): the first result
// appears with the paper's numbers, the status says "Solved" only once the follow-up (the
// comparison and the curves) is drawn, formulas are typeset once KaTeX (loaded after the first
// result) arrives, and a second visit (the browser's caches warm, the state saved) solves too.
// The worker's warm-up (worker.js: the page's first request solved ahead) is checked directly:
// the request it expected gets its answer, the same as a fresh solve, and any other request is
// solved anew. No timing is asserted (speed: scripts/bench-page.mjs, docs/results/page.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, newPage, waitForResult } from './harness.mjs';
import { parseHash, stateToRequest } from '../../web/src/state.js';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

/** Records every text of the status bar, with whether the follow-up's table was drawn by then. */
function recordStatus() {
  window.statusLog = [];
  new MutationObserver(() => {
    const status = document.getElementById('solver-status');
    if (!status) return;
    const text = status.textContent;
    const last = window.statusLog[window.statusLog.length - 1];
    if (!last || last.text !== text) window.statusLog.push({ text, followUpDrawn: Boolean(document.querySelector('#compare-table')) });
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

test('e2e: a first visit shows the first result, says Solved only after the follow-up, typesets the formula', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.addInitScript(recordStatus);
  await page.goto(env.base);
  await waitForResult(page);
  await page.waitForSelector('#metrics-table');
  assert.equal(await page.textContent('#mi-estimate'), '0.1005');  // Example 4, SRR under P-hat
  assert.equal(await page.textContent('#mi-true'), '0.0942');      // and under P*
  await page.waitForFunction(() => /Solved in the browser/.test(document.getElementById('solver-status').textContent), null, { timeout: 60000 });
  const log = await page.evaluate(() => window.statusLog);
  const solved = log.filter((s) => /Solved/.test(s.text));
  assert.ok(solved.length > 0, JSON.stringify(log));
  assert.ok(solved.every((s) => s.followUpDrawn), `"Solved" while the follow-up was still running: ${JSON.stringify(log)}`);
  // KaTeX comes after the first result: the view's formula is typeset, none is left as TeX source.
  await page.waitForSelector('#formula-rldp math', { timeout: 20000 });
  assert.equal(await page.$$eval('[data-tex="pending"]', (els) => els.length), 0);
  const marks = await page.evaluate(() => ['worker-start', 'worker-ready', 'first-request', 'first-response', 'first-result', 'settled']
    .map((m) => performance.getEntriesByName(`privlab:${m}`).length));
  assert.deepEqual(marks, [1, 1, 1, 1, 1, 1]);  // what scripts/bench-page.mjs reads

  // The second visit: cached files (revalidated: scripts/serve.mjs answers 304), the state saved in
  // this browser (so the warm-up solves the saved state's request).
  const again = await context.newPage();
  again.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await again.goto(env.base);
  await waitForResult(again);
  assert.equal(await again.textContent('#mi-estimate'), '0.1005');
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: the worker answers the request it warmed up with that request\'s own answer, and solves any other anew', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);  // the site's origin: the test starts a worker of its own
  const expected = JSON.stringify(stateToRequest(parseHash('').state).request);
  const other = JSON.stringify({ ...JSON.parse(expected), epsilon: 1.25 });
  // In a worker of the test's own, started as index.html starts it (the link and saved state in its
  // URL): once its module is ready, requests. The warm-up is solved as soon as the module is ready,
  // before any request is read. (A request that arrives before the module is ready cancels the
  // warm-up: nothing is solved ahead.)
  const run = (requests) => page.evaluate(async (texts) => {
    const worker = new Worker(`assets/worker.js#warm-up=${encodeURIComponent(JSON.stringify({ hash: '', saved: null }))}`);
    const results = [];
    let ready;
    const isReady = new Promise((resolve) => { ready = resolve; });
    const done = new Promise((resolve, reject) => {
      worker.onmessage = (e) => {
        if (e.data.type === 'fatal' || e.data.type === 'crashed') reject(new Error(e.data.message));
        if (e.data.type === 'ready') ready();
        if (e.data.type === 'result') {
          results[e.data.id] = { response: e.data.response, warm: Boolean(e.data.warm) };
          if (results.filter(Boolean).length === texts.length) resolve();
        }
      };
    });
    await isReady;
    texts.forEach((request, id) => worker.postMessage({ id, request }));
    await done;
    worker.terminate();
    return results;
  }, requests);
  // The request it expected: the warm-up's answer, once; the same answer as a fresh solve.
  const [first, second] = await run([expected, expected]);
  assert.equal(first.warm, true);
  assert.equal(second.warm, false);
  assert.equal(first.response, second.response);
  assert.equal(JSON.parse(first.response).mutual_information.toFixed(4), '0.1005');
  // Another request first (a link the warm-up did not foresee): solved anew.
  const [changed] = await run([other]);
  assert.equal(changed.warm, false);
  assert.equal(JSON.parse(changed.response).epsilon_design, 1.25);
  assert.deepEqual(problems, []);
  await context.close();
});
