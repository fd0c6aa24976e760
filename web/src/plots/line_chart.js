// Line chart in SVG: one line per series (Okabe-Ito colours plus distinct dash patterns, so the
// series differ without colour too), axes with ticks and labels, a legend, and an optional
// marker. update({ series: [{ name, points: [[x, y], ...] }], marker: { x, y, label } }).
import { scaleLinear } from 'd3-scale';
import { s, fmt } from '../dom.js';
import { OKABE_ITO, chartSvg, drawAxes, fitWidth, refitWhenPlaced, titleLines, TITLE_LINE } from './chart_frame.js';

export { OKABE_ITO };
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4'];

export class LineChart {
  constructor(container, { title = '', xLabel = 'x', yLabel = 'y', width = 520, height = 300 } = {}) {
    Object.assign(this, { container, title, xLabel, yLabel, width, height });
  }

  update(args) {
    const { series, marker = null } = args;
    const width = fitWidth(this.container, this.width);
    // Narrow (a phone): the legend goes under the plot instead of beside it.
    const below = width < 440;
    const legendRows = below ? series.length : 0;
    const extra = TITLE_LINE * (titleLines(this.title, width).length - 1);  // a title in more lines
    const margin = { top: 28 + extra, right: below ? 16 : 130, bottom: 44 + 18 * legendRows, left: 58 };
    const height = this.height + 18 * legendRows + extra;
    const pts = series.flatMap((sr) => sr.points).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
    const svg = chartSvg(this.container, { width, height, title: this.title, className: 'line-chart', empty: pts.length === 0 });
    if (pts.length === 0) return svg;
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const x = scaleLinear().domain([Math.min(...xs), Math.max(...xs)]).nice().range([margin.left, width - margin.right]);
    const y = scaleLinear().domain([Math.min(0, ...ys), Math.max(...ys) || 1]).nice().range([height - margin.bottom, margin.top]);
    drawAxes(svg, { x, y, xLabel: this.xLabel, yLabel: this.yLabel, xTitleY: height - 8 - 18 * legendRows });
    series.forEach((sr, k) => {
      const good = sr.points.filter(([px, py]) => Number.isFinite(px) && Number.isFinite(py));
      const colour = OKABE_ITO[k % OKABE_ITO.length];
      svg.appendChild(s('polyline', { class: 'series', 'data-series': sr.name, fill: 'none', stroke: colour, 'stroke-width': 2,
        'stroke-dasharray': DASHES[k % DASHES.length], points: good.map(([px, py]) => `${x(px)},${y(py)}`).join(' ') },
      s('title', {}, sr.name)));
      const ly = below ? height - 18 * legendRows + 18 * k : margin.top + 6 + 18 * k;
      const lx = below ? margin.left - 10 : width - margin.right + 10;
      svg.appendChild(s('line', { x1: lx, x2: lx + 24, y1: ly, y2: ly, stroke: colour,
        'stroke-width': 2, 'stroke-dasharray': DASHES[k % DASHES.length] }));
      svg.appendChild(s('text', { x: lx + 30, y: ly + 4, class: 'tick' }, sr.name));
    });
    if (marker && Number.isFinite(marker.x) && Number.isFinite(marker.y)) {
      svg.appendChild(s('circle', { cx: x(marker.x), cy: y(marker.y), r: 5, fill: 'none', stroke: '#000', 'stroke-width': 2 },
        s('title', {}, `${marker.label || ''} (${fmt(marker.x)}, ${fmt(marker.y)})`)));
    }
    this.container.replaceChildren(svg);
    refitWhenPlaced(this, width, () => this.update(args));
    return svg;
  }
}
