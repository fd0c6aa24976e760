// The user's table is never lost, in every view: an edited input (a table cell, ε or θ) is
// re-solved like the CLI, and both a reload of the same URL and opening the bare URL (no hash:
// the state comes back from local storage) show the edited value and the same number.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, newPage } from './harness.mjs';
import { parseHash } from '../../web/src/state.js';
import { VIEWS, expectedNumber, waitForView, shownNumber, applyEdit } from './views_table.mjs';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

for (const view of VIEWS) {
  test(`e2e views: ${view.id} keeps an edit across a reload and a bare URL`, async () => {
    const problems = [];
    const { page, context } = await newPage(env.browser, problems);
    await page.goto(`${env.base}#v=1&view=${view.id}`);
    await waitForView(page, view);
    assert.equal(await shownNumber(page, view), expectedNumber(view));
    await applyEdit(page, view);
    const edited = expectedNumber(view, true);
    assert.notEqual(edited, expectedNumber(view), 'the edit changes the key number');
    assert.equal(await shownNumber(page, view), edited);
    const link = page.url();
    assert.equal(parseHash(new URL(link).hash).state.view, view.id);

    const check = async (what) => {
      await waitForView(page, view);
      assert.equal(parseHash(new URL(page.url()).hash).state.view, view.id, `${what}: the view`);
      assert.equal(await page.getAttribute(`#tab-${view.id}`, 'aria-selected'), 'true', `${what}: the tab`);
      assert.equal(await page.inputValue(view.edit.selector), view.edit.value, `${what}: the edited input`);
      assert.equal(await shownNumber(page, view), edited, `${what}: the key number`);
    };
    await page.reload();
    assert.equal(page.url(), link);
    await check('reload');
    await page.goto(env.base);  // no hash: restored from local storage
    await check('bare URL');
    assert.equal(new URL(page.url()).hash, new URL(link).hash);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
