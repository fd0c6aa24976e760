// A labelled heatmap of a matrix (rows = outputs y, columns = inputs x) in SVG, with the numbers
// printed in the cells when they fit, a colour legend, and a <title> tooltip per cell.
// Colour: viridis (perceptually uniform, colour-blind safe), from 0 to the matrix maximum.
// A matrix with more than LARGE_SIDE rows or columns (Adult's 240 x 240) is summarised: the
// SUMMARY_SIDE outputs with the most mass and the inputs they weigh most, readable, above an
// overview of the whole matrix (one pixel per cell).
import { interpolateViridis } from 'd3-scale-chromatic';
import { h, s, fmt } from '../dom.js';
import { fitWidth, refitWhenPlaced } from './chart_frame.js';

/** Rows or columns above which one picture is unreadable: the heatmap shows a summary instead. */
export const LARGE_SIDE = 24;
/** The rows and columns the summary shows. */
export const SUMMARY_SIDE = 16;

export class Heatmap {
  /** @param {HTMLElement} container */
  constructor(container, { title = '' } = {}) {
    this.container = container;
    this.title = title;
  }

  /**
   * Draws data, and draws it again when its box turns out narrower (refitWhenPlaced): everything a
   * caller wants on the picture goes in data, never into the returned <svg> afterwards.
   * Optional: `values` (the exact numbers behind `matrix`, in each cell's data-value), `cellTitle(
   * rowLabel, colLabel, value)` (each cell's tooltip), `xTitle`/`yTitle` (the axis titles), `ariaLabel`.
   * @param {{ matrix: number[][], rowLabels: string[], colLabels: string[], rowAxis: string, colAxis: string,
   *   values?: number[][], cellTitle?: (row: string, col: string, value: number) => string, xTitle?: string, yTitle?: string, ariaLabel?: string }} data
   */
  update(data) {
    if (data.matrix.length > LARGE_SIDE || data.matrix[0].length > LARGE_SIDE) return this.summary(data);
    const svg = this.draw(data);
    this.container.replaceChildren(svg);
    refitWhenPlaced(this, Number(svg.getAttribute('width')), () => this.update(data));
    return svg;
  }

  /** The top rows and columns of a large matrix, on the whole matrix's colour scale, and an overview. */
  summary({ matrix, rowLabels, colLabels, rowAxis = 'y', colAxis = 'x', values = matrix, ...rest }) {
    const rows = matrix.length;
    const cols = matrix[0].length;
    const max = matrix.reduce((m, row) => row.reduce((a, v) => (v > a ? v : a), m), 1e-12);
    const top = (scores, k) => scores.map((v, i) => [v, i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]).slice(0, k).map(([, i]) => i).sort((a, b) => a - b);
    const keptRows = top(matrix.map((row) => row.reduce((a, b) => a + b, 0)), SUMMARY_SIDE);
    const keptCols = top(colLabels.map((_, c) => keptRows.reduce((a, r) => a + matrix[r][c], 0)), SUMMARY_SIDE);
    const pick = (m) => keptRows.map((r) => keptCols.map((c) => m[r][c]));
    const svg = this.draw({ ...rest, matrix: pick(matrix), values: pick(values), rowLabels: keptRows.map((r) => rowLabels[r]),
      colLabels: keptCols.map((c) => colLabels[c]), rowAxis, colAxis, max, of: [rows, cols] });
    svg.dataset.summary = `${keptRows.length}x${keptCols.length} of ${rows}x${cols}`;
    const note = h('p', { class: 'hint heatmap-note', 'data-role': 'summary-note' },
      `${rows} × ${cols}: too large to read as one picture. Shown: the ${keptRows.length} outputs ${rowAxis} with the most mass and the ${keptCols.length} inputs ${colAxis} they weigh most (colours on the whole matrix's scale). Below: the whole matrix, one dot per entry; the CSV export has every number.`);
    this.container.replaceChildren(note, svg, this.overview(matrix, max));
    return svg;
  }

  /** The whole matrix as a small image (one pixel per entry, scaled up without smoothing). */
  overview(matrix, max) {
    const rows = matrix.length;
    const cols = matrix[0].length;
    const canvas = h('canvas', { width: cols, height: rows, class: 'heatmap-overview', role: 'img',
      'aria-label': `${this.title}: overview of the whole ${rows} by ${cols} matrix (brighter is larger)` });
    const ctx = canvas.getContext && canvas.getContext('2d');
    if (!ctx) return canvas;
    const image = ctx.createImageData(cols, rows);
    matrix.forEach((row, r) => row.forEach((v, c) => {
      const hex = interpolateViridis(v / max);
      const rgb = /^#/.test(hex) ? [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)) : (hex.match(/\d+/g) || [0, 0, 0]).map(Number);
      const at = 4 * (r * cols + c);
      image.data.set([rgb[0], rgb[1], rgb[2], 255], at);
    }));
    ctx.putImageData(image, 0, 0);
    return canvas;
  }

