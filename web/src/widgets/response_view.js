// Draws any core response that no view lays out itself: a paper experiment ({columns, rows,
// plots, notes}) as its own charts (line, band, scatter, box; log axes when the plot asks) with the
// table as CSV, or another response as its numbers and its matrices as heatmaps. Used by the
// views' experiment panels and by gallery presets that run as one whole request.
import { h, fmt } from '../dom.js';
import { XyChart } from '../plots/xy_chart.js';
import { Heatmap } from '../plots/heatmap.js';
import { download, chartExportButtons } from './export_bar.js';
import { tableToCsv } from '../export_formats.js';
import { machineNotes } from './result_frame.js';
import { forPeople, nameForPeople } from '../words.js';

/** The series of one plot spec over the experiment's rows. */
export function plotSeries(plot, columns, rows) {
  if (plot.kind === 'box') return [{ name: nameForPeople(plot.y_label || plot.y), kind: 'boxes', boxes: Array.isArray(plot.boxes) ? plot.boxes : [], points: [] }];
  const at = (name) => (name ? columns.indexOf(name) : -1);
  const [xi, yi, gi, lo, hi] = [plot.x, plot.y, plot.group, plot.y_low, plot.y_high].map(at);
  const fi = plot.filter ? at(plot.filter.column) : -1;
  const kind = plot.kind === 'scatter' ? 'points' : 'line';
  const series = new Map();
  for (const row of rows) {
    if (fi >= 0 && row[fi] !== plot.filter.value) continue;
    const x = row[xi];
    const y = row[yi];
    if (typeof x !== 'number' || typeof y !== 'number') continue;
    const name = nameForPeople(gi >= 0 ? String(row[gi]) : (plot.y_label || plot.y));
    if (!series.has(name)) series.set(name, { name, kind, points: [], band: lo >= 0 && hi >= 0 ? [] : undefined });
    const sr = series.get(name);
    sr.points.push([x, y]);
    if (sr.band) sr.band.push([x, Number(row[lo]), Number(row[hi])]);
  }
  for (const sr of series.values()) if (kind === 'line') { sr.points.sort((a, b) => a[0] - b[0]); if (sr.band) sr.band.sort((a, b) => a[0] - b[0]); }
  return [...series.values()];
}

/** An experiment response: its charts, notes, and the table as CSV; basename names the files. */
export function drawExperiment(response, basename) {
  const { columns = [], rows = [] } = response;
  const charts = (response.plots || []).map((plot, i) => {
    const host = h('div', { class: 'chart-host', 'data-plot': String(i) });
    new XyChart(host, { title: forPeople(plot.title || ''), xLabel: nameForPeople(plot.x_label || plot.x), yLabel: nameForPeople(plot.y_label || plot.y), xLog: Boolean(plot.log_x), height: 300 })
      .update({ series: plotSeries(plot, columns, rows) });
    return h('div', {}, host, h('div', { class: 'export-bar' }, chartExportButtons(host, `${basename}-${i + 1}`, plot.title ? `Chart “${forPeople(plot.title)}”` : `Chart ${i + 1}`)));
  });
  return h('div', { class: 'experiment-output' },
    h('div', { style: 'display:flex;flex-wrap:wrap;gap:0.5rem 1.5rem' }, charts),
    machineNotes(response.notes),
    h('div', { class: 'export-bar' },
      h('button', { type: 'button', 'data-export': `${basename}.csv`, 'aria-label': `Table (CSV): download ${basename}.csv`, onclick: () => download(`${basename}.csv`, tableToCsv(columns, rows), 'text/csv') }, 'Table (CSV)'),
      jsonButton(response, basename)));
}

function jsonButton(response, basename) {
  return h('button', { type: 'button', 'data-export': `${basename}.json`, 'aria-label': `Data (JSON): download ${basename}.json`,
    onclick: () => download(`${basename}.json`, `${JSON.stringify(response, null, 2)}\n`, 'application/json') }, 'Data (JSON)');
}

const isMatrix = (v) => Array.isArray(v) && v.length > 0 && v.every((r) => Array.isArray(r) && r.length === v[0].length && r.length > 0 && r.every((x) => typeof x === 'number'));

/** Any other response: its scalar fields, its matrices as heatmaps, and the JSON. */
export function drawResponse(response, basename) {
  if (Array.isArray(response.columns) && Array.isArray(response.rows)) return drawExperiment(response, basename);
  const facts = [];
  const maps = [];
  for (const [key, value] of Object.entries(response)) {
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') facts.push(h('dt', {}, key), h('dd', { 'data-field': key }, typeof value === 'number' ? fmt(value) : String(value)));
    else if (isMatrix(value) && value.length <= 40 && value[0].length <= 40) {
      const host = h('div', { class: 'heatmap-host', 'data-field': key });
      new Heatmap(host, { title: key }).update({ matrix: value, rowLabels: value.map((_, i) => String(i + 1)), colLabels: value[0].map((_, j) => String(j + 1)), rowAxis: 'row', colAxis: 'column' });
      maps.push(h('figure', { style: 'margin:0' }, h('figcaption', { class: 'hint' }, key), host));
    }
  }
  return h('div', { class: 'experiment-output' }, h('dl', { class: 'facts' }, facts),
    h('div', { style: 'display:flex;flex-wrap:wrap;gap:0.5rem 1.5rem' }, maps),
    h('div', { class: 'export-bar' }, jsonButton(response, basename)));
}
