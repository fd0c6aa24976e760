// The page for students and readers (issue 17): axe-core on every view and on one preset of
// every example group (no critical or serious violation), a phone (390 x 844: nothing scrolls
// sideways, every tab is reachable), the keyboard (ARIA tabs, the game map's grid), history
// (loading an example is an entry: Back restores the user's edits, Forward the example), the
// file input's focus ring, and screenshots of every view at 1280 x 800 and 390 x 844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { openBrowser, newPage, waitForResult, ROOT, SCREENSHOTS, junkText, axeViolations } from './harness.mjs';
import { VIEWS, waitForView } from './views_table.mjs';
import { groupExamples } from '../../web/src/example_catalog.js';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

const PHONE = { width: 390, height: 844 };

const index = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json')).map((file) => {
  const s = JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8'));
  // As scripts/build-site.mjs indexes them: a scenario with a given matrix opens in the Evaluate view.
  return { file, family: s.family, title: s.title, ...(s.evaluate !== undefined ? { view: 'evaluate' } : {}) };
});

for (const view of VIEWS) {
  test(`e2e a11y: axe finds no critical or serious violation in the ${view.id} view`, async () => {
    const problems = [];
    const { page, context } = await newPage(env.browser, problems);
    await page.goto(`${env.base}#v=1&view=${view.id}`);
    await waitForView(page, view);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('e2e a11y: axe on one preset of every example group (as loaded from the picker)', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&view=rldp`);
  await waitForResult(page);
  const groups = groupExamples(index);
  assert.equal(groups.length, VIEWS.length);
  assert.equal(await page.locator('#example-picker optgroup').count(), groups.length);
  for (const group of groups) {
    const file = group.entries[0].file;
    await page.selectOption('#example-picker', file);
    await page.waitForFunction((f) => location.hash.includes(`preset=${f}`) || /preset%3D|z=/.test(location.hash), file);
    await page.waitForSelector('#preset-card', { timeout: 20000 });
    const view = VIEWS.find((v) => v.id === group.family);
    await waitForView(page, view);
    assert.deepEqual(await axeViolations(page), [], `${group.label}: ${file}`);
    // The picker names the example on screen while it is unchanged.
    assert.equal(await page.inputValue('#example-picker'), file);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e a11y: the picker groups the examples by view and paper, with the paper\'s names', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&view=rldp`);
  await page.waitForSelector('#example-picker optgroup', { state: 'attached' });
  const labels = await page.$$eval('#example-picker optgroup', (gs) => gs.map((g) => g.label));
  assert.match(labels[0], /^Robust LDP/);
  const rldpNames = await page.$$eval('#example-picker optgroup:first-of-type option', (os) => os.map((o) => o.textContent));
  assert.ok(rldpNames.includes('Example 3: PolyOpt'), rldpNames.join(' / '));
  assert.equal(await page.getAttribute('#example-picker option[value="rldp-example1-polyopt.json"]', 'title'), 'RLDP Examples 1-3: PolyOpt');
  // Loaded, then edited: the picker goes back to "choose…".
  await page.selectOption('#example-picker', 'rldp-example4-grr.json');
  await page.waitForFunction(() => document.querySelector('#mechanism')?.value === 'grr');
  await waitForResult(page);
  assert.equal(await page.inputValue('#example-picker'), 'rldp-example4-grr.json');
  await page.fill('#epsilon', '1.5');
  await page.waitForFunction(() => document.querySelector('#example-picker').value === '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e a11y: at 390 x 844 no view scrolls sideways and every tab is reachable', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems, PHONE);
  await page.goto(`${env.base}#v=1&view=rldp`);
  await waitForResult(page);
  for (const view of VIEWS) {
    const tab = page.locator(`#tab-${view.id}`);
    const box = await tab.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `tab ${view.id} lies on screen: ${JSON.stringify(box)}`);
    await tab.click();
    await waitForView(page, view);
    assert.equal(await page.getAttribute(`#tab-${view.id}`, 'aria-selected'), 'true');
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollWidth <= clientWidth, `${view.id} is ${scrollWidth}px wide on a ${clientWidth}px screen`);
    // Radio buttons, checkboxes and buttons are at least 24 px touch targets (their label counts).
    const small = await page.evaluate(() => [...document.querySelectorAll('main button, main input[type=checkbox], main input[type=radio], main select')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => [el.closest('label') || el, el])
      .filter(([target]) => target.getBoundingClientRect().height < 24)
      .map(([, el]) => el.id || el.outerHTML.slice(0, 60)));
    assert.deepEqual(small, [], `${view.id}: touch targets under 24 px`);
    await page.screenshot({ path: join(SCREENSHOTS, `phone-${view.id}.png`), fullPage: true });
  }
  assert.deepEqual(await junkText(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e a11y: screenshots of every view at 1280 x 800', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  for (const view of VIEWS) {
    await page.goto(`${env.base}#v=1&view=${view.id}`);
    await waitForView(page, view);
    await page.screenshot({ path: join(SCREENSHOTS, `desktop-${view.id}.png`) });
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e a11y: the tabs follow the ARIA tabs pattern (arrow keys, Home/End, aria-controls)', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&view=rldp`);
  await waitForResult(page);
  const ids = [...VIEWS.map((v) => v.id), 'about'];  // the About tab comes last (issue 29)
  assert.deepEqual(await page.$$eval('[role=tab]', (ts) => ts.map((t) => [t.getAttribute('aria-controls'), t.tabIndex])),
    ids.map((id) => ['view', id === 'rldp' ? 0 : -1]));
  assert.equal(await page.getAttribute('#view', 'role'), 'tabpanel');
  assert.equal(await page.getAttribute('#view', 'aria-labelledby'), 'tab-rldp');
  // Tab from the last header button (Embed) reaches the selected tab (one tab stop for the strip).
  await page.focus('#embed-button');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-rldp');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.id), `tab-${ids[1]}`);
  assert.equal(await page.getAttribute(`#tab-${ids[1]}`, 'aria-selected'), 'true');
  assert.equal(await page.getAttribute('#view', 'aria-labelledby'), `tab-${ids[1]}`);
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.id), `tab-${ids[ids.length - 1]}`);
  await page.keyboard.press('ArrowRight');  // wraps
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-rldp');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.id), `tab-${ids[ids.length - 1]}`);
  await page.keyboard.press('Home');
  assert.equal(await page.getAttribute('#tab-rldp', 'aria-selected'), 'true');
  assert.match(await page.evaluate(() => location.hash), /view=rldp|z=/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e a11y: the game map is a grid of rows; arrows move, Enter picks, + paints', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  const game = VIEWS.find((v) => v.id === 'game');
  await page.goto(`${env.base}#v=1&view=game`);
  await waitForView(page, game);
  const shape = await page.$$eval('#game-map svg[role=grid] [role=row]', (rows) => rows.map((r) => r.querySelectorAll(':scope > [role=gridcell]').length));
  assert.ok(shape.length >= 2 && shape.every((n) => n === shape[0]), `rows of gridcells: ${shape}`);
  // A swipe that starts on the map scrolls the page (a tap acts on one cell).
  assert.notEqual(await page.$eval('#game-map svg', (svg) => getComputedStyle(svg).touchAction), 'none');
  await page.focus('#cell-0');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cell-1');
  await page.keyboard.press('ArrowDown');
  const below = `cell-${1 + shape[0]}`;
  assert.equal(await page.evaluate(() => document.activeElement.id), below);
  // The focus ring is visible (an outline), and differs from the picked cell's outline.
  assert.notEqual(await page.$eval(`#${below} > rect`, (r) => getComputedStyle(r).strokeDasharray), 'none');
  assert.notEqual(await page.$eval(`#${below} > rect`, (r) => getComputedStyle(r).outlineStyle), 'none');
  await page.keyboard.press('Enter');
  await page.waitForFunction((b) => document.querySelector('#game-map svg').dataset.selected === b.slice(5), below);
  assert.equal(await page.getAttribute(`#${below}`, 'aria-selected'), 'true');
  assert.match(await page.evaluate(() => location.hash), new RegExp(`sel=${below.slice(5)}|z=`));
  const before = await page.evaluate(() => location.hash);
  await page.keyboard.press('+');
  await page.waitForFunction((h) => location.hash !== h, before);
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e a11y: loading an example is a history entry: Undo / Back restore the edits, Forward the example', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&view=rldp`);
  await waitForResult(page);
  const cell = 'input[data-table="joint"][data-row="0"][data-col="0"]';
  await page.fill(cell, '0.11');
  await page.fill('input[data-table="joint"][data-row="1"][data-col="1"]', '0.53');
  await page.waitForFunction(() => /0\.11/.test(decodeURIComponent(location.hash)) || /z=/.test(location.hash));
  await waitForResult(page);
  const edited = await page.evaluate(() => location.hash);
  await page.waitForSelector('#example-picker option[value="rldp-example5-ir.json"]', { state: 'attached' });
  await page.selectOption('#example-picker', 'rldp-example5-ir.json');
  await page.waitForFunction(() => document.querySelector('#mechanism')?.value === 'ir');
  await waitForResult(page);
  const example = await page.evaluate(() => location.hash);
  assert.match(await page.textContent('#message'), /Loaded: RLDP Example 5/);
  // Undo in the message: the edited table again (the previous history entry).
  await page.click('#undo-load');
  await page.waitForFunction((c) => document.querySelector(c)?.value === '0.11', cell);
  await waitForResult(page);
  assert.equal(await page.evaluate(() => location.hash), edited);
  // Forward: the example; Back: the edits again.
  await page.goForward();
  await page.waitForFunction(() => document.querySelector('#mechanism')?.value === 'ir');
  await waitForResult(page);
  assert.equal(await page.evaluate(() => location.hash), example);
  await page.goBack();
  await page.waitForFunction((c) => document.querySelector(c)?.value === '0.11', cell);
  await waitForResult(page);
  assert.equal(await page.inputValue('input[data-table="joint"][data-row="1"][data-col="1"]'), '0.53');
  // Switching the view is an entry too: Back returns to the previous view.
  await page.goto(`${env.base}#v=1&view=rldp`);
  await waitForResult(page);
  await page.click('#tab-funnel');
  await page.waitForFunction(() => document.querySelector('#tab-funnel').getAttribute('aria-selected') === 'true');
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('#tab-rldp').getAttribute('aria-selected') === 'true');
  await waitForResult(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e a11y: the hidden file input draws its focus ring on "Load scenario…", not on "Copy link"', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&view=rldp`);
  await waitForResult(page);
  await page.focus('#example-picker');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'scenario-file');
  const ring = (sel) => page.$eval(sel, (el) => getComputedStyle(el).outlineStyle);
  assert.notEqual(await ring('.file-button'), 'none');
  assert.equal(await ring('#copy-link'), 'none');
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e a11y: ?embed=1 at the README\'s iframe size shows the main picture at the top', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems, { width: 700, height: 620 });
  for (const view of VIEWS) {
    await page.goto(`${env.base}?embed=1#v=1&view=${view.id}`);
    await waitForView(page, view);
    // The view's main picture (data-embed=picture: the result, the map, the mechanisms) beside its
    // key controls (issue 29; tests/e2e/course.test.mjs checks the picture lies within the frame).
    const top = await page.$eval('[data-embed=picture]', (el) => el.getBoundingClientRect().top);
    assert.ok(top < 200, `${view.id}: the picture starts at ${top}px in a 620px frame`);
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollWidth <= clientWidth, `${view.id}: ${scrollWidth}px wide in a ${clientWidth}px frame`);
    await page.screenshot({ path: join(SCREENSHOTS, `embed-700-${view.id}.png`) });
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e a11y: during a long experiment the status bar with progress and Cancel stays in view', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems, PHONE);
  await page.goto(`${env.base}#v=1&view=rldp`);
  await waitForResult(page);
  await page.waitForFunction(() => !document.querySelector('#cancel'), null, { timeout: 60000 });
  await page.selectOption('#rldp-experiment', 'realized_epsilon');
  await page.selectOption('#rldp-experiment-k', '20');
  await page.click('#rldp-run-experiment');  // the Run button is near the bottom of the page
  await page.waitForSelector('#cancel', { timeout: 10000 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const box = await page.locator('#cancel').boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, `Cancel at ${JSON.stringify(box)} after scrolling down`);
  await page.screenshot({ path: join(SCREENSHOTS, 'phone-status-bar.png') });
  await page.click('#cancel');
  await page.waitForFunction(() => /Cancelled/.test(document.querySelector('#rldp-experiments').textContent));
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e a11y: ε presets give ln 2 and ln 3 exactly, and the slider does not round them away', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&view=rldp&eps=1.5`);
  await waitForResult(page);
  await page.click('button[data-eps="ln 3"]');
  await waitForResult(page);
  assert.equal(await page.inputValue('#epsilon'), '1.0986122886681098');
  assert.equal(await page.getAttribute('button[data-eps="ln 3"]', 'aria-pressed'), 'true');
  assert.match(await page.textContent('#result-title'), /^Result: SRR at ε = 1\.0986/);
  await page.fill('#epsilon-slider', '0.69');  // the slider's step nearest to ln 2
  await waitForResult(page);
  assert.equal(await page.inputValue('#epsilon'), String(Math.LN2));
  assert.deepEqual(problems, []);
  await context.close();
});
