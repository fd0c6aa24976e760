// The RLDP view: the data editor, the mechanism controls, and the result (mechanism heatmap,
// utility and privacy numbers under P-hat and, when given, under the true P*).
import { h, fmt } from '../dom.js';
import { Heatmap } from '../plots/heatmap.js';
import { LineChart } from '../plots/line_chart.js';
import { MECHANISMS, toRequest } from './rldp_state.js';
import { matrixToCsv, matrixToJson, matrixToLatex } from '../export_formats.js';
import { download, chartExportButtons } from '../widgets/export_bar.js';
import { JointEditor } from '../widgets/joint_editor.js';

const MECHANISM_LABELS = {
  grr: 'GRR — generalized randomized response (ε-LDP on all of X)',
  srr: 'SRR — secret randomized response (ε-RLDP for every distribution)',
};
const UNCERTAINTY_LABELS = {
  point: 'F = {P̂} (no robustness)',
  simplex: 'F = all distributions',
  conf: 'Rényi ball from a confidence level',
  radius: 'Rényi ball with a given radius B',
};

export class RldpView {
  /** @param {HTMLElement} root  @param {{ onChange: (patch: object, opts?: object) => void }} hooks */
  constructor(root, { onChange }) {
    this.onChange = onChange;
    this.dataPanel = h('section', { class: 'panel', 'aria-labelledby': 'data-title' });
    this.controlPanel = h('section', { class: 'panel', 'aria-labelledby': 'controls-title' });
    this.resultPanel = h('section', { class: 'panel results', 'aria-labelledby': 'result-title', 'aria-live': 'polite' });
    root.replaceChildren(h('div', { class: 'columns' },
      h('div', { class: 'column' }, this.dataPanel, this.controlPanel), h('div', { class: 'column' }, this.resultPanel)));
    this.editorHost = h('div');
    this.dataPanel.replaceChildren(h('h2', { id: 'data-title' }, 'Joint distribution P(S, U)'),
      h('p', { class: 'hint' }, 'S is sensitive, U is not. Type probabilities or counts; X = (S, U) is what the mechanism releases.'),
      this.editorHost);
    this.editor = new JointEditor(this.editorHost, { onChange });
    this.heatmapHost = h('div', { class: 'heatmap-host', id: 'mechanism-heatmap' });
    this.heatmap = new Heatmap(this.heatmapHost, { title: 'Mechanism Q(y|x)' });
    this.curveHost = h('div', { class: 'chart-host', id: 'utility-curve' });
    this.curve = new LineChart(this.curveHost, { title: 'Utility against ε (all mechanisms, under P̂)', xLabel: 'ε', yLabel: 'I(X;Y) [nats]' });
  }

  /** After a result: the same request for every mechanism over a grid of ε (one batch). */
  followUp(state, request) {
    const grid = Array.from({ length: 21 }, (_, i) => +(0.05 + (i * 3.95) / 20).toFixed(4));
    const requests = [];
    for (const mechanism of MECHANISMS)
      for (const epsilon of grid) {
        const r = { ...request, mechanism, epsilon };
        delete r.true_joint;
        requests.push(r);
      }
    this.curveGrid = grid;
    return { family: 'batch', requests };
  }

  renderFollowUp(state, response) {
    if (!response.responses) {
      this.curveHost.replaceChildren(h('p', { class: 'field-error' }, `The curve could not be computed: ${response.error ? response.error.message : 'no answer'}`));
      return;
    }
    const grid = this.curveGrid;
    const series = MECHANISMS.map((name, k) => ({
      name: name.toUpperCase(),
      points: grid.map((eps, i) => [eps, response.responses[k * grid.length + i].mutual_information]),
    }));
    const current = this.lastGood;
    this.curve.update({ series, marker: current ? { x: current.epsilon_design, y: current.mutual_information, label: state.mech.toUpperCase() } : null });
  }

  renderInputs(state, fieldErrors) {
    this.editor.render(state, fieldErrors);
    this.renderControls(state, fieldErrors);
  }

