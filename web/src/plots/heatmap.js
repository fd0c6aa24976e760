// A labelled heatmap of a matrix (rows = outputs y, columns = inputs x) in SVG, with the numbers
// printed in the cells when they fit, a colour legend, and a <title> tooltip per cell.
// Colour: viridis (perceptually uniform, colour-blind safe), from 0 to the matrix maximum.
import { interpolateViridis } from 'd3-scale-chromatic';
import { s, fmt } from '../dom.js';

export class Heatmap {
  /** @param {HTMLElement} container */
  constructor(container, { title = '' } = {}) {
    this.container = container;
    this.title = title;
  }

  /** @param {{ matrix: number[][], rowLabels: string[], colLabels: string[], rowAxis: string, colAxis: string }} data */
  update({ matrix, rowLabels, colLabels, rowAxis = 'y', colAxis = 'x' }) {
    const rows = matrix.length;
    const cols = matrix[0].length;
    const max = Math.max(1e-12, ...matrix.flat());
    const labelWidth = 12 + 7 * Math.max(...rowLabels.map((l) => l.length), 2);
    const cell = Math.max(18, Math.min(64, Math.floor(560 / cols)));
    const showNumbers = cell >= 44;
    const top = 34 + 6.5 * Math.max(...colLabels.map((l) => l.length), 2) * (cell < 44 ? 1 : 0) + (cell < 44 ? 0 : 14);
    const left = labelWidth + 18;
    const width = left + cols * cell + 90;
    const height = top + rows * cell + 12;
    const svg = s('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'heatmap',
      'aria-label': `${this.title}: ${rows} by ${cols} matrix` });
    svg.appendChild(s('text', { x: left + (cols * cell) / 2, y: 12, 'text-anchor': 'middle', class: 'axis-title' }, `input ${colAxis}`));
    svg.appendChild(s('text', { x: 10, y: top + (rows * cell) / 2, 'text-anchor': 'middle', class: 'axis-title',
      transform: `rotate(-90 10 ${top + (rows * cell) / 2})` }, `output ${rowAxis}`));
    colLabels.forEach((label, c) => {
      const x = left + c * cell + cell / 2;
      svg.appendChild(cell >= 44
        ? s('text', { x, y: top - 6, 'text-anchor': 'middle', class: 'tick' }, label)
        : s('text', { x, y: top - 6, 'text-anchor': 'start', class: 'tick', transform: `rotate(-60 ${x} ${top - 6})` }, label));
    });
    rowLabels.forEach((label, r) => {
      svg.appendChild(s('text', { x: left - 6, y: top + r * cell + cell / 2 + 4, 'text-anchor': 'end', class: 'tick' }, label));
    });
    matrix.forEach((row, r) => row.forEach((value, c) => {
      const t = value / max;
      const g = s('g', { class: 'cell' });
      g.appendChild(s('rect', { x: left + c * cell, y: top + r * cell, width: cell - 1, height: cell - 1, fill: interpolateViridis(t) },
        s('title', {}, `P(y = ${rowLabels[r]} | x = ${colLabels[c]}) = ${value}`)));
      if (showNumbers)
        g.appendChild(s('text', { x: left + c * cell + cell / 2, y: top + r * cell + cell / 2 + 4, 'text-anchor': 'middle',
          class: 'cell-value', fill: t > 0.55 ? '#111' : '#fff' }, fmt(value, 3)));
      svg.appendChild(g);
    }));
    this.legend(svg, left + cols * cell + 24, top, Math.min(rows * cell, 200), max);
    this.container.replaceChildren(svg);
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
