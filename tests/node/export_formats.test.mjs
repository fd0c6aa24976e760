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

test('exports: an experiment table as CSV quotes what needs quoting and keeps every row', async () => {
  const { tableToCsv } = await import('../../web/src/export_formats.js');
  const csv = tableToCsv(['n', 'problem', 'eps'], [[75, 'NUNP', 1.5], [75, 'a,"b"', 'Infinity']]);
  assert.equal(csv, 'n,problem,eps\n75,NUNP,1.5\n75,"a,""b""",Infinity\n');
});

test('response view: plot specs group rows into series, sorted lines, bands and filters', async () => {
  const { plotSeries } = await import('../../web/src/widgets/response_view.js');
  const columns = ['n', 'problem', 'mean', 'low', 'high', 'kind'];
  const rows = [[300, 'nurp', 0.2, 0.1, 0.3, 'a'], [150, 'nurp', 0.3, 0.2, 0.4, 'a'], [150, 'nunp', 1.3, 1, 1.6, 'b'], [150, 'nunp', 'Infinity', 0, 0, 'a']];
  const band = plotSeries({ kind: 'band', x: 'n', y: 'mean', y_low: 'low', y_high: 'high', group: 'problem' }, columns, rows);
  assert.deepEqual(band.map((s) => s.name), ['NURP', 'NUNP']);  // the papers' names (words.js), not the core's ids
  assert.deepEqual(band[0].points, [[150, 0.3], [300, 0.2]]);  // sorted by x
  assert.deepEqual(band[0].band, [[150, 0.2, 0.4], [300, 0.1, 0.3]]);
  assert.deepEqual(band[1].points, [[150, 1.3]]);                // non-numbers are not drawn
  const scatter = plotSeries({ kind: 'scatter', x: 'n', y: 'mean', filter: { column: 'kind', value: 'a' } }, columns, rows);
  assert.equal(scatter.length, 1);
  assert.equal(scatter[0].kind, 'points');
  assert.deepEqual(scatter[0].points, [[300, 0.2], [150, 0.3]]); // points keep row order
  assert.equal(scatter[0].band, undefined);
});
