// A solver worker that dies (out of memory, stack overflow, abort inside the WASM module) is
// restarted: the request shows a clear message, the user's table is kept, and the next edit is
// solved by the new worker (issue 13).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openBrowser, newPage, waitForResult, SCREENSHOTS } from './harness.mjs';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

const cell = (r, c) => `input[data-table="joint"][data-row="${r}"][data-col="${c}"]`;

/** Makes every live worker die on its next request with a stack overflow (uncaught, as a
 *  module abort would be): the page only sees the worker's error event. A worker the page is
 *  just replacing (a superseded solve is stopped by terminating its worker) may close under
 *  the call; it is skipped, and the live ones are returned. */
async function breakWorkers(page) {
  const broken = [];
  for (const w of page.workers()) {
    try {
      await w.evaluate(() => {
        self.onmessage = () => { const recurse = (n) => recurse(n + 1) + 1; recurse(0); };
      });
      broken.push(w);
    } catch (e) {
      if (!/closed/.test(e.message)) throw e;
    }
  }
  assert.ok(broken.length >= 1, 'a live solver worker');
  return broken.length;
}

test('e2e: a crashed solver worker is restarted with a message and the table is kept', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  // The user's own table.
  await page.fill(cell(0, 1), '0.12');
  await page.fill(cell(1, 1), '0.55');
  await waitForResult(page);
  assert.equal(await page.$('#result-error'), null);

  const before = await breakWorkers(page);
  await page.fill('#epsilon', '0.9');
  await page.waitForFunction(() => /stopped unexpectedly/.test(document.querySelector('#result-error')?.textContent || ''),
    null, { timeout: 20000 });
  const message = await page.textContent('#result-error');
  assert.match(message, /restarted/);
  assert.match(message, /inputs are kept/);
  assert.match(await page.textContent('#solver-status'), /stopped unexpectedly/);
  assert.equal(await page.inputValue(cell(0, 1)), '0.12');
  assert.equal(await page.inputValue(cell(1, 1)), '0.55');
  assert.equal(await page.inputValue('#epsilon'), '0.9');
  await page.screenshot({ path: join(SCREENSHOTS, 'worker-crash-message.png'), fullPage: true });

  // A new worker answers the next edit.
  await page.fill('#epsilon', '1.1');
  await waitForResult(page);
  await page.waitForFunction(() => !document.querySelector('#result-error')?.textContent, null, { timeout: 20000 });
  assert.ok(page.workers().length >= before);
  assert.equal(await page.inputValue(cell(0, 1)), '0.12');
  await page.screenshot({ path: join(SCREENSHOTS, 'worker-crash-recovered.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});
