// Chart of curves and point sets on shared axes, in SVG (e.g. bounds of a trade-off with the
// designs that achieve it). update({ series, rule }):
//   series: [{ name, kind: 'line' | 'points', points: [[x, y], ...], labels?: [text per point],
//              band?: [[x, low, high], ...] (lines only: a shaded band, e.g. mean -+ 1 sd) }]
//     lines get Okabe-Ito colours plus distinct dash patterns, point sets distinct shapes, so
//     the series differ without colour too; every point is a <g class="point"> with data-x/y.
//   or { name, kind: 'boxes', boxes: [[x, min, q1, median, q3, max], ...], points: [] }: a box
//     plot (the core computes the five numbers); each box is a <g class="box"> with data-x.
//   rule: { x, label } draws a vertical reference line (optional).
// Legend below the plot; the axes start at 0 when the data are non-negative. xLog: a log x axis
// (for x spanning decades, such as sample sizes).
import { scaleLinear, scaleLog } from 'd3-scale';
import { s, fmt } from '../dom.js';
import { OKABE_ITO, chartSvg, drawAxes, fitWidth, refitWhenPlaced, titleLines, TITLE_LINE } from './chart_frame.js';

const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4'];
const SHAPES = ['circle', 'square', 'diamond', 'triangle'];

