// Line chart in SVG: one line per series (Okabe-Ito colours plus distinct dash patterns, so the
// series differ without colour too), axes with ticks and labels, a legend, and an optional
// marker. update({ series: [{ name, points: [[x, y], ...] }], marker: { x, y, label } }).
import { scaleLinear } from 'd3-scale';
import { s, fmt } from '../dom.js';

export const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4'];

export class LineChart {
  constructor(container, { title = '', xLabel = 'x', yLabel = 'y', width = 520, height = 300 } = {}) {
    Object.assign(this, { container, title, xLabel, yLabel, width, height });
  }

  update({ series, marker = null }) {
    const margin = { top: 28, right: 130, bottom: 44, left: 58 };
    const { width, height } = this;
    const pts = series.flatMap((sr) => sr.points).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
    const svg = s('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'line-chart', 'aria-label': this.title });
    svg.appendChild(s('text', { x: width / 2, y: 16, 'text-anchor': 'middle', class: 'chart-title' }, this.title));
    if (pts.length === 0) {
      svg.appendChild(s('text', { x: width / 2, y: height / 2, 'text-anchor': 'middle', class: 'tick' }, 'no data'));
      this.container.replaceChildren(svg);
      return svg;
    }
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const x = scaleLinear().domain([Math.min(...xs), Math.max(...xs)]).nice().range([margin.left, width - margin.right]);
    const y = scaleLinear().domain([Math.min(0, ...ys), Math.max(...ys) || 1]).nice().range([height - margin.bottom, margin.top]);
    const axis = s('g', { class: 'axis' });
    axis.appendChild(s('line', { x1: margin.left, x2: width - margin.right, y1: y.range()[0], y2: y.range()[0], stroke: '#888' }));
    axis.appendChild(s('line', { x1: margin.left, x2: margin.left, y1: margin.top, y2: height - margin.bottom, stroke: '#888' }));
    for (const t of x.ticks(6)) {
      axis.appendChild(s('line', { x1: x(t), x2: x(t), y1: y.range()[0], y2: y.range()[0] + 4, stroke: '#888' }));
      axis.appendChild(s('text', { x: x(t), y: y.range()[0] + 16, 'text-anchor': 'middle', class: 'tick' }, String(+t.toFixed(6))));
    }
    for (const t of y.ticks(5)) {
      axis.appendChild(s('line', { x1: margin.left - 4, x2: margin.left, y1: y(t), y2: y(t), stroke: '#888' }));
      axis.appendChild(s('line', { x1: margin.left, x2: width - margin.right, y1: y(t), y2: y(t), stroke: '#eee' }));
      axis.appendChild(s('text', { x: margin.left - 7, y: y(t) + 4, 'text-anchor': 'end', class: 'tick' }, String(+t.toFixed(6))));
    }
    axis.appendChild(s('text', { x: (margin.left + width - margin.right) / 2, y: height - 8, 'text-anchor': 'middle', class: 'axis-title' }, this.xLabel));
    axis.appendChild(s('text', { x: 14, y: (margin.top + height - margin.bottom) / 2, 'text-anchor': 'middle', class: 'axis-title',
      transform: `rotate(-90 14 ${(margin.top + height - margin.bottom) / 2})` }, this.yLabel));
    svg.appendChild(axis);
    series.forEach((sr, k) => {
      const good = sr.points.filter(([px, py]) => Number.isFinite(px) && Number.isFinite(py));
      const colour = OKABE_ITO[k % OKABE_ITO.length];
      svg.appendChild(s('polyline', { class: 'series', 'data-series': sr.name, fill: 'none', stroke: colour, 'stroke-width': 2,
        'stroke-dasharray': DASHES[k % DASHES.length], points: good.map(([px, py]) => `${x(px)},${y(py)}`).join(' ') },
      s('title', {}, sr.name)));
      const ly = margin.top + 6 + 18 * k;
      svg.appendChild(s('line', { x1: width - margin.right + 10, x2: width - margin.right + 34, y1: ly, y2: ly, stroke: colour,
        'stroke-width': 2, 'stroke-dasharray': DASHES[k % DASHES.length] }));
      svg.appendChild(s('text', { x: width - margin.right + 40, y: ly + 4, class: 'tick' }, sr.name));
    });
    if (marker && Number.isFinite(marker.x) && Number.isFinite(marker.y)) {
      svg.appendChild(s('circle', { cx: x(marker.x), cy: y(marker.y), r: 5, fill: 'none', stroke: '#000', 'stroke-width': 2 },
        s('title', {}, `${marker.label || ''} (${fmt(marker.x)}, ${fmt(marker.y)})`)));
    }
    this.container.replaceChildren(svg);
    return svg;
  }
}
