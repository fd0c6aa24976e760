// Links people have already shared keep opening the same scenario: links the page wrote (readable
// and compressed, one pair per view) still parse without error and still give the very request
// they gave when they were written (tests/node/fixtures/links-*.json, never regenerated).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseHash, stateToRequest } from '../../web/src/state.js';
import { ROOT } from './wasm_loader.mjs';

const DIR = join(ROOT, 'tests', 'node', 'fixtures');
/**
 * The request without the solver's `budget`: the page gives each LP on the paper's map a time
 * budget since 2026-11-26 (web/src/views/game_state.js, MAP_BUDGET_SECONDS). A budget says how
 * long to solve, not what: the scenario a link opens is everything else, compared exactly.
 */
const scenarioOf = (request) => JSON.parse(JSON.stringify(request, (key, value) => (key === 'budget' ? undefined : value)));
for (const file of readdirSync(DIR).filter((f) => f.startsWith('links-'))) {
  test(`old links: ${file} still open the same scenarios`, () => {
    const { links } = JSON.parse(readFileSync(join(DIR, file), 'utf8'));
    assert.ok(links.length >= 10);
    for (const { view, link, request } of links) {
      const { state, error } = parseHash(`#${link}`);
      assert.equal(error, null, link.slice(0, 60));
      assert.equal(state.view, view);
      assert.deepEqual(scenarioOf(stateToRequest(state).request), scenarioOf(request), link.slice(0, 60));
    }
  });
}
