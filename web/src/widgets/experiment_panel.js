// Runs a paper experiment of the view's family in the worker (progress and Cancel in the status
// bar), then draws the experiment's own plot specs as line charts and offers its table as CSV.
// experiments: [{ name, label, request(K) -> request object }].
import { h } from '../dom.js';
import { LineChart } from '../plots/line_chart.js';
import { download, chartExportButtons } from './export_bar.js';
import { matrixToCsv } from '../export_formats.js';

const K_CHOICES = [3, 5, 10, 20];

export class ExperimentPanel {
  constructor({ experiments, solve, idPrefix }) {
    Object.assign(this, { experiments, solve, idPrefix });
    this.choice = experiments[0].name;
    this.k = 5;
    this.root = h('div', { class: 'experiment-panel', id: `${idPrefix}-experiments` });
    this.render();
  }

  render(status = null) {
    const pick = h('select', { id: `${this.idPrefix}-experiment`, onchange: (e) => { this.choice = e.target.value; } },
      this.experiments.map((x) => h('option', { value: x.name, selected: x.name === this.choice ? true : null }, x.label)));
    const k = h('select', { id: `${this.idPrefix}-experiment-k`, onchange: (e) => { this.k = Number(e.target.value); } },
      K_CHOICES.map((v) => h('option', { value: String(v), selected: v === this.k ? true : null }, `K = ${v}`)));
    this.root.replaceChildren(
      h('div', { class: 'eps-row' }, pick, k, h('button', { type: 'button', id: `${this.idPrefix}-run-experiment`, onclick: () => this.run() }, 'Run')),
      status ? h('p', { class: 'hint', id: `${this.idPrefix}-experiment-status` }, status) : null,
      this.output || null);
  }

  async run() {
    const spec = this.experiments.find((x) => x.name === this.choice);
    this.output = null;
    this.render(`Running ${spec.label} with K = ${this.k} in the browser… (progress and Cancel above)`);
    const response = await this.solve(spec.request(this.k));
    if (response.cancelled) { this.render('Cancelled.'); return; }
    if (response.error) { this.render(`The experiment failed: ${response.error.message}`); return; }
    this.output = this.draw(spec, response);
    this.render(`${spec.label}: K = ${this.k} instances, ${response.rows.length} rows.`);
  }

  draw(spec, response) {
    const { columns, rows } = response;
    const charts = (response.plots || []).filter((p) => p.kind !== 'scatter').map((plot, i) => {
      const host = h('div', { class: 'chart-host', 'data-plot': String(i) });
      const xi = columns.indexOf(plot.x);
      const yi = columns.indexOf(plot.y);
      const gi = plot.group ? columns.indexOf(plot.group) : -1;
      const filter = plot.filter ? columns.indexOf(plot.filter.column) : -1;
      const series = new Map();
      for (const row of rows) {
        if (filter >= 0 && row[filter] !== plot.filter.value) continue;
        if (typeof row[xi] !== 'number' || typeof row[yi] !== 'number') continue;
        const key = gi >= 0 ? String(row[gi]) : plot.y;
        if (!series.has(key)) series.set(key, []);
        series.get(key).push([row[xi], row[yi]]);
      }
      new LineChart(host, { title: plot.title || '', xLabel: plot.x_label || plot.x, yLabel: plot.y_label || plot.y })
        .update({ series: [...series].map(([name, points]) => ({ name, points: points.sort((a, b) => a[0] - b[0]) })) });
      return h('div', {}, host, h('div', { class: 'export-bar' }, chartExportButtons(host, `${spec.name}-${i + 1}`)));
    });
    const table = matrixToCsv(rows.map((r) => r.slice(1)), rows.map((r) => String(r[0])), columns.slice(1))
      .replace(/^y \\ x/, columns[0]);
    return h('div', { class: 'experiment-output' }, charts,
      (response.notes || []).map((n) => h('p', { class: 'hint' }, n)),
      h('div', { class: 'export-bar' }, h('button', { type: 'button', 'data-export': `${spec.name}.csv`,
        onclick: () => download(`${spec.name}.csv`, table, 'text/csv') }, 'Table (CSV)')));
  }
}
