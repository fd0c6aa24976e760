// Scatter chart in SVG: one group of points per series, told apart by Okabe-Ito colour AND marker
// shape (circle, square, triangle, diamond, ...), axes with ticks and labels, a legend, and
// optional dashed reference lines (e.g. the design epsilon). A few far outliers do not flatten the
// rest: when the largest y is over twice Q3 + 3 IQR, the values beyond that are clipped to the top
// edge, drawn there with an arrow and their value, and the chart says how many were clipped.
// update({ series: [{ name, points: [[x, y], ...] }], hLines: [{ y, label }], vLines: [{ x, label }] }).
import { scaleLinear } from 'd3-scale';
import { s, fmt } from '../dom.js';
import { OKABE_ITO, chartSvg, drawAxes, fitWidth, refitWhenPlaced, titleLines, TITLE_LINE } from './chart_frame.js';

const SHAPES = ['circle', 'square', 'triangle', 'diamond', 'cross', 'star'];

function marker(shape, cx, cy, colour, title) {
  const r = 4.5;
  const common = { fill: 'none', stroke: colour, 'stroke-width': 1.8 };
  let el;
  if (shape === 'circle') el = s('circle', { cx, cy, r, ...common });
  else if (shape === 'square') el = s('rect', { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, ...common });
  else if (shape === 'triangle') el = s('polygon', { points: `${cx},${cy - r - 1} ${cx - r - 0.5},${cy + r} ${cx + r + 0.5},${cy + r}`, ...common });
  else if (shape === 'diamond') el = s('polygon', { points: `${cx},${cy - r - 1} ${cx + r + 1},${cy} ${cx},${cy + r + 1} ${cx - r - 1},${cy}`, ...common });
  else if (shape === 'cross') el = s('path', { d: `M${cx - r},${cy - r}L${cx + r},${cy + r}M${cx - r},${cy + r}L${cx + r},${cy - r}`, ...common });
  else el = s('path', { d: `M${cx},${cy - r - 1}L${cx},${cy + r + 1}M${cx - r - 1},${cy}L${cx + r + 1},${cy}`, ...common });
  if (title) el.appendChild(s('title', {}, title));
  return el;
}

export class ScatterChart {
  constructor(container, { title = '', xLabel = 'x', yLabel = 'y', width = 560, height = 340 } = {}) {
    Object.assign(this, { container, title, xLabel, yLabel, width, height });
  }

  update(args) {
    const { series, hLines = [], vLines = [], title = this.title, xLabel = this.xLabel, yLabel = this.yLabel } = args;
    const width = fitWidth(this.container, this.width, 340);
    const extra = TITLE_LINE * (titleLines(title, width).length - 1);  // a title in more lines
    const margin = { top: 28 + extra, right: 120, bottom: 44, left: 58 };
    const height = this.height + extra;
    const finite = ([px, py]) => Number.isFinite(px) && Number.isFinite(py);
    const pts = series.flatMap((sr) => sr.points).filter(finite);
    const svg = chartSvg(this.container, { width, height, title, className: 'line-chart scatter-chart', empty: pts.length === 0 });
    if (pts.length === 0) return svg;
    const xs = pts.map((p) => p[0]).concat(vLines.map((l) => l.x).filter(Number.isFinite));
    const cap = outlierCap(pts.map((p) => p[1]));
    const ys = pts.map((p) => Math.min(p[1], cap)).concat(hLines.map((l) => l.y).filter(Number.isFinite));
    const pad = (lo, hi) => (hi > lo ? [lo, hi] : [lo - 0.5, hi + 0.5]);
    const x = scaleLinear().domain(pad(Math.min(0, ...xs), Math.max(...xs))).nice().range([margin.left, width - margin.right]);
    const y = scaleLinear().domain(pad(Math.min(0, ...ys), Math.max(...ys))).nice().range([height - margin.bottom, margin.top]);
    const top = y.domain()[1];
    const clipped = [];
    const [x0, x1] = x.range();
    const [y0, y1] = y.range();
    drawAxes(svg, { x, y, xLabel, yLabel, xTitleY: height - 8 });
    for (const line of hLines.filter((l) => Number.isFinite(l.y))) {
      svg.appendChild(s('line', { x1: x0, x2: x1, y1: y(line.y), y2: y(line.y), stroke: '#555', 'stroke-dasharray': '5 4', class: 'ref-line' }));
      svg.appendChild(s('text', { x: x1 + 6, y: y(line.y) + 4, class: 'tick' }, line.label || ''));
    }
    for (const line of vLines.filter((l) => Number.isFinite(l.x))) {
      svg.appendChild(s('line', { x1: x(line.x), x2: x(line.x), y1, y2: y0, stroke: '#555', 'stroke-dasharray': '5 4', class: 'ref-line' }));
      svg.appendChild(s('text', { x: x(line.x) + 4, y: y1 + 10, class: 'tick' }, line.label || ''));
    }
    series.forEach((sr, k) => {
      const colour = OKABE_ITO[k % OKABE_ITO.length];
      const shape = SHAPES[k % SHAPES.length];
      const group = s('g', { class: 'series', 'data-series': sr.name });
      for (const [px, py] of sr.points.filter(finite)) {
        const over = py > top;
        group.appendChild(marker(shape, x(px), y(over ? top : py), colour, `${sr.name}: (${fmt(px)}, ${fmt(py)})${over ? ' — above the chart, drawn at its top edge' : ''}`));
        if (over) {
          clipped.push(py);
          svg.appendChild(s('text', { x: x(px), y: y(top) - 7, 'text-anchor': 'middle', class: 'tick clipped', fill: colour, 'data-clipped': String(py), style: 'font-size: 11px' }, '↑'));
        }
      }
      svg.appendChild(group);
      const ly = margin.top + 6 + 18 * k;
      svg.appendChild(marker(shape, x1 + 20, ly, colour, null));
      svg.appendChild(s('text', { x: x1 + 32, y: ly + 4, class: 'tick' }, sr.name));
    });
    if (clipped.length) {
      const values = clipped.sort((a, b) => a - b).map((v) => fmt(v, 2));
      const lines = [`↑ ${clipped.length} outlier${clipped.length === 1 ? '' : 's'} above ${fmt(top, 1)},`, 'drawn at the top edge:',
        ...values.slice(0, 4).map((v, i) => `${v}${i === 3 && values.length > 4 ? ' …' : ''}`)];
      svg.appendChild(s('text', { x: x1 + 8, y: margin.top + 24 + 18 * series.length, class: 'tick', 'data-role': 'clip-note', style: 'font-size: 11px' },
        lines.map((line, i) => s('tspan', { x: x1 + 8, dy: i ? 12 : 0 }, line))));
    }
    this.container.replaceChildren(svg);
    refitWhenPlaced(this, width, () => this.update(args));
    return svg;
  }
}

/**
 * The largest y drawn to scale: Q3 + 3 IQR of the values, when the largest value is more than
 * twice that (it would squash the rest into less than half of the chart); else Infinity.
 */
export function outlierCap(values) {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length < 8) return Infinity;
  const q = (f) => v[Math.min(v.length - 1, Math.floor(f * (v.length - 1)))];
  const cap = q(0.75) + 3 * Math.max(q(0.75) - q(0.25), 1e-9);
  return v[v.length - 1] > 2 * Math.max(cap, 0) ? cap : Infinity;
}
