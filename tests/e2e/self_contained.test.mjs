// The self-contained page (build/site/privlab.html) opened from disk with file:// and no server:
// the inlined worker and WASM solve, the inlined examples load, and the link state works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openBrowser, newPage, waitForResult, ROOT, SCREENSHOTS } from './harness.mjs';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

test('e2e: privlab.html solves from file:// with no server', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  const url = pathToFileURL(join(ROOT, 'build', 'site', 'privlab.html')).href;
  await page.goto(url);
  await waitForResult(page);
  assert.equal(await page.textContent('#mi-estimate'), '0.1005');
  await page.fill('#epsilon', '1.5');
  await waitForResult(page);
  assert.equal(await page.textContent('#designed-eps'), '1.5000');
  await page.selectOption('#example-picker', 'rldp-example1.json');
  await page.waitForFunction(() => document.querySelector('#epsilon').value.startsWith('0.693'));
  await waitForResult(page);
  assert.equal(await page.textContent('#mi-estimate'), '0.1005');
  await page.screenshot({ path: join(SCREENSHOTS, 'self-contained.png') });
  assert.deepEqual(problems, []);
  await context.close();
});
