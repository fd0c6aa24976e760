// The example picker's catalogue (web/src/example_catalog.js): every shipped example is listed
// once, in its view's group, named as the paper names it; the texts shown as plain text carry no
// TeX markup. Also the readable field names of error messages (widgets/result_frame.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupExamples, exampleName, EXAMPLE_GROUPS } from '../../web/src/example_catalog.js';
import { snapEpsilon, EPS_PRESETS } from '../../web/src/widgets/epsilon_presets.js';
import { outlierCap } from '../../web/src/plots/scatter_chart.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const scenarios = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, ...JSON.parse(readFileSync(join(root, 'examples', file), 'utf8')) }));
// As scripts/build-site.mjs indexes them: a scenario with a given matrix opens in the Evaluate view.
const index = scenarios.map(({ file, family, title, evaluate }) => ({ file, family, title, ...(evaluate !== undefined ? { view: 'evaluate' } : {}) }));
const viewOf = (entry) => entry.view || entry.family;

test('catalogue: every example once, in the group of its view, groups in tab order', () => {
  const groups = groupExamples(index);
  const listed = groups.flatMap((g) => g.entries.map((e) => e.file));
  assert.deepEqual([...listed].sort(), index.map((e) => e.file).sort());
  for (const g of groups) for (const e of g.entries) assert.equal(viewOf(index.find((x) => x.file === e.file)), g.family);
  assert.deepEqual(groups.map((g) => g.family), EXAMPLE_GROUPS.map((g) => g.family));
  assert.deepEqual(groupExamples(index, ['game']).map((g) => g.family), ['game']);
});

test('catalogue: the paper\'s own names, paper examples first and in order', () => {
  assert.equal(exampleName({ file: 'rldp-example1-polyopt.json', title: 'RLDP Examples 1-3: PolyOpt' }), 'Example 3: PolyOpt');
  assert.equal(exampleName({ file: 'x.json', title: 'RLDP Example 4: GRR' }), 'Example 4: GRR');
  assert.equal(exampleName({ file: 'y.json', title: 'Estimation paper, Example 2: the q-ary symmetric channel' }), 'Example 2: the q-ary symmetric channel');
  const rldp = groupExamples(index).find((g) => g.family === 'rldp').entries.map((e) => e.name);
  const at = (name) => rldp.indexOf(name);
  assert.ok(at('Example 3: PolyOpt') >= 0);
  assert.ok(at('Example 3: PolyOpt') < at('Example 3, variant: PolyOpt without the same-s rows'));
  assert.ok(at('Example 1: non-robust optimum (NR)') < at('Example 3: PolyOpt'));
  assert.ok(at('Example 5: independent reporting (IR)') < at('Figure 4 (small): realized epsilon of NR vs PolyOpt'));
  // No two entries of a group share a name.
  for (const g of groupExamples(index)) assert.equal(new Set(g.entries.map((e) => e.name)).size, g.entries.length, g.family);
});

test('catalogue: titles, descriptions and explanations are plain text (no TeX such as F_{U|s})', () => {
  for (const s of scenarios)
    for (const key of ['title', 'description', 'explanation'])
      if (typeof s[key] === 'string') assert.doesNotMatch(s[key], /[_^]\{|\\[a-zA-Z]+/, `${s.file} ${key}`);
});

test('ε presets: the slider snaps to ln 2 and ln 3 at the nearest step, and leaves other values', () => {
  assert.equal(snapEpsilon('0.69', 0.01), String(Math.LN2));
  assert.equal(snapEpsilon('1.1', 0.01), '1.0986122886681098');
  assert.equal(snapEpsilon('0.70', 0.01), '0.70');
  assert.equal(snapEpsilon('0.7', 0.05), String(Math.LN2));
  assert.equal(snapEpsilon('0.99', 0.01), '0.99');
  assert.deepEqual(EPS_PRESETS.map(([l]) => l), ['ln 2', '1', 'ln 3']);
});

test('scatter: an outlier beyond Q3 + 3 IQR is clipped, ordinary spread is not', () => {
  const ys = [0.4, 0.5, 0.45, 0.6, 0.55, 0.52, 0.48, 0.5, 0.47, 15.7];
  const cap = outlierCap(ys);
  assert.ok(cap > 0.6 && cap < 15.7, String(cap));
  assert.equal(outlierCap([0.4, 0.5, 0.45, 0.6, 0.55, 0.52, 0.48, 0.5, 0.47, 0.9]), Infinity);
  assert.equal(outlierCap([1, 100]), Infinity);
});

test('errors name their field in words (the JSON pointer goes behind "details")', async () => {
  const { describeField } = await import('../../web/src/widgets/result_frame.js');
  assert.equal(describeField('/joint/0/1'), 'P̂, row 1, column 2');
  assert.equal(describeField('/values/3'), 'the values of U, entry 4');
  assert.equal(describeField('/uncertainty/alpha'), 'the uncertainty set, α');
  assert.equal(describeField(''), '');
});
