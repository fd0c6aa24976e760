// What every x-y chart of the page shares: the <svg> with its title (or a "no data" note), and
// the axes: lines, ticks with labels, light grid lines, and the two axis titles. The charts
// (line_chart, xy_chart, scatter_chart) draw their marks on top.
import { s } from '../dom.js';

/**
 * The width to draw a chart at: its preferred width, or less on a narrow screen (the room its
 * container has, else the viewport's less the page's paddings), so that a phone shows the text at
 * its size (11 px) instead of scaling the whole picture down. The SVG keeps its viewBox and
 * shrinks further only when a box is narrower still (CSS max-width: 100%).
 */
export function fitWidth(container, preferred, min = 280) {
  const own = container && container.isConnected ? container.clientWidth : 0;
  const viewport = typeof document !== 'undefined' && document.documentElement ? document.documentElement.clientWidth - 56 : preferred;
  const room = own > 0 ? own : viewport;
  return Math.round(Math.max(min, Math.min(preferred, room)));
}

/**
 * A chart drawn into a container that was not yet on the page (a view builds its result panel,
 * then shows it) guessed its width from the viewport: once placed, it is drawn again when its box
 * is narrower (an embed's column, a card), so that its text is not scaled below its size.
 */
export function refitWhenPlaced(chart, drawnWidth, redraw) {
  const token = {};
  chart.lastDraw = token;  // a later update wins: an older drawing is never redrawn over it
  const { container } = chart;
  if (!container || container.isConnected || typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() => {
    const room = container.isConnected ? container.clientWidth : 0;
    if (chart.lastDraw === token && room > 0 && drawnWidth > room + 2) redraw();
  });
}

export const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];

/** The height of a title line; a chart adds TITLE_LINE * (titleLines(...).length - 1) at its top. */
export const TITLE_LINE = 15;

/** A chart title in lines that fit `width` at 12 px (about 6.6 px a character), at most three. */
export function titleLines(title, width) {
  const most = Math.max(12, Math.floor((width - 16) / 6.6));
  const lines = [];
  for (const word of String(title || '').split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= most) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > 3) lines.splice(2, lines.length - 2, `${lines.slice(2).join(' ').slice(0, most - 1)}…`);
  return lines.length ? lines : [''];
}

/**
 * The chart's <svg> with its title. With no points it also says "no data", is put in the
 * container, and `empty` is true: the caller returns it as it is.
 */
export function chartSvg(container, { width, height, title, className, empty }) {
  const svg = s('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', class: className, 'aria-label': title });
  svg.appendChild(s('text', { x: width / 2, y: 16, 'text-anchor': 'middle', class: 'chart-title' },
    titleLines(title, width).map((line, i, all) => s('tspan', { x: width / 2, dy: i ? TITLE_LINE : 0 }, i < all.length - 1 ? `${line} ` : line))));
  if (empty) {
    svg.appendChild(s('text', { x: width / 2, y: height / 2, 'text-anchor': 'middle', class: 'tick' }, 'no data'));
    container.replaceChildren(svg);
  }
  return svg;
}

/**
 * Draws the axes of scales x and y (d3, with their pixel ranges) into svg. xTitleY: the
 * baseline of the x axis title.
 */
export function drawAxes(svg, { x, y, xTicks = x.ticks(6), yTicks = y.ticks(5), xLabel, yLabel, xTitleY }) {
  const [x0, x1] = x.range();
  const [y0, y1] = y.range();
  const axis = s('g', { class: 'axis' });
  axis.appendChild(s('line', { x1: x0, x2: x1, y1: y0, y2: y0, stroke: '#888' }));
  axis.appendChild(s('line', { x1: x0, x2: x0, y1, y2: y0, stroke: '#888' }));
  for (const t of xTicks) {
    axis.appendChild(s('line', { x1: x(t), x2: x(t), y1: y0, y2: y0 + 4, stroke: '#888' }));
    axis.appendChild(s('text', { x: x(t), y: y0 + 16, 'text-anchor': 'middle', class: 'tick' }, String(+t.toFixed(6))));
  }
  for (const t of yTicks) {
    axis.appendChild(s('line', { x1: x0 - 4, x2: x0, y1: y(t), y2: y(t), stroke: '#888' }));
    axis.appendChild(s('line', { x1: x0, x2: x1, y1: y(t), y2: y(t), stroke: '#eee' }));
    axis.appendChild(s('text', { x: x0 - 7, y: y(t) + 4, 'text-anchor': 'end', class: 'tick' }, String(+t.toFixed(6))));
  }
  axis.appendChild(s('text', { x: (x0 + x1) / 2, y: xTitleY, 'text-anchor': 'middle', class: 'axis-title' }, xLabel));
  axis.appendChild(s('text', { x: 14, y: (y0 + y1) / 2, 'text-anchor': 'middle', class: 'axis-title',
    transform: `rotate(-90 14 ${(y0 + y1) / 2})` }, yLabel));
  svg.appendChild(axis);
}
