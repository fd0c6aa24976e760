// A map of grid cells in SVG: each cell coloured by a value (viridis, 0 to the maximum), with an
// optional second number (e.g. the prior in %) in its corner, arrows between cells (e.g. the
// adversary's guess o -> attack(o)), and a selected cell. Interactive when given callbacks:
// pointer down / drag over cells calls onPaint(cell, +1 | -1) (tool 'paint' / 'erase') or
// onSelect(cell) (tool 'select'); the cells are focusable (one tab stop, arrow keys move, + / -
// paint, Enter / Space select; role grid > row > gridcell). On a touch screen a swipe scrolls the
// page and a tap acts on one cell (no painting by dragging). The SVG is kept between updates of
// the same shape, so focus and a drag survive redraws.
//
// update({ rows, cols, values, valueLabel, corner, cornerLabel, arrows: [{ from, to, weight }],
//          selected, cellTitle: (i) => string, caption })
import { interpolateViridis } from 'd3-scale-chromatic';
import { s, fmt } from '../dom.js';
import { fitWidth } from './chart_frame.js';

export class GridMap {
  /** @param {HTMLElement} container */
  constructor(container, { title = '', idPrefix = 'cell', size = 360, onPaint = null, onSelect = null, tool = () => 'select' } = {}) {
    Object.assign(this, { container, title, idPrefix, size, onPaint, onSelect, tool });
    this.shape = '';
    this.focusCell = 0;
    this.dragging = false;
    this.lastPainted = -1;
    this.gradientId = `gm-grad-${Math.random().toString(36).slice(2)}`;
    this.arrowId = `gm-arrow-${Math.random().toString(36).slice(2)}`;
    window.addEventListener('pointerup', () => { this.dragging = false; this.lastPainted = -1; });
  }

  get interactive() { return Boolean(this.onPaint || this.onSelect); }