  renderControls(state, fieldErrors) {
    const err = (field) => fieldErrors.get(field);
    const errorLine = (field) => (err(field) ? h('span', { class: 'field-error', id: `err-${field.replace(/\//g, '-')}` }, err(field)) : null);
    const num = (id, label, key, field, attrs = {}) => h('label', { class: 'field' }, label,
      h('input', { id, type: 'text', inputmode: 'decimal', value: state[key], class: err(field) ? 'invalid' : null,
        'aria-invalid': err(field) ? 'true' : null, ...attrs, oninput: (e) => this.onChange({ [key]: e.target.value }, { keepFocus: true }) }),
      errorLine(field));
    const epsNumber = Number(state.eps);
    const unc = state.unc;
    this.controlPanel.replaceChildren(...[
      h('h2', { id: 'controls-title' }, 'Mechanism'),
      h('label', { class: 'field' }, 'Mechanism',
        h('select', { id: 'mechanism', onchange: (e) => this.onChange({ mech: e.target.value }) },
          Object.entries(MECHANISM_LABELS).map(([value, label]) => h('option', { value, selected: state.mech === value ? true : null }, label)))),
      h('div', { class: 'field' },
        h('label', { for: 'epsilon' }, 'Privacy ε (natural log)'),
        h('div', { class: 'eps-row' },
          h('input', { id: 'epsilon-slider', type: 'range', min: '0', max: '5', step: '0.01', 'aria-label': 'ε slider',
            value: Number.isFinite(epsNumber) ? String(Math.min(5, Math.max(0, epsNumber))) : '1',
            oninput: (e) => this.onChange({ eps: e.target.value }, { keepFocus: true }) }),
          h('input', { id: 'epsilon', type: 'text', inputmode: 'decimal', value: state.eps, size: 7, class: err('/epsilon') ? 'invalid' : null,
            'aria-invalid': err('/epsilon') ? 'true' : null, oninput: (e) => this.onChange({ eps: e.target.value }, { keepFocus: true }) })),
        errorLine('/epsilon')),
      h('label', { class: 'field' }, 'Uncertainty set F (robust ε is measured over it)',
        h('select', { id: 'uncertainty', onchange: (e) => this.onChange({ unc: e.target.value }) },
          Object.entries(UNCERTAINTY_LABELS).map(([value, label]) => h('option', { value, selected: unc === value ? true : null }, label)))),
      unc === 'conf' || unc === 'radius' ? num('alpha', 'Rényi order α', 'alpha', '/uncertainty/alpha') : null,
      unc === 'conf' ? num('confidence', 'Confidence level 1 − β', 'conf', '/uncertainty/confidence') : null,
      unc === 'radius' ? num('radius', 'Radius B', 'radius', '/uncertainty/radius') : null,
      num('sample-size', 'Sample size n behind P̂ (blank: from counts)', 'n', '/n'),
      errorLine('/uncertainty')].filter(Boolean));
  }

  /** @param {{ response?: object, error?: object, pending?: boolean }} result */
  renderResult(state, result) {
    const parts = [h('h2', { id: 'result-title' }, 'Result')];
    if (result.error) {
      parts.push(h('p', { class: 'error-box', role: 'alert', id: 'result-error' },
        result.error.message, result.error.path ? ` (field ${result.error.path})` : ''));
      if (this.lastGood) parts.push(h('p', { class: 'hint' }, 'Showing the last result that solved:'));
    }
    const response = result.response || this.lastGood;
    if (result.response) this.lastGood = result.response;
    if (response) {
      const data = this.heatmapData(state, response);
      parts.push(h('h3', {}, 'Mechanism Q(y | x)'), this.heatmapHost, this.exportBar(state, response, data), this.metrics(response),
        h('h3', {}, 'Utility against ε'), this.curveHost, h('div', { class: 'export-bar' }, chartExportButtons(this.curveHost, 'utility-vs-epsilon')));
      this.heatmap.update(data);
    }
    this.resultPanel.replaceChildren(...parts);
  }

