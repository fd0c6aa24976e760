// Figure 2c/2d of the Robust MSE view: eps* and D* against n for the four problems, the mean of
// K instances per n with a -+ 1 sd band after 1.5 IQR outlier removal (the core computes the
// statistics; this file only draws the experiment response {columns, rows, plots}).
import { h, fmt } from '../dom.js';
import { XyChart } from '../plots/xy_chart.js';
import { chartExportButtons } from '../widgets/export_bar.js';

const LABEL = { nunp: 'NUNP', nurp: 'NURP', runp: 'RUNP', rurp: 'RURP' };

/** One line series per problem: points (n, mean) and the band (n, low, high) of a measure. */
export function sweepSeries(response, measure) {
  const cols = response.columns || [];
  const at = (name) => cols.indexOf(name);
  const [n, problem, mean, low, high] = ['n', 'problem', `${measure}_mean`, `${measure}_low`, `${measure}_high`].map(at);
  const groups = new Map();
  for (const row of response.rows || []) {
    const key = String(row[problem]).toLowerCase();
    if (!groups.has(key)) groups.set(key, { name: LABEL[key] || key.toUpperCase(), kind: 'line', points: [], band: [] });
    const g = groups.get(key);
    g.points.push([Number(row[n]), Number(row[mean])]);
    g.band.push([Number(row[n]), Number(row[low]), Number(row[high])]);
  }
  for (const g of groups.values()) { g.points.sort((a, b) => a[0] - b[0]); g.band.sort((a, b) => a[0] - b[0]); }
  return [...groups.values()];
}

/**
 * The two charts (with their export buttons) and the table of the response.
 * @returns {{ charts: Node, table: Node }}
 */
export function drawFigure2cd(response, epsilon) {
  const epsHost = h('div', { class: 'chart-host', id: 'figure-2c' });
  const distHost = h('div', { class: 'chart-host', id: 'figure-2d' });
  const eps = sweepSeries(response, 'epsilon');
  const ns = eps.flatMap((sr) => sr.points.map((p) => p[0]));
  const design = { name: `design ε = ${epsilon}`, kind: 'line', points: ns.length ? [[Math.min(...ns), epsilon], [Math.max(...ns), epsilon]] : [] };
  new XyChart(epsHost, { title: 'Figure 2c: ε* against n (mean ± 1 sd)', xLabel: 'n (log scale)', yLabel: 'ε* under P*', xLog: true, width: 520, height: 300 })
    .update({ series: [...eps, design] });
  new XyChart(distHost, { title: 'Figure 2d: D* against n (mean ± 1 sd)', xLabel: 'n (log scale)', yLabel: 'D* under P*', xLog: true, width: 520, height: 300 })
    .update({ series: sweepSeries(response, 'distortion') });
  const cols = response.columns || [];
  const cell = (row, name) => row[cols.indexOf(name)];
  const rows = (response.rows || []).map((row) => {
    const key = String(cell(row, 'problem')).toLowerCase();
    return h('tr', { 'data-n': String(cell(row, 'n')), 'data-problem': key },
      h('td', {}, String(cell(row, 'n'))), h('th', { scope: 'row' }, LABEL[key] || key),
      h('td', { class: 'fig-eps' }, `${fmt(cell(row, 'epsilon_mean'))} ± ${fmt(cell(row, 'epsilon_sd'))}`),
      h('td', { class: 'fig-dist' }, `${fmt(cell(row, 'distortion_mean'))} ± ${fmt(cell(row, 'distortion_sd'))}`),
      h('td', { class: 'fig-above' }, cols.includes('above_epsilon') ? `${cell(row, 'above_epsilon')} / ${cell(row, 'instances')}` : '—'),
      h('td', {}, `${cell(row, 'kept_epsilon')} / ${cell(row, 'instances')}`),
      h('td', {}, String(cell(row, 'infinite_epsilon'))));
  });
  const table = h('div', { class: 'metrics' }, h('table', { id: 'figure-sweep-table' },
    h('thead', {}, h('tr', {}, ['n', 'problem', 'ε* mean ± sd', 'D* mean ± sd', 'ε* > ε', 'ε* kept', 'ε* = ∞'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, rows)));
  const charts = h('div', { id: 'figure-sweep', style: 'display:flex;flex-wrap:wrap;gap:0.5rem 1.5rem' },
    h('div', {}, epsHost, h('div', { class: 'export-bar' }, chartExportButtons(epsHost, 'figure2c', 'Figure 2c'))),
    h('div', {}, distHost, h('div', { class: 'export-bar' }, chartExportButtons(distHost, 'figure2d', 'Figure 2d'))));
  return { charts, table };
}
