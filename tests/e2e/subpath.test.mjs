// The site from a static host under a sub-path (a course page's /course/week-3/privlab/): every
// view solves from its link there, the worker, the WASM module and the examples gallery load
// from under the prefix, and nothing is 404 (seen by the page and by the server alike).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { openBrowser, newPage, cli, ROOT } from './harness.mjs';
import { fmt } from '../../web/src/dom.js';
import { VIEWS, expectedNumber, waitForView, shownNumber } from './views_table.mjs';

const PREFIX = '/course/week-3/privlab/';
let env;
const served = [];  // [path, status] of every request the server answered
before(async () => {
  env = await openBrowser({ prefix: PREFIX });
  env.server.on('request', (req, res) => res.on('finish', () => served.push([req.url, res.statusCode])));
});
after(async () => { await env.close(); });

/** A page that also fails the test on any HTTP error or failed request. */
async function pageUnderPrefix(problems) {
  const { page, context } = await newPage(env.browser, problems);
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  return { page, context };
}

/** Waits for the answer; when it never comes, the failure lists the HTTP errors seen. */
async function solved(page, view, problems) {
  try {
    await waitForView(page, view);
  } catch (e) {
    e.message += `\n${problems.join('\n')}\nserver: ${served.filter(([, status]) => status >= 400).map(([url, status]) => `${status} ${url}`).join(', ')}`;
    throw e;
  }
}

/** Every request since `from` was answered from under the prefix, without an error. */
function assertServedUnderPrefix(from, needed) {
  const mine = served.slice(from);
  assert.deepEqual(mine.filter(([url, status]) => status >= 400 || !url.startsWith(PREFIX)), []);
  const paths = mine.map(([url]) => new URL(url, 'http://x').pathname);
  for (const file of needed) assert.ok(paths.includes(PREFIX + file), `${file} was loaded from under the prefix`);
}

const ASSETS = ['', 'assets/main.js', 'assets/style.css', 'assets/worker.js', 'wasm/privlab_web.wasm', 'examples/index.json'];

for (const view of VIEWS) {
  test(`e2e sub-path: ${view.id} solves from its link under ${PREFIX}`, async () => {
    const problems = [];
    const from = served.length;
    const { page, context } = await pageUnderPrefix(problems);
    await page.goto(`${env.base}#v=1&view=${view.id}`);
    await solved(page, view, problems);
    assert.equal(await page.getAttribute(`#tab-${view.id}`, 'aria-selected'), 'true');
    assert.equal(await shownNumber(page, view), expectedNumber(view));
    await page.waitForFunction(() => document.querySelectorAll('#example-picker option').length > 1);
    assertServedUnderPrefix(from, ASSETS);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test(`e2e sub-path: ${PREFIX.slice(0, -1)} (no final slash) redirects, and an example from the gallery loads`, async () => {
  const problems = [];
  const from = served.length;
  const { page, context } = await pageUnderPrefix(problems);
  await page.goto(`${env.origin}${PREFIX.slice(0, -1)}`);
  assert.equal(new URL(page.url()).pathname, PREFIX);
  await solved(page, VIEWS[0], problems);
  assert.equal(await page.textContent('#mi-estimate'), '0.1005');
  const file = 'funnel-conditional-reporting.json';
  await page.waitForSelector(`#example-picker option[value="${file}"]`, { state: 'attached' });
  await page.selectOption('#example-picker', file);
  await page.waitForFunction(() => /Loaded: Conditional Reporting/.test(document.querySelector('#message').textContent));
  await solved(page, VIEWS.find((v) => v.id === 'funnel'), problems);
  assert.equal(await page.getAttribute('#tab-funnel', 'aria-selected'), 'true');
  assert.equal(await page.inputValue('#mechanism'), 'cr');
  const scenario = JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8'));
  assert.equal(await page.textContent('#mi'), fmt(cli(scenario).mutual_information));
  assertServedUnderPrefix(from + 1, [...ASSETS, `examples/${file}`]);  // the first request is the redirect's
  assert.equal(served[from][1], 301);
  assert.deepEqual(problems, []);
  await context.close();
});
