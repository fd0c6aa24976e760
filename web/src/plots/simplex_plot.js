// The probability simplex of a 3-letter alphabet X in SVG (privacy funnel, Theorem 3): the
// triangle with one corner per x, the polygon Δ of ε-LIP posteriors (15) with its vertices, the
// prior p_X, and the posteriors R_{X|y} a protocol realises with their weights P(Y = y): p_X is
// their convex combination, drawn as segments from p_X to each posterior. Colours are Okabe-Ito
// and every kind of point also has its own shape, so the drawing reads without colour.
//
// update({ cornerLabels: [3 names], polygon: [[x, y], ..] (plane coordinates, counter-clockwise),
//          vertices: [[p0, p1, p2], ..] (the same points, barycentric, for tooltips),
//          posteriors: [[x, y], ..], posteriorProbs: [[p0, p1, p2], ..], weights: [q_y, ..],
//          chosen: [vertex index or -1 per posterior], prior: [x, y], priorProbs: [p0, p1, p2] })
// Plane coordinates: corners (0, 0), (1, 0), (1/2, √3/2), as in the core's simplex_view.
import { s, fmt } from '../dom.js';
import { fitWidth, refitWhenPlaced } from './chart_frame.js';

const BLUE = '#0072B2';
const SKY = '#56B4E9';
const VERMILION = '#D55E00';

export class SimplexPlot {
  constructor(container, { title = '', width = 520, height = 370 } = {}) {
    Object.assign(this, { container, title, width, height });
  }

