// The loop a lecturer goes through in every view: load a preset from the gallery, check the key
// number against the CLI on the same scenario, change an input, check again, copy the link and
// open it in a fresh browser context: the same inputs and the same number.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, newPage, cli, junkText } from './harness.mjs';
import { fmt } from '../../web/src/dom.js';
import { parseHash, stateToRequest } from '../../web/src/state.js';
import { solveRequests, MECHANISMS } from '../../web/src/views/game_state.js';
import { VIEWS, waitForView, shownNumber } from './views_table.mjs';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

const request = (state) => stateToRequest(state).request;
/** Per view: a preset that opens in it, an input to change, and the key number from the CLI. */
const LOOP = {
  rldp: { preset: 'rldp-example4-grr.json', edit: ['#epsilon', '1.25'], expected: (st) => fmt(cli(request(st)).mutual_information) },
  'rldp-mse': { preset: 'rldp-mse-four-problems-nurp.json', edit: ['input[data-table="joint"][data-row="0"][data-col="1"]', '4'],
    expected: (st) => fmt(cli(request(st).requests[0]).distortion) },  // NUNP: the LP optimum is unique
  funnel: { preset: 'funnel-conditional-reporting.json', edit: ['#epsilon', '0.8'], expected: (st) => fmt(cli(request(st)).mutual_information) },
  estimation: { preset: 'estimation-figure3.json', edit: ['#theta', '0.8'], expected: (st) => fmt(cli(request(st)).design.private[0].mmse) },
  game: { preset: 'game-prior-mismatch.json', edit: ['#epsilon', '0.8'],
    expected: (st) => fmt(cli(solveRequests(st).requests[MECHANISMS.indexOf('joint')]).cost) },
  // P-hat has two cells: the first is edited (an invalid state for a moment), then the second.
  evaluate: { preset: 'evaluate-rldp-randomized-response.json', first: [['input[data-table="joint"][data-row="0"][data-col="0"]', '0.45']],
    edit: ['input[data-table="joint"][data-row="1"][data-col="0"]', '0.55'], expected: (st) => fmt(cli(request(st)).mutual_information) },
};

const stateOf = (page) => parseHash(new URL(page.url()).hash).state;

for (const view of VIEWS) {
  const loop = LOOP[view.id];
  test(`e2e views: ${view.id} preset -> edit -> CLI -> copied link in a fresh context`, async () => {
    const problems = [];
    const { page, context } = await newPage(env.browser, problems);
    await page.goto(env.base);
    await waitForView(page, VIEWS[0]);
    await page.waitForSelector(`#example-picker option[value="${loop.preset}"]`, { state: 'attached' });
    await page.selectOption('#example-picker', loop.preset);
    await page.waitForSelector(`#preset-card[data-preset="${loop.preset}"]`);
    await waitForView(page, view);
    assert.equal(await page.getAttribute(`#tab-${view.id}`, 'aria-selected'), 'true');
    const loaded = await shownNumber(page, view);
    assert.equal(loaded, loop.expected(stateOf(page)), 'the preset as loaded');

    const [selector, value] = loop.edit;
    const before = page.url();
    for (const [field, text] of loop.first || []) await page.fill(field, text);
    await page.fill(selector, value);
    await page.waitForFunction((u) => location.href !== u, before);
    await waitForView(page, view);
    await page.waitForSelector('#preset-edited');
    const edited = await shownNumber(page, view);
    assert.notEqual(edited, loaded, 'the edit changes the key number');
    assert.equal(edited, loop.expected(stateOf(page)), 'the edited state');
    assert.deepEqual(await junkText(page), []);

    await page.click('#copy-link');
    const fresh = await newPage(env.browser, problems);
    await fresh.page.goto(page.url());
    await waitForView(fresh.page, view);
    assert.equal(await fresh.page.inputValue(selector), value);
    assert.equal(await shownNumber(fresh.page, view), edited);
    await fresh.page.waitForSelector(`#preset-card[data-preset="${loop.preset}"] #preset-edited`);
    await fresh.context.close();
    assert.deepEqual(problems, []);
    await context.close();
  });
}
