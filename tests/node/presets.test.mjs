// The scenario gallery: every preset in examples/ has a one-paragraph explanation and a key
// formula that the bundled KaTeX typesets without error (the page shows both on the preset's card).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import katex from 'katex';
import { PRESET_NAME } from '../../web/src/state.js';
import { ROOT } from './wasm_loader.mjs';

const DIR = join(ROOT, 'examples');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

test('presets: every file name is one a link may carry', () => {
  assert.ok(FILES.length >= 40);
  for (const file of FILES) assert.match(file, PRESET_NAME);
});

for (const file of FILES) {
  test(`presets: ${file} explains itself in one paragraph with its formula`, () => {
    const scenario = JSON.parse(readFileSync(join(DIR, file), 'utf8'));
    for (const key of ['title', 'description', 'explanation', 'formula']) assert.equal(typeof scenario[key], 'string', `${key} missing`);
    const text = scenario.explanation;
    assert.ok(text.length >= 250 && text.length <= 1200, `explanation has ${text.length} characters`);
    assert.ok(!/\n/.test(text), 'one paragraph');
    assert.ok(!/<\/?[a-z]|\\[a-zA-Z]+|\$/.test(text), 'plain text: no markup or TeX');
    const mathml = katex.renderToString(scenario.formula, { output: 'mathml', displayMode: true, throwOnError: true });
    assert.match(mathml, /<math/);
  });
}
