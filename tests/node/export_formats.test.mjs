// web/src/export_formats.js: every export parses back to the matrix it came from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matrixToCsv, csvToMatrix, matrixToJson, matrixToLatex, latexToMatrix } from '../../web/src/export_formats.js';

const matrix = [[0.4444444444444444, 0.1111111111111111], [0.5555555555555556, 0.8888888888888888]];
const rows = ['y1', 'y "2", odd'];
const cols = ['s1,u1', 'café'];

test('export: CSV round-trips labels (quoted) and full-precision numbers', () => {
  const back = csvToMatrix(matrixToCsv(matrix, rows, cols));
  assert.deepEqual(back, { colLabels: cols, rowLabels: rows, matrix });
});

test('export: JSON is indexed [output][input] like the CLI', () => {
  const back = JSON.parse(matrixToJson(matrix, rows, cols, { epsilon: 0.5 }));
  assert.deepEqual(back.mechanism, matrix);
  assert.deepEqual(back.inputs, cols);
  assert.equal(back.epsilon, 0.5);
});

test('export: LaTeX bmatrix round-trips to 4 decimals', () => {
  const tex = matrixToLatex(matrix);
  assert.match(tex, /^\\begin\{bmatrix\}/);
  assert.deepEqual(latexToMatrix(tex), [[0.4444, 0.1111], [0.5556, 0.8889]]);
});
