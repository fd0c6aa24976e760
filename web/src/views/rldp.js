// The RLDP view: the data editor, the mechanism controls, and the result (mechanism heatmap,
// utility and privacy numbers under P-hat and, when given, under the true P*).
import { errorForPeople, nameForPeople } from '../words.js';
import { h, fmt } from '../dom.js';
import { toNumber } from '../fields.js';
import { beginResult } from '../widgets/result_frame.js';
import { ExperimentPanel } from '../widgets/experiment_panel.js';

/** Section 8's synthetic experiments at page size (the CLI runs them at the paper's size). */
const EXPERIMENTS = [
  { name: 'synthetic_nmi', label: 'Figure 3: NMI against ε (synthetic, 2×2, n = 1000)',
    request: (K) => ({ family: 'rldp', experiment: 'synthetic_nmi', K, shape: [2, 2], n: 1000, epsilons: [0.1, 0.5, 1, 1.5, 2], seed: 1 }) },
  { name: 'realized_epsilon', label: 'Figure 4: realized ε* of NR and PolyOpt under P*',
    request: (K) => ({ family: 'rldp', experiment: 'realized_epsilon', K, shape: [2, 2], n: 1000, epsilons: [0.1, 0.5, 1, 1.5, 2], seed: 1 }) },
  { name: 'beta_sweep', label: 'Table 2: NMI against the significance β',
    request: (K) => ({ family: 'rldp', experiment: 'beta_sweep', K, shape: [2, 2], n: 1000, seed: 1 }) },
];
import { Heatmap } from '../plots/heatmap.js';
import { LineChart } from '../plots/line_chart.js';
import { MECHANISMS, SWEEP_LIMIT_X, toRequest, sampleRequest } from './rldp_state.js';
import { chartExportButtons, matrixExportButtons, scenarioExportButton, editInEvaluateButton } from '../widgets/export_bar.js';
import { JointEditor } from '../widgets/joint_editor.js';
import { epsPresetButtons, snapEpsilon } from '../widgets/epsilon_presets.js';

/** Each mechanism's name in the select (short enough not to be cut) and what it is, shown below. */
const MECHANISM_LABELS = {
  grr: ['GRR — generalized randomized response', 'ε-LDP on all of X = (S, U).'],
  srr: ['SRR — secret randomized response', 'ε-RLDP for every distribution (F = the whole simplex).'],
  ir: ['IR — independent reporting', 'GRR on S and on U separately, with the budget split optimised (Example 5).'],
  nr: ['NR — non-robust optimum', 'Optimal, but private only for P̂ itself.'],
  polyopt: ['PolyOpt — robust optimum over F', 'Optimal over the polytope enclosing F (Section 5); |X| ≤ 10.'],
};
const UNCERTAINTY_LABELS = {
  point: 'F = {P̂} (no robustness)',
  simplex: 'F = all distributions',
  conf: 'Rényi ball from a confidence level',
  radius: 'Rényi ball with a given radius B',
};

export class RldpView {
  /** @param {HTMLElement} root  @param {{ onChange: (patch: object, opts?: object) => void }} hooks */
  constructor(root, { onChange, solve, openInEvaluate }) {
    this.onChange = onChange;
    this.solve = solve;
    this.openInEvaluate = openInEvaluate;
    this.dataPanel = h('section', { class: 'panel', 'aria-labelledby': 'data-title' });
    this.controlPanel = h('section', { class: 'panel', 'aria-labelledby': 'controls-title', 'data-embed': 'controls' });
    this.resultPanel = h('section', { class: 'panel results', 'aria-labelledby': 'result-title', 'aria-live': 'polite', 'data-embed': 'picture' });
    this.experimentHost = h('div');
    root.replaceChildren(h('div', { class: 'columns' },
      h('div', { class: 'column' }, this.dataPanel, this.controlPanel), h('div', { class: 'column' }, this.resultPanel)),
    this.experimentHost);
    this.editorHost = h('div');
    this.dataPanel.replaceChildren(h('h2', { id: 'data-title' }, 'Joint distribution P(S, U)'),
      h('p', { class: 'hint' }, 'S is sensitive, U is not. Type probabilities or counts (a decimal point or comma: 0.07 or 0,07), or paste a block from a spreadsheet; X = (S, U) is what the mechanism releases.'),
      this.editorHost);
    this.editor = new JointEditor(this.editorHost, { onChange });
    this.heatmapHost = h('div', { class: 'heatmap-host', id: 'mechanism-heatmap' });
    this.heatmap = new Heatmap(this.heatmapHost, { title: 'Mechanism Q(y|x)' });
    this.experimentPanel = new ExperimentPanel({ experiments: EXPERIMENTS, solve: (r) => this.solve(r), idPrefix: 'rldp' });
    this.experimentSection = h('section', { class: 'panel', 'aria-labelledby': 'rldp-experiments-title' },
      h('h2', { id: 'rldp-experiments-title' }, 'Experiments of the paper (small K)'),
      h('p', { class: 'hint' }, 'P* drawn from the Jeffreys prior, P̂ from n samples, every mechanism designed on P̂ (seeded). The command-line tool runs the paper-size versions: ', h('code', {}, 'privlab experiment rldp NAME'), '.'),
      this.experimentPanel.root);
    this.experimentHost.replaceChildren(this.experimentSection);
    this.curveHost = h('div', { class: 'chart-host', id: 'utility-curve' });
    this.curveNote = h('p', { class: 'hint', id: 'curve-note' });
    this.compareHost = h('div', { class: 'metrics', id: 'compare-host' });
    this.curve = new LineChart(this.curveHost, { title: 'Utility against ε (all mechanisms, under P̂)', xLabel: 'ε', yLabel: 'I(X;Y) [nats]' });
  }