  build(rows, cols) {
    const pad = 20;
    const legend = 60;
    // Cells fill the room the map has (a phone, an embed), so its text is drawn at 11 px, not
    // scaled down; numbers inside the cells only where they fit (the paper's 20 columns: none).
    const room = Math.min(this.size, fitWidth(this.container, this.size + pad + legend, 200) - pad - legend);
    const cell = Math.max(12, Math.min(72, Math.floor(room / Math.max(rows, cols))));
    const everyTick = cell >= 22 ? 1 : 2;
    const width = pad + cols * cell + legend;
    const height = pad + rows * cell + 8;
    Object.assign(this, { rows, cols, cell, pad });
    const svg = s('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'grid-map', role: this.interactive ? 'grid' : 'img',
      'aria-label': `${this.title}: ${rows} by ${cols} cells`, style: 'touch-action: manipulation; user-select: none; display: block' });
    const defs = s('defs', {},
      s('marker', { id: this.arrowId, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' },
        s('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#111' })));
    const grad = s('linearGradient', { id: this.gradientId, x1: 0, y1: 1, x2: 0, y2: 0 });
    for (let i = 0; i <= 10; i++) grad.appendChild(s('stop', { offset: `${i * 10}%`, 'stop-color': interpolateViridis(i / 10) }));
    defs.appendChild(grad);
    svg.appendChild(defs);
    const ticks = s('g', { 'aria-hidden': 'true' });
    for (let c = 0; c < cols; c += everyTick) ticks.appendChild(s('text', { x: pad + c * cell + cell / 2, y: 13, 'text-anchor': 'middle', class: 'tick' }, String(c + 1)));
    for (let r = 0; r < rows; r += everyTick) ticks.appendChild(s('text', { x: 12, y: pad + r * cell + cell / 2 + 4, 'text-anchor': 'middle', class: 'tick' }, String.fromCharCode(65 + r)));
    svg.appendChild(ticks);
    this.cells = [];
    const layer = s('g', { class: 'cells', role: this.interactive ? 'rowgroup' : null });
    const rowGroups = Array.from({ length: rows }, () => s('g', { role: this.interactive ? 'row' : null }));
    layer.append(...rowGroups);
    for (let i = 0; i < rows * cols; i++) {
      const x = pad + (i % cols) * cell;
      const y = pad + Math.floor(i / cols) * cell;
      const g = s('g', { class: 'map-cell', 'data-cell': i, id: `${this.idPrefix}-${i}` });
      if (this.interactive) {
        g.setAttribute('role', 'gridcell');
        g.setAttribute('tabindex', i === this.focusCell ? '0' : '-1');
      }
      const rect = s('rect', { x, y, width: cell - 1, height: cell - 1, rx: 2 });
      const title = s('title', {});
      const value = s('text', { x: x + cell / 2, y: y + cell / 2 + 4, 'text-anchor': 'middle', class: 'cell-value', style: 'pointer-events: none; font-size: 11px' });
      const corner = s('text', { x: x + 3, y: y + 12, class: 'cell-corner', style: 'pointer-events: none; font-size: 11px' });
      g.append(rect, title, value, corner);
      if (this.interactive) this.wire(g, i);
      rowGroups[Math.floor(i / cols)].appendChild(g);
      this.cells.push({ g, rect, title, value, corner, x, y });
    }
    svg.appendChild(layer);
    this.arrowLayer = s('g', { class: 'arrows', style: 'pointer-events: none', 'aria-hidden': 'true' });
    svg.appendChild(this.arrowLayer);
    this.outline = s('rect', { class: 'selected-outline', fill: 'none', stroke: '#D55E00', 'stroke-width': 3, width: cell - 1, height: cell - 1, style: 'pointer-events: none', 'aria-hidden': 'true' });
    svg.appendChild(this.outline);
    this.legend = s('g', { class: 'legend', 'aria-hidden': 'true' });
    svg.appendChild(this.legend);
    this.svg = svg;
    this.container.replaceChildren(svg);
  }

  wire(g, i) {
    // A touch acts on tap (click) only, so that a swipe starting on the map scrolls the page.
    g.addEventListener('click', () => {
      if (this.lastPointer !== 'touch') return;
      this.setFocus(i, false);
      const tool = this.tool();
      if (tool === 'select') { if (this.onSelect) this.onSelect(i); } else if (this.onPaint) this.onPaint(i, tool === 'erase' ? -1 : 1);
    });
    g.addEventListener('pointerdown', (e) => {
      this.lastPointer = e.pointerType;
      if (e.button !== 0 || e.pointerType === 'touch') return;
      e.preventDefault();
      this.setFocus(i, true);
      const tool = this.tool();
      if (tool === 'select') { if (this.onSelect) this.onSelect(i); return; }
      this.dragging = true;
      this.lastPainted = i;
      if (this.onPaint) this.onPaint(i, tool === 'erase' ? -1 : 1);
    });
    g.addEventListener('pointerenter', () => {
      if (!this.dragging || this.lastPainted === i) return;
      this.lastPainted = i;
      if (this.onPaint) this.onPaint(i, this.tool() === 'erase' ? -1 : 1);
    });
    g.addEventListener('keydown', (e) => {
      const { rows, cols } = this;
      const r = Math.floor(i / cols);
      const c = i % cols;
      const move = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
      if (move) {
        e.preventDefault();
        const nr = Math.min(rows - 1, Math.max(0, r + move[0]));
        const nc = Math.min(cols - 1, Math.max(0, c + move[1]));
        this.setFocus(nr * cols + nc, true);
      } else if ((e.key === '+' || e.key === '=') && this.onPaint) { e.preventDefault(); this.onPaint(i, 1); }
      else if ((e.key === '-' || e.key === '_') && this.onPaint) { e.preventDefault(); this.onPaint(i, -1); }
      else if ((e.key === 'Enter' || e.key === ' ') && this.onSelect) { e.preventDefault(); this.onSelect(i); }
    });
  }

  setFocus(i, focus) {
    if (!this.cells || !this.cells[i]) return;
    this.cells.forEach((cell, k) => cell.g.setAttribute('tabindex', k === i ? '0' : '-1'));
    this.focusCell = i;
    if (focus) this.cells[i].g.focus();
  }

  centre(i) {
    const { x, y } = this.cells[i];
    return [x + (this.cell - 1) / 2, y + (this.cell - 1) / 2];
  }

  update({ rows, cols, values = null, valueLabel = '', corner = null, cornerLabel = '', arrows = [], selected = null, cellTitle = null }) {
    const shape = `${rows}x${cols}`;
    if (shape !== this.shape || !this.svg) {
      this.shape = shape;
      if (this.focusCell >= rows * cols) this.focusCell = 0;
      this.build(rows, cols);
    }
    const finite = values ? values.filter((v) => Number.isFinite(v)) : [];
    const max = Math.max(1e-12, ...finite);
    this.cells.forEach((cell, i) => {
      const v = values ? values[i] : null;
      const known = Number.isFinite(v);
      const t = known ? v / max : 0;
      cell.rect.setAttribute('fill', known ? interpolateViridis(t) : '#eceef3');
      cell.rect.setAttribute('stroke', '#fff');
      const dark = known && t <= 0.55;
      const showValue = known && this.cell >= 40;
      cell.value.textContent = !showValue ? '' : Math.abs(v) < 5e-4 ? '0' : fmt(v, v >= 0.995 ? 2 : 3).replace(/^0\./, '.');
      cell.value.setAttribute('fill', dark ? '#fff' : '#111');
      cell.g.setAttribute('data-value', known ? String(v) : '');
      const c = corner ? corner[i] : null;
      cell.corner.textContent = c === null || c === undefined || this.cell < 44 ? '' : c;
      cell.corner.setAttribute('fill', dark ? '#e8e8f0' : '#333');
      cell.title.textContent = cellTitle ? cellTitle(i) : `${valueLabel} = ${known ? v : '—'}${c ? `; ${cornerLabel} ${c}` : ''}`;
      if (this.interactive) cell.g.setAttribute('aria-selected', String(i === selected));
    });
    if (selected !== null && selected >= 0 && selected < this.cells.length) {
      const { x, y } = this.cells[selected];
      this.outline.setAttribute('x', x);
      this.outline.setAttribute('y', y);
      this.outline.setAttribute('visibility', 'visible');
      this.svg.setAttribute('data-selected', String(selected));
    } else {
      this.outline.setAttribute('visibility', 'hidden');
      this.svg.removeAttribute('data-selected');
    }
    this.drawArrows(arrows);
    this.drawLegend(values ? max : null, valueLabel);
  }

  drawArrows(arrows) {
    const nodes = [];
    const maxWeight = Math.max(1e-12, ...arrows.map((a) => a.weight ?? 1));
    for (const a of arrows) {
      if (a.from === a.to || !this.cells[a.from] || !this.cells[a.to]) continue;
      const [x1, y1] = this.centre(a.from);
      const [x2, y2] = this.centre(a.to);
      const len = Math.hypot(x2 - x1, y2 - y1);
      const shrink = Math.min(this.cell * 0.28, len / 3);
      const ux = (x2 - x1) / len;
      const uy = (y2 - y1) / len;
      const opacity = 0.45 + 0.55 * Math.sqrt((a.weight ?? 1) / maxWeight);
      const p = { x1: x1 + ux * shrink, y1: y1 + uy * shrink, x2: x2 - ux * shrink, y2: y2 - uy * shrink };
      nodes.push(s('g', { class: 'arrow', 'data-from': a.from, 'data-to': a.to, opacity: opacity.toFixed(2) },
        s('line', { ...p, stroke: '#fff', 'stroke-width': 4, 'stroke-linecap': 'round' }),
        s('line', { ...p, stroke: '#111', 'stroke-width': 1.8, 'marker-end': `url(#${this.arrowId})` })));
    }
    this.arrowLayer.replaceChildren(...nodes);
  }

  drawLegend(max, label) {
    if (max === null) { this.legend.replaceChildren(); return; }
    const x = this.pad + this.cols * this.cell + 12;
    const y = this.pad;
    const h = Math.min(this.rows * this.cell, 160);
    this.legend.replaceChildren(
      s('rect', { x, y, width: 10, height: h, fill: `url(#${this.gradientId})` }),
      s('text', { x: x + 14, y: y + 9, class: 'tick' }, fmt(max, 3)),
      s('text', { x: x + 14, y: y + h, class: 'tick' }, '0'),
      s('text', { x: x + 5, y: y + h + 14, 'text-anchor': 'middle', class: 'tick' }, label.length > 8 ? '' : label));
  }
}
