// Every view (rldp, rldp-mse, funnel, estimation, game), two ways a course uses the playground:
// the self-contained privlab.html opened from disk (file://, no server) at that view, and the
// ?embed=1 link inside an iframe of a host page (the view only, no page chrome). In both the
// view solves and shows the CLI's key number, with no page error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openBrowser, newPage, ROOT, SCREENSHOTS, junkText } from './harness.mjs';
import { VIEWS, expectedNumber, waitForView, shownNumber } from './views_table.mjs';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

const FILE = pathToFileURL(join(ROOT, 'build', 'site', 'privlab.html')).href;

for (const view of VIEWS) {
  test(`e2e views: ${view.id} solves in privlab.html opened from file://`, async () => {
    const problems = [];
    const { page, context } = await newPage(env.browser, problems);
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url().slice(0, 80)} ${r.failure()?.errorText}`));
    await page.goto(`${FILE}#v=1&view=${view.id}`);
    await waitForView(page, view);
    assert.equal(await page.getAttribute(`#tab-${view.id}`, 'aria-selected'), 'true');
    assert.equal(await shownNumber(page, view), expectedNumber(view));
    assert.deepEqual(await junkText(page), []);
    // The gallery comes from the inlined examples (no fetch from file://).
    assert.ok(await page.locator('#example-picker option').count() > 1, 'the inlined examples are listed');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`e2e views: ${view.id} solves from the embed URL inside an iframe, without the page chrome`, async () => {
    const problems = [];
    const { page, context } = await newPage(env.browser, problems, { width: 900, height: 700 });
    const src = `${env.base}?embed=1#v=1&view=${view.id}`;
    await page.goto(`${env.base}examples/index.json`);  // any page of the same origin as the host
    await page.setContent(`<!doctype html><h1>Week 3: ${view.id}</h1>
      <iframe id="demo" src="${src}" style="width:860px;height:560px;border:1px solid #ccc"></iframe>`);
    const frame = await (await page.waitForSelector('#demo')).contentFrame();
    await frame.waitForSelector('.results', { timeout: 20000 });
    await waitForView(frame, view);
    assert.equal(await frame.evaluate(() => document.body.classList.contains('embed')), true);
    assert.equal(await frame.locator('header.top').isVisible(), false);
    assert.equal(await frame.locator('#view-tabs').isVisible(), false);
    assert.equal(await frame.locator('details.about').isVisible(), false);
    assert.match(await frame.evaluate(() => location.hash), new RegExp(`view=${view.id}(&|$)|z=`));
    assert.equal(await shownNumber(frame, view), expectedNumber(view));
    // Sized to its container: nothing wider than the iframe (no sideways scrolling).
    const [scrollWidth, clientWidth] = await frame.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollWidth <= clientWidth, `the embedded ${view.id} view is ${scrollWidth}px wide in a ${clientWidth}px iframe`);
    await page.screenshot({ path: join(SCREENSHOTS, `embed-${view.id}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  });
}