  exportBar(state, response, { matrix, rowLabels, colLabels }) {
    const name = `mechanism-${response.mechanism_name}`;
    const scenario = () => {
      const { request } = toRequest(state);
      return `${JSON.stringify({ title: `${response.mechanism_name.toUpperCase()} at ε = ${state.eps}`,
        labels: { s: state.sNames, u: state.uNames }, ...request }, null, 2)}\n`;
    };
    return h('div', { class: 'export-bar' }, 'Export — matrix: ',
      h('button', { type: 'button', 'data-export': `${name}.csv`, onclick: () => download(`${name}.csv`, matrixToCsv(matrix, rowLabels, colLabels), 'text/csv') }, 'CSV'),
      h('button', { type: 'button', 'data-export': `${name}.json`, onclick: () => download(`${name}.json`, matrixToJson(matrix, rowLabels, colLabels, { epsilon: response.epsilon_design }), 'application/json') }, 'JSON'),
      h('button', { type: 'button', 'data-export': `${name}.tex`, onclick: () => download(`${name}.tex`, matrixToLatex(matrix), 'text/x-tex') }, 'LaTeX'),
      ' ', chartExportButtons(this.heatmapHost, name),
      ' ', h('button', { type: 'button', 'data-export': 'scenario.json', onclick: () => download('scenario.json', scenario(), 'application/json') }, 'Scenario (privlab solve)'));
  }

  heatmapData(state, response) {
    const matrix = response.mechanism;
    const xLabels = [];
    for (let s = 0; s < state.sNames.length; s++)
      for (let u = 0; u < state.uNames.length; u++) xLabels.push(`${state.sNames[s]},${state.uNames[u]}`);
    const cols = matrix[0].length;
    const colLabels = cols === xLabels.length ? xLabels : Array.from({ length: cols }, (_, i) => `x${i + 1}`);
    const rowLabels = matrix.length === cols ? colLabels : matrix.map((_, i) => `y${i + 1}`);
    return { matrix, rowLabels, colLabels, rowAxis: 'y', colAxis: 'x = (s, u)' };
  }

  metrics(r) {
    const t = r.true;
    const row = (label, estimate, truth, id) => h('tr', {}, h('th', { scope: 'row' }, label),
      h('td', { id: `${id}-estimate` }, estimate), h('td', { id: `${id}-true` }, t ? truth : '—'));
    const audit = r.audit || {};
    return h('div', { class: 'metrics' },
      h('table', { id: 'metrics-table' },
        h('thead', {}, h('tr', {}, h('th'), h('th', { scope: 'col' }, 'under P̂'), h('th', { scope: 'col' }, 'under P*'))),
        h('tbody', {},
          row('Utility I(X;Y) [nats]', fmt(r.mutual_information), t && fmt(t.mutual_information), 'mi'),
          row('Normalized MI  I(X;Y)/H(X)', fmt(r.nmi), t && fmt(t.nmi), 'nmi'),
          row('Realized ε (w.r.t. S)', fmt(r.epsilon), t && fmt(t.epsilon), 'realized-eps'))),
      h('dl', { class: 'facts' },
        h('dt', {}, 'Designed ε'), h('dd', { id: 'designed-eps' }, fmt(r.epsilon_design)),
        h('dt', {}, 'Robust ε over F'), h('dd', { id: 'robust-eps' }, fmt(r.robust_epsilon),
          r.robust_epsilon_exact ? ' (exact)' : ' (upper bound)'),
        h('dt', {}, 'Audit'), h('dd', { id: 'audit' }, audit.verified
          ? `✓ verified: columns sum to 1 (error ${fmt(audit.max_column_error)}), measured ${audit.guarantee} ε = ${fmt(audit.measured_epsilon)} ≤ ${fmt(audit.designed_epsilon)}`
          : 'not verified')));
  }
}
