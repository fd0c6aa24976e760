// Bar chart in SVG: one bar per labelled value (e.g. the principal inertia components), a value
// axis from 0 with ticks, the value printed above each bar when it fits, and a <title> tooltip
// per bar. update({ bars: [{ label, value }], max }) — `max` fixes the top of the axis (optional).
// Colour: the first Okabe-Ito colour (one series: no colour coding needed).
import { scaleLinear } from 'd3-scale';
import { s, fmt } from '../dom.js';
import { fitWidth, refitWhenPlaced } from './chart_frame.js';

export class BarChart {
  constructor(container, { title = '', xLabel = '', yLabel = '', width = 520, height = 240 } = {}) {
    Object.assign(this, { container, title, xLabel, yLabel, width, height });
  }

  update(args) {
    const { bars, max = null } = args;
    const margin = { top: 28, right: 16, bottom: 44, left: 58 };
    const width = fitWidth(this.container, this.width);
    const { height } = this;
    const svg = s('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'line-chart bar-chart', 'aria-label': this.title });
    svg.appendChild(s('text', { x: width / 2, y: 16, 'text-anchor': 'middle', class: 'chart-title' }, this.title));
    const good = bars.filter((b) => Number.isFinite(b.value));
    if (good.length === 0) {
      svg.appendChild(s('text', { x: width / 2, y: height / 2, 'text-anchor': 'middle', class: 'tick' }, 'no data'));
      this.container.replaceChildren(svg);
      return svg;
    }
    const top = max !== null && Number.isFinite(max) ? max : Math.max(...good.map((b) => b.value), 1e-12);
    const y = scaleLinear().domain([0, top * 1.08]).nice().range([height - margin.bottom, margin.top]);  // room for the labels
    const plotWidth = width - margin.left - margin.right;
    const slot = plotWidth / bars.length;
    const barWidth = Math.max(2, Math.min(56, slot * 0.7));
    const axis = s('g', { class: 'axis' });
    for (const t of y.ticks(5)) {
      axis.appendChild(s('line', { x1: margin.left - 4, x2: margin.left, y1: y(t), y2: y(t), stroke: '#888' }));
      axis.appendChild(s('line', { x1: margin.left, x2: width - margin.right, y1: y(t), y2: y(t), stroke: '#eee' }));
      axis.appendChild(s('text', { x: margin.left - 7, y: y(t) + 4, 'text-anchor': 'end', class: 'tick' }, String(+t.toFixed(6))));
    }
    axis.appendChild(s('line', { x1: margin.left, x2: width - margin.right, y1: y(0), y2: y(0), stroke: '#888' }));
    axis.appendChild(s('line', { x1: margin.left, x2: margin.left, y1: margin.top, y2: y(0), stroke: '#888' }));
    axis.appendChild(s('text', { x: margin.left + plotWidth / 2, y: height - 6, 'text-anchor': 'middle', class: 'axis-title' }, this.xLabel));
    axis.appendChild(s('text', { x: 14, y: (margin.top + height - margin.bottom) / 2, 'text-anchor': 'middle', class: 'axis-title',
      transform: `rotate(-90 14 ${(margin.top + height - margin.bottom) / 2})` }, this.yLabel));
    svg.appendChild(axis);
    const labelEvery = Math.ceil(bars.length / Math.max(1, Math.floor(plotWidth / 28)));
    bars.forEach((bar, i) => {
      const cx = margin.left + slot * (i + 0.5);
      const v = Number.isFinite(bar.value) ? Math.max(0, bar.value) : 0;
      const g = s('g', { class: 'bar', 'data-label': bar.label, 'data-value': bar.value });
      g.appendChild(s('rect', { x: cx - barWidth / 2, y: y(v), width: barWidth, height: Math.max(0, y(0) - y(v)), fill: '#0072B2' },
        s('title', {}, `${bar.label} = ${bar.value}`)));
      if (barWidth >= 30) g.appendChild(s('text', { x: cx, y: y(v) - 4, 'text-anchor': 'middle', class: 'tick' }, fmt(bar.value, 3)));
      if (i % labelEvery === 0) g.appendChild(s('text', { x: cx, y: y(0) + 16, 'text-anchor': 'middle', class: 'tick' }, bar.label));
      svg.appendChild(g);
    });
    this.container.replaceChildren(svg);
    refitWhenPlaced(this, width, () => this.update(args));
    return svg;
  }
}
