// web/src/words.js (issue 29): what a student reads says things as the papers do: no file paths
// or repository names, the papers' symbols and mechanism names, core range errors in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forPeople, nameForPeople, errorForPeople } from '../../web/src/words.js';

test('words: paths and file names leave the text; errata are named as such', () => {
  assert.equal(forPeople('the size exceeds the limit (see core/rldp/README.md)'), 'the size exceeds the limit');
  assert.equal(forPeople('Computation time is not reported; see bench/game.json for timings.'), 'Computation time is not reported.');
  assert.equal(forPeople('Theorem 4 is false (docs/errata.md): the product'), 'Theorem 4 is false (a checked erratum): the product');
  for (const text of ['see core/game/README.md', '(docs/errata.md)', 'bench/game.json'])
    assert.doesNotMatch(forPeople(`A note ${text}.`), /\.md|bench\/|core\//, text);
});

test('words: identifiers become the papers\' names and symbols', () => {
  assert.equal(forPeople('PolyOpt needs |X| <= 10 (use ir, srr or grr)'), 'PolyOpt needs |X| <= 10 (use IR, SRR or GRR)');
  assert.equal(nameForPeople('nmi_CR - nmi_GRR'), 'NMI of CR − NMI of GRR');
  assert.equal(nameForPeople('alpha_CR - alpha_GRR'), 'α of CR − α of GRR');
  assert.equal(nameForPeople('polyopt'), 'PolyOpt');
  assert.equal(nameForPeople('nr'), 'NR');
  assert.equal(forPeople('quartiles of eps* under P*'), 'quartiles of ε* under P*');
  assert.equal(forPeople('request 3 of 65: round 2'), 'step 3 of 65: round 2');
});

test('words: a core range error names the field in words and says what to type', () => {
  assert.equal(errorForPeople({ message: "'epsilon' must lie in [0, 50], got 51", path: '/epsilon' }), 'ε must be between 0 and 50 (it is 51)');
  assert.equal(errorForPeople({ message: "'hot_cells' must be a whole number from 1 to 16", path: '/prior/hot_cells' }),
    'the prior, hot cells must be a whole number from 1 to 16');
  assert.equal(errorForPeople({ message: "the field 'joint' is required", path: '/joint' }), 'P̂ is missing');
  // Anything else keeps its words (with machine words replaced).
  assert.equal(errorForPeople({ message: 'the LP is infeasible', path: '' }), 'the LP is infeasible');
});
