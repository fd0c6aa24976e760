// ?embed=1 inside an iframe of a course page: one view, no page chrome, the state from the link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openBrowser, newPage, SCREENSHOTS } from './harness.mjs';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

test('e2e: the embed URL works inside an iframe', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems, { width: 900, height: 700 });
  const src = `${env.base}?embed=1#v=1&view=rldp&mech=grr&eps=1&p=0.07,0.10;0.26,0.57&unc=simplex&n=`;
  await page.goto(`${env.base}examples/index.json`);  // any page of the same origin as the host
  await page.setContent(`<!doctype html><h1>Lecture 7: local differential privacy</h1>
    <iframe id="demo" src="${src}" style="width:860px;height:560px;border:1px solid #ccc"></iframe>`);
  const frame = page.frameLocator('#demo');
  await frame.locator('#metrics-table').waitFor({ timeout: 20000 });
  assert.equal(await frame.locator('header.top').isVisible(), false);
  assert.equal(await frame.locator('#view-tabs').isVisible(), false);
  assert.equal(await frame.locator('#mechanism').inputValue(), 'grr');
  assert.equal(await frame.locator('#designed-eps').textContent(), '1.0000');
  await page.screenshot({ path: join(SCREENSHOTS, 'embed-iframe.png') });
  assert.deepEqual(problems, []);
  await context.close();
});