  update(args) {
    const { cornerLabels, polygon, vertices = [], posteriors = [], posteriorProbs = [], weights = [], chosen = [], prior, priorProbs = [] } = args;
    const width = fitWidth(this.container, this.width, 340);
    const legendWidth = 150;
    const pad = { top: 46, bottom: 30, left: 24, right: 16 + legendWidth };
    const side = Math.min(width - pad.left - pad.right, (this.height - pad.top - pad.bottom) / (Math.sqrt(3) / 2));
    // As tall as the triangle (or the legend's five lines) needs: a phone's narrow triangle leaves no empty band.
    const height = Math.round(Math.min(this.height, Math.max(pad.top + side * (Math.sqrt(3) / 2) + pad.bottom, pad.top + 8 + 5 * 20 + 12)));
    const x0 = pad.left + (width - pad.left - pad.right - side) / 2;
    const yBase = pad.top + side * (Math.sqrt(3) / 2);
    const px = ([u, v]) => x0 + u * side;
    const py = ([, v]) => yBase - v * side;
    const at = (p) => `${px(p).toFixed(2)},${py(p).toFixed(2)}`;
    const probs = (p) => (p && p.length === 3 ? `(${p.map((v) => fmt(v, 3)).join(', ')})` : '');
    const svg = s('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'line-chart simplex-plot', 'aria-label': this.title });
    svg.appendChild(s('text', { x: width / 2, y: 16, 'text-anchor': 'middle', class: 'chart-title' }, this.title));

    const corners = [[0, 0], [1, 0], [0.5, Math.sqrt(3) / 2]];
    svg.appendChild(s('polygon', { points: corners.map(at).join(' '), fill: '#fff', stroke: '#888', 'stroke-width': 1.2, 'data-role': 'simplex' }));
    // Light grid at thirds, for reading coordinates.
    for (const t of [1 / 3, 2 / 3]) {
      for (let k = 0; k < 3; k++) {
        const a = corners[k];
        const b = corners[(k + 1) % 3];
        const c = corners[(k + 2) % 3];
        const p1 = [a[0] + t * (c[0] - a[0]), a[1] + t * (c[1] - a[1])];
        const p2 = [b[0] + t * (c[0] - b[0]), b[1] + t * (c[1] - b[1])];
        svg.appendChild(s('line', { x1: px(p1), y1: py(p1), x2: px(p2), y2: py(p2), stroke: '#eee' }));
      }
    }
    const anchors = [['middle', 0, 20], ['middle', 0, 20], ['middle', 0, -9]];
    corners.forEach((c, k) => svg.appendChild(s('text', { x: px(c) + anchors[k][1], y: py(c) + anchors[k][2], 'text-anchor': anchors[k][0],
      class: 'axis-title', 'data-corner': k }, `${cornerLabels[k]} = 1`)));

    if (polygon && polygon.length >= 3) {
      svg.appendChild(s('polygon', { points: polygon.map(at).join(' '), fill: SKY, 'fill-opacity': 0.3, stroke: BLUE, 'stroke-width': 1.5,
        'data-role': 'delta' }, s('title', {}, `Δ: the ε-LIP posteriors (${polygon.length} vertices)`)));
    } else if (polygon && polygon.length === 2) {
      svg.appendChild(s('line', { x1: px(polygon[0]), y1: py(polygon[0]), x2: px(polygon[1]), y2: py(polygon[1]), stroke: BLUE, 'stroke-width': 2, 'data-role': 'delta' }));
    }
    // Segments p_X -> posterior: p_X = Σ_y q_y R_{X|y}.
    if (prior) {
      posteriors.forEach((p) => svg.appendChild(s('line', { x1: px(prior), y1: py(prior), x2: px(p), y2: py(p),
        stroke: VERMILION, 'stroke-width': 1.2, 'stroke-dasharray': '4 3' })));
    }
    (polygon || []).forEach((p, i) => svg.appendChild(s('circle', { cx: px(p), cy: py(p), r: 4, fill: BLUE, class: 'delta-vertex', 'data-index': i },
      s('title', {}, `vertex ${i + 1} of Δ ${probs(vertices[i])}`))));
    const placed = [];  // label boxes already drawn: a label that would overlap one is left to the tooltip
    posteriors.forEach((p, k) => {
      const cx = px(p);
      const cy = py(p);
      const g = s('g', { class: 'posterior', 'data-index': k, 'data-vertex': chosen[k] === undefined ? -1 : chosen[k], 'data-weight': weights[k] });
      g.appendChild(s('rect', { x: cx - 5.5, y: cy - 5.5, width: 11, height: 11, fill: 'none', stroke: VERMILION, 'stroke-width': 2.2 },
        s('title', {}, `R(X | y${k + 1}) ${probs(posteriorProbs[k])}, P(Y = y${k + 1}) = ${fmt(weights[k], 4)}${chosen[k] >= 0 ? `, vertex ${chosen[k] + 1} of Δ` : ''}`)));
      // The label goes inside the triangle, towards p_X (corner labels are outside).
      let ux = 0;
      let uy = -1;
      if (prior) {
        const len = Math.hypot(px(prior) - cx, py(prior) - cy);
        if (len > 1e-6) { ux = (px(prior) - cx) / len; uy = (py(prior) - cy) / len; }
      }
      const lx0 = cx + 16 * ux + (Math.abs(ux) < 0.5 ? 8 : 0);
      const ly0 = cy + 16 * uy + 4;
      const text = `y${k + 1}: q = ${fmt(weights[k], 3)}`;
      const w = 6 * text.length;
      const left = ux < -0.5 ? lx0 - w : lx0;
      const box = [left, ly0 - 10, left + w, ly0 + 2];
      const nearPrior = prior && Math.hypot(px(prior) - cx, py(prior) - cy) < 12;
      const overlaps = placed.some((b) => box[0] < b[2] && b[0] < box[2] && box[1] < b[3] && b[1] < box[3]);
      if (!nearPrior && !overlaps) {
        placed.push(box);
        g.appendChild(s('text', { x: lx0, y: ly0, 'text-anchor': ux < -0.5 ? 'end' : 'start', class: 'tick' }, text));
      }
      svg.appendChild(g);
    });
    if (prior) {
      const cx = px(prior);
      const cy = py(prior);
      svg.appendChild(s('path', { d: `M ${cx} ${cy - 7} L ${cx + 7} ${cy} L ${cx} ${cy + 7} L ${cx - 7} ${cy} Z`, fill: '#000', 'data-role': 'prior' },
        s('title', {}, `p_X ${probs(priorProbs)}`)));
    }

    // Legend.
    const lx = width - legendWidth - 4;
    let ly = pad.top + 8;
    const item = (shape, label) => {
      svg.appendChild(shape(lx + 8, ly));
      svg.appendChild(s('text', { x: lx + 22, y: ly + 4, class: 'tick' }, label));
      ly += 20;
    };
    item((x, y) => s('rect', { x: x - 7, y: y - 6, width: 14, height: 12, fill: SKY, 'fill-opacity': 0.3, stroke: BLUE }), 'Δ (ε-LIP posteriors)');
    item((x, y) => s('circle', { cx: x, cy: y, r: 4, fill: BLUE }), 'vertex of Δ');
    item((x, y) => s('rect', { x: x - 5.5, y: y - 5.5, width: 11, height: 11, fill: 'none', stroke: VERMILION, 'stroke-width': 2.2 }), 'posterior R(X|y)');
    item((x, y) => s('path', { d: `M ${x} ${y - 6} L ${x + 6} ${y} L ${x} ${y + 6} L ${x - 6} ${y} Z`, fill: '#000' }), 'prior p_X');
    item((x, y) => s('line', { x1: x - 8, y1: y, x2: x + 8, y2: y, stroke: VERMILION, 'stroke-dasharray': '4 3', 'stroke-width': 1.2 }), 'p_X = Σ q_y R(X|y)');
    this.container.replaceChildren(svg);
    refitWhenPlaced(this, width, () => this.update(args));
    return svg;
  }
}