  /** The heatmap <svg> of a matrix that is small enough to read. */
  draw({ matrix, rowLabels, colLabels, rowAxis = 'y', colAxis = 'x', max: givenMax = null, of = null, values = matrix,
    cellTitle = (row, col, value) => `P(y = ${row} | x = ${col}) = ${value}`, xTitle = `input ${colAxis}`, yTitle = `output ${rowAxis}`, ariaLabel = null }) {
    const rows = matrix.length;
    const cols = matrix[0].length;
    const max = givenMax ?? Math.max(1e-12, ...matrix.flat());
    const labelWidth = 12 + 7 * Math.max(...rowLabels.map((l) => l.length), 2);
    // Cells fill the room the heatmap has (a phone: its width), 18 to 64 px each.
    const legendRoom = 74;  // the colour bar and its largest value at 11 px
    const room = Math.min(560, fitWidth(this.container, 10000, 200) - labelWidth - 18 - legendRoom);
    const cell = Math.max(12, Math.min(64, Math.floor(room / cols)));
    const showNumbers = cell >= 44;
    const top = 34 + 6.5 * Math.max(...colLabels.map((l) => l.length), 2) * (cell < 44 ? 1 : 0) + (cell < 44 ? 0 : 14);
    const left = labelWidth + 18;
    const width = left + cols * cell + legendRoom;
    const height = top + rows * cell + 12;
    const svg = s('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'heatmap',
      'aria-label': ariaLabel || (of ? `${this.title}: ${rows} by ${cols} part of a ${of[0]} by ${of[1]} matrix` : `${this.title}: ${rows} by ${cols} matrix`) });
    // Centred over the cells, but kept inside the picture (11 px text: about 6.2 px a character).
    const half = Math.min(width / 2, (6.2 * xTitle.length) / 2);
    svg.appendChild(s('text', { x: Math.min(Math.max(left + (cols * cell) / 2, half), width - half), y: 12, 'text-anchor': 'middle', class: 'axis-title' }, xTitle));
    svg.appendChild(s('text', { x: 10, y: top + (rows * cell) / 2, 'text-anchor': 'middle', class: 'axis-title',
      transform: `rotate(-90 10 ${top + (rows * cell) / 2})` }, yTitle));
    colLabels.forEach((label, c) => {
      if (cell < 16 && c % 2 === 1) return;  // narrow cells: every second label (each cell's tooltip names it)
      const x = left + c * cell + cell / 2;
      svg.appendChild(cell >= 44
        ? s('text', { x, y: top - 6, 'text-anchor': 'middle', class: 'tick' }, label)
        : s('text', { x, y: top - 6, 'text-anchor': 'start', class: 'tick', transform: `rotate(-60 ${x} ${top - 6})` }, label));
    });
    rowLabels.forEach((label, r) => {
      if (cell < 16 && r % 2 === 1) return;
      svg.appendChild(s('text', { x: left - 6, y: top + r * cell + cell / 2 + 4, 'text-anchor': 'end', class: 'tick' }, label));
    });
    matrix.forEach((row, r) => row.forEach((value, c) => {
      const t = value / max;
      const g = s('g', { class: 'cell', 'data-value': values[r][c] });
      g.appendChild(s('rect', { x: left + c * cell, y: top + r * cell, width: cell - 1, height: cell - 1, fill: interpolateViridis(t) },
        s('title', {}, cellTitle(rowLabels[r], colLabels[c], values[r][c]))));
      if (showNumbers)
        g.appendChild(s('text', { x: left + c * cell + cell / 2, y: top + r * cell + cell / 2 + 4, 'text-anchor': 'middle',
          class: 'cell-value', fill: t > 0.55 ? '#111' : '#fff' }, fmt(value, 3)));
      svg.appendChild(g);
    }));
    this.legend(svg, left + cols * cell + 24, top, Math.min(rows * cell, 200), max);
    return svg;
  }

  legend(svg, x, y, h, max) {
    const id = `grad-${Math.random().toString(36).slice(2)}`;
    const grad = s('linearGradient', { id, x1: 0, y1: 1, x2: 0, y2: 0 });
    for (let i = 0; i <= 10; i++) grad.appendChild(s('stop', { offset: `${i * 10}%`, 'stop-color': interpolateViridis(i / 10) }));
    svg.appendChild(s('defs', {}, grad));
    svg.appendChild(s('rect', { x, y, width: 12, height: h, fill: `url(#${id})` }));
    svg.appendChild(s('text', { x: x + 16, y: y + 8, class: 'tick' }, fmt(max, 3)));
    svg.appendChild(s('text', { x: x + 16, y: y + h, class: 'tick' }, '0'));
  }
}