function shape(kind, x, y, r, colour) {
  const attrs = { fill: colour, stroke: '#fff', 'stroke-width': 1 };
  if (kind === 'circle') return s('circle', { cx: x, cy: y, r, ...attrs });
  if (kind === 'square') return s('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...attrs });
  if (kind === 'diamond') return s('polygon', { points: `${x},${y - r * 1.3} ${x + r * 1.3},${y} ${x},${y + r * 1.3} ${x - r * 1.3},${y}`, ...attrs });
  return s('polygon', { points: `${x},${y - r * 1.4} ${x + r * 1.3},${y + r} ${x - r * 1.3},${y + r}`, ...attrs });
}

export class XyChart {
  constructor(container, { title = '', xLabel = 'x', yLabel = 'y', width = 560, height = 340, xLog = false } = {}) {
    Object.assign(this, { container, title, xLabel, yLabel, width, height, xLog });
  }

  update(args) {
    const { series, rule = null } = args;
    const width = fitWidth(this.container, this.width);
    const legendColumns = width < 440 ? 1 : 2;
    const legendRows = Math.ceil(series.length / legendColumns);
    const extra = TITLE_LINE * (titleLines(this.title, width).length - 1);  // a title in more lines
    const margin = { top: 28 + extra, right: 20, bottom: 48 + 18 * legendRows, left: 58 };
    const height = this.height + 18 * legendRows + extra;
    const bandPts = series.flatMap((sr) => (sr.band || []).flatMap(([bx, lo, hi]) => [[bx, lo], [bx, hi]]));
    const boxPts = series.flatMap((sr) => (sr.boxes || []).flatMap(([bx, lo, , , , hi]) => [[bx, lo], [bx, hi]]));
    const pts = series.flatMap((sr) => sr.points).concat(bandPts, boxPts)
      .filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && (!this.xLog || x > 0));
    const svg = chartSvg(this.container, { width, height, title: this.title, className: 'line-chart xy-chart', empty: pts.length === 0 });
    if (pts.length === 0) return svg;
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const x = this.xLog ? scaleLog().domain([Math.min(...xs) / 1.25, Math.max(...xs) * 1.25]).range([margin.left, width - margin.right])
      : scaleLinear().domain([Math.min(0, ...xs), (Math.max(...xs) || 1) * (series.some((sr) => sr.kind === 'boxes') ? 1.1 : 1)]).nice()
        .range([margin.left, width - margin.right]);
    // Log axes label 1, 2 and 5 times powers of ten only.
    const xTicks = this.xLog ? x.ticks().filter((t) => [1, 2, 5].includes(Math.round(t / 10 ** Math.floor(Math.log10(t) + 1e-9)))) : x.ticks(6);
    const y = scaleLinear().domain([Math.min(0, ...ys), Math.max(...ys) || 1]).nice().range([height - margin.bottom, margin.top]);
    const [y0] = y.range();
    drawAxes(svg, { x, y, xTicks, xLabel: this.xLabel, yLabel: this.yLabel, xTitleY: y0 + 34 });
    if (rule && Number.isFinite(rule.x) && rule.x >= x.domain()[0] && rule.x <= x.domain()[1]) {
      svg.appendChild(s('line', { class: 'rule', x1: x(rule.x), x2: x(rule.x), y1: margin.top, y2: y0, stroke: '#5b5b66', 'stroke-dasharray': '3 3' },
        s('title', {}, rule.label || '')));
      svg.appendChild(s('text', { x: x(rule.x) + 4, y: margin.top + 10, class: 'tick' }, rule.label || ''));
    }
    let lines = 0;
    let sets = 0;
    const legend = [];
    for (const sr of series) {
      const good = sr.points.map((p, i) => [p, i]).filter(([[px, py]]) => Number.isFinite(px) && Number.isFinite(py) && (!this.xLog || px > 0));
      if (sr.kind === 'boxes') {
        const boxes = (sr.boxes || []).filter((b) => b.length === 6 && b.every(Number.isFinite));
        const xsPx = boxes.map(([bx]) => x(bx));
        const gaps = xsPx.slice(1).map((px, i) => px - xsPx[i]);
        const half = Math.max(3, 0.3 * Math.min(60, ...gaps));
        const g = s('g', { class: 'box-set', 'data-series': sr.name });
        for (const [bx, lo, q1, med, q3, hi] of boxes) {
          const cx = x(bx);
          g.appendChild(s('g', { class: 'box', 'data-x': bx },
            s('line', { x1: cx, x2: cx, y1: y(lo), y2: y(hi), stroke: OKABE_ITO[0] }),
            s('rect', { x: cx - half, y: y(q3), width: 2 * half, height: Math.max(0.5, y(q1) - y(q3)), fill: '#dbe9f5', stroke: OKABE_ITO[0] }),
            s('line', { x1: cx - half, x2: cx + half, y1: y(med), y2: y(med), stroke: OKABE_ITO[3], 'stroke-width': 2 }),
            s('title', {}, `${fmt(bx)}: median ${fmt(med)}, quartiles ${fmt(q1)} to ${fmt(q3)}, range ${fmt(lo)} to ${fmt(hi)}`)));
        }
        svg.appendChild(g);
        legend.push((lx, ly) => [s('rect', { x: lx + 6, y: ly - 5, width: 12, height: 10, fill: '#dbe9f5', stroke: OKABE_ITO[0] })]);
      } else if (sr.kind === 'points') {
        const k = sets++;
        const colour = OKABE_ITO[(3 + k) % OKABE_ITO.length];
        const kind = SHAPES[k % SHAPES.length];
        const g = s('g', { class: 'point-set', 'data-series': sr.name });
        for (const [[px, py], i] of good) {
          const p = s('g', { class: 'point', 'data-x': px, 'data-y': py }, shape(kind, x(px), y(py), 4.5, colour),
            s('title', {}, `${sr.name}${sr.labels ? ` ${sr.labels[i]}` : ''}: (${fmt(px)}, ${fmt(py)})`));
          g.appendChild(p);
        }
        svg.appendChild(g);
        legend.push((lx, ly) => [shape(kind, lx + 12, ly, 4.5, colour)]);
      } else {
        const k = lines++;
        const colour = OKABE_ITO[k % OKABE_ITO.length];
        const dash = DASHES[k % DASHES.length];
        const band = (sr.band || []).filter(([bx, lo, hi]) => [bx, lo, hi].every(Number.isFinite) && (!this.xLog || bx > 0));
        if (band.length > 1) {
          const outline = [...band.map(([bx, , hi]) => `${x(bx)},${y(hi)}`), ...band.slice().reverse().map(([bx, lo]) => `${x(bx)},${y(lo)}`)];
          svg.appendChild(s('polygon', { class: 'band', 'data-series': sr.name, points: outline.join(' '), fill: colour, 'fill-opacity': 0.14, stroke: 'none' }));
        }
        svg.appendChild(s('polyline', { class: 'series', 'data-series': sr.name, fill: 'none', stroke: colour, 'stroke-width': 2,
          'stroke-dasharray': dash, points: good.map(([[px, py]]) => `${x(px)},${y(py)}`).join(' ') }, s('title', {}, sr.name)));
        legend.push((lx, ly) => [s('line', { x1: lx, x2: lx + 24, y1: ly, y2: ly, stroke: colour, 'stroke-width': 2, 'stroke-dasharray': dash })]);
      }
    }
    // Legend: two columns under the x axis title.
    series.forEach((sr, i) => {
      const lx = margin.left + (i % legendColumns) * ((width - margin.left - margin.right) / 2);
      const ly = y0 + 52 + 18 * Math.floor(i / legendColumns);
      for (const el of legend[i](lx, ly)) svg.appendChild(el);
      svg.appendChild(s('text', { x: lx + 30, y: ly + 4, class: 'tick' }, sr.name));
    });
    this.container.replaceChildren(svg);
    refitWhenPlaced(this, width, () => this.update(args));
    return svg;
  }
}