  /** Draws P-hat from P* in the worker and puts the counts in the editor. */
  async drawSample(state) {
    const { request, errors } = sampleRequest(state);
    if (errors) { this.onChange({}, { message: errors[0].message }); return; }
    const response = await this.solve(request);
    if (response.cancelled) return;
    if (response.error) { this.onChange({}, { message: `Sampling failed: ${errorForPeople(response.error)}` }); return; }
    this.onChange({ joint: response.counts.map((row) => row.map((v) => String(Math.round(v)))), n: '' },
      { message: `Drew n = ${response.n} samples from P* with seed ${response.seed}; P̂ is their counts.` });
  }

  /**
   * After a result, one batch: every mechanism at the current ε (with P*, for the comparison
   * table), then every mechanism over a grid of ε for the utility chart. PolyOpt and NR are
   * swept only while |X| <= SWEEP_LIMIT_X (vertex enumeration grows fast).
   */
  followUp(state, request) {
    const x = state.joint.length * state.joint[0].length;
    const grid = Array.from({ length: 13 }, (_, i) => +(0.1 + (i * 3.9) / 12).toFixed(4));
    this.swept = MECHANISMS.filter((m) => !SWEEP_LIMIT_X[m] || x <= SWEEP_LIMIT_X[m]);
    const requests = MECHANISMS.map((mechanism) => ({ ...request, mechanism }));
    for (const mechanism of this.swept)
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
      const message = `The comparison could not be computed: ${response.error ? errorForPeople(response.error) : 'no answer'}`;
      this.compareHost.replaceChildren(h('p', { class: 'field-error' }, message));
      this.curveHost.replaceChildren();
      return;
    }
    const all = response.responses.slice(0, MECHANISMS.length);
    this.compareHost.replaceChildren(this.comparison(state, all));
    const grid = this.curveGrid;
    const series = this.swept.map((name, k) => ({
      name: nameForPeople(name),
      points: grid.map((eps, i) => [eps, response.responses[MECHANISMS.length + k * grid.length + i].mutual_information]),
    }));
    const current = this.lastGood;
    const skipped = MECHANISMS.filter((m) => !this.swept.includes(m));
    const x = state.joint.length * state.joint[0].length;
    // No mechanism swept (a large table such as Adult's 240 values of X): no empty chart, the reason.
    if (series.length === 0) this.curveHost.replaceChildren();
    else this.curve.update({ series, marker: current ? { x: current.epsilon_design, y: current.mutual_information, label: nameForPeople(state.mech) } : null });
    this.curveNote.textContent = skipped.length
      ? `${series.length === 0 ? 'No utility curve here: ' : ''}not swept at |X| = ${x} (too slow for a live chart): ${skipped.map((m) => `${nameForPeople(m)} (up to |X| = ${SWEEP_LIMIT_X[m]})`).join(', ')}. The table above compares them at this ε; the command-line tool's experiments sweep them (privlab experiment rldp).` : '';
  }

  /** Every mechanism at the current ε: designed, realized under P̂ and P*, robust over F, utility. */
  comparison(state, responses) {
    const cell = (v) => (v === undefined ? '—' : fmt(v));
    const anyOver = responses.some((r) => !r.error && r.true && r.true.epsilon !== undefined && (r.true.epsilon === 'Infinity' || r.true.epsilon > r.epsilon_design + 1e-9));
    return h('div', {}, h('table', { id: 'compare-table' },
      h('thead', {}, h('tr', {}, ['mechanism', 'designed ε', 'realized ε under P̂', 'realized ε under P*', 'robust ε over F', 'I(X;Y) under P̂', 'I(X;Y) under P*']
        .map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, responses.map((r, k) => {
        const name = MECHANISMS[k];
        if (r.error) return h('tr', { 'data-mechanism': name }, h('th', { scope: 'row' }, nameForPeople(name)), h('td', { colspan: 6, class: 'field-error' }, errorForPeople(r.error)));
        const overTrue = r.true && r.true.epsilon !== undefined && (r.true.epsilon === 'Infinity' || r.true.epsilon > r.epsilon_design + 1e-9);
        return h('tr', { 'data-mechanism': name, class: name === state.mech ? 'current' : null },
          h('th', { scope: 'row' }, nameForPeople(name)), h('td', {}, fmt(r.epsilon_design)), h('td', {}, cell(r.epsilon)),
          h('td', { class: overTrue ? 'over' : null, title: overTrue ? 'above the designed ε: the privacy promised on P̂ is not met under P*' : null }, r.true ? cell(r.true.epsilon) : '—'),
          h('td', {}, `${cell(r.robust_epsilon)}${r.robust_epsilon_exact ? '' : ' (bound)'}`),
          h('td', {}, cell(r.mutual_information)), h('td', {}, r.true ? cell(r.true.mutual_information) : '—'));
      }))),
    h('p', { class: 'legend-note', id: 'compare-legend' }, 'The underlined row is the mechanism shown above. ',
      anyOver ? [h('span', { class: 'over' }, 'Red'), ': the realized ε under P* exceeds the designed ε (the privacy promised on P̂ does not hold under P*).'] : null));
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
    const epsNumber = toNumber(state.eps);
    const unc = state.unc;
    this.controlPanel.replaceChildren(...[
      h('h2', { id: 'controls-title' }, 'Mechanism'),
      h('div', { class: 'field' }, h('label', { for: 'mechanism' }, 'Mechanism'),
        h('select', { id: 'mechanism', 'aria-describedby': 'mechanism-hint', onchange: (e) => this.onChange({ mech: e.target.value }) },
          Object.entries(MECHANISM_LABELS).map(([value, [label]]) => h('option', { value, selected: state.mech === value ? true : null }, label))),
        h('span', { class: 'hint', id: 'mechanism-hint', style: 'margin: 0' }, (MECHANISM_LABELS[state.mech] || ['', ''])[1])),
      h('div', { class: 'field' },
        h('label', { for: 'epsilon' }, 'Privacy ε (natural log)'),
        h('div', { class: 'eps-row' },
          h('input', { id: 'epsilon-slider', type: 'range', min: '0', max: '5', step: '0.01', 'aria-label': 'ε (slider)',
            value: Number.isFinite(epsNumber) ? String(Math.min(5, Math.max(0, epsNumber))) : '1',
            oninput: (e) => this.onChange({ eps: snapEpsilon(e.target.value, 0.01) }, { keepFocus: true }) }),
          h('input', { id: 'epsilon', type: 'text', inputmode: 'decimal', value: state.eps, size: 7, class: err('/epsilon') ? 'invalid' : null,
            'aria-invalid': err('/epsilon') ? 'true' : null, oninput: (e) => this.onChange({ eps: e.target.value }, { keepFocus: true }) })),
        epsPresetButtons(state.eps, (eps) => this.onChange({ eps })),
        errorLine('/epsilon')),
      h('label', { class: 'field' }, 'Uncertainty set F (robust ε is measured over it)',
        h('select', { id: 'uncertainty', onchange: (e) => this.onChange({ unc: e.target.value }) },
          Object.entries(UNCERTAINTY_LABELS).map(([value, label]) => h('option', { value, selected: unc === value ? true : null }, label)))),
      unc === 'conf' || unc === 'radius' ? num('alpha', 'Rényi order α', 'alpha', '/uncertainty/alpha') : null,
      unc === 'conf' ? num('confidence', 'Confidence level 1 − β', 'conf', '/uncertainty/confidence') : null,
      unc === 'radius' ? num('radius', 'Radius B', 'radius', '/uncertainty/radius') : null,
      state.mech === 'polyopt' ? h('label', { class: 'inline' },
        h('input', { type: 'checkbox', id: 'same-s-rows', checked: state.sameS ? true : null,
          onchange: (e) => this.onChange({ sameS: e.target.checked }) }),
        ' Include the rows with s₁ = s₂ of Definition 3 (the paper\'s PolyOpt; without them utility is higher and the mechanism is still RLDP)') : null,
      num('sample-size', 'Sample size n behind P̂ (blank: from counts)', 'n', '/n'),
      errorLine('/uncertainty'),
      h('h3', {}, 'Estimate P̂ from P*'),
      h('p', { class: 'hint' }, 'Draw n samples from the true P* (seeded, reproducible) and use their counts as P̂: the mechanisms are designed on P̂, the privacy they realize is measured under P*.'),
      h('div', { class: 'eps-row' },
        num('seed', 'Seed', 'seed', '/seed'),
        h('button', { type: 'button', id: 'draw-sample', disabled: state.truth ? null : true, onclick: () => this.drawSample(state) }, 'Draw P̂ from P*')),
      errorLine('/true_joint')].filter(Boolean));
  }

  /** @param {{ response?: object, error?: object, pending?: boolean }} result */
  renderResult(state, result) {
    const { parts, response } = beginResult(this, result);
    if (response) {
      parts[0].textContent = `Result: ${nameForPeople(response.mechanism_name)} at ε = ${fmt(response.epsilon_design, 4).replace(/0+$/, '').replace(/\.$/, '')}`;
      const data = this.heatmapData(state, response);
      parts.push(h('h3', {}, 'Mechanism Q(y | x)'), this.heatmapHost, this.exportBar(state, response, data), this.metrics(response),
        h('h3', {}, 'All mechanisms at this ε'), this.compareHost,
        h('h3', {}, 'Utility against ε'), this.curveHost, this.curveNote, h('div', { class: 'export-bar' }, chartExportButtons(this.curveHost, 'utility-vs-epsilon', 'Utility chart')));
      this.heatmap.update(data);
    }
    this.resultPanel.replaceChildren(...parts);
  }

  exportBar(state, response, { matrix, rowLabels, colLabels }) {
    const name = `mechanism-${response.mechanism_name}`;
    const scenario = () => {
      const { request } = toRequest(state);
      return `${JSON.stringify({ title: `${nameForPeople(response.mechanism_name)} at ε = ${state.eps}`,
        labels: { s: state.sNames, u: state.uNames }, ...request }, null, 2)}\n`;
    };
    return h('div', { class: 'export-bar' }, 'Export — matrix: ',
      ...matrixExportButtons(name, matrix, rowLabels, colLabels, { epsilon: response.epsilon_design }),
      ' ', chartExportButtons(this.heatmapHost, name, 'Heatmap'),
      ' ', scenarioExportButton(scenario),
      ' ', editInEvaluateButton(this.openInEvaluate, () => ({ title: `${nameForPeople(response.mechanism_name)} at ε = ${state.eps}, to edit`,
        ...toRequest(state).request, evaluate: matrix })));
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
        h('thead', {}, h('tr', {}, h('td'), h('th', { scope: 'col' }, 'under P̂'), h('th', { scope: 'col' }, 'under P*'))),
        h('tbody', {},
          row('Utility I(X;Y) [nats]', fmt(r.mutual_information), t && fmt(t.mutual_information), 'mi'),
          row('Normalized MI  I(X;Y)/H(X)', fmt(r.nmi), t && fmt(t.nmi), 'nmi'),
          row('Realized ε (w.r.t. S)', fmt(r.epsilon), t && fmt(t.epsilon), 'realized-eps'))),
      h('dl', { class: 'facts' },
        h('dt', {}, 'Designed ε'), h('dd', { id: 'designed-eps' }, fmt(r.epsilon_design)),
        h('dt', {}, 'Robust ε over F'), h('dd', { id: 'robust-eps' }, fmt(r.robust_epsilon),
          r.robust_epsilon_exact ? ' (exact)' : ' (upper bound)'),
        h('dt', {}, 'Audit'), h('dd', { id: 'audit' }, audit.verified
          ? `✓ verified: columns sum to 1 (error ${fmt(audit.max_column_error)}), measured ${nameForPeople(audit.guarantee)} ε = ${fmt(audit.measured_epsilon)} ≤ ${fmt(audit.designed_epsilon)}`
          : 'not verified')));
  }
}
