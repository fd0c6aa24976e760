// The Robust MSE view (family "rldp-mse", the ISIT paper on robust optimization for LDP): the
// joint-table editor with the values of U, the privacy and confidence-set controls, and the four
// problems (7)-(10) NUNP, NURP, RUNP, RURP solved side by side for the current P-hat in one batch
// (a comparison table and one mechanism heatmap each). The Figure 2 experiment (scatter of eps*
// against D* over K random instances at one n; or 2c/2d, eps* and D* against n) runs on request
// in the worker as the view's follow-up, with progress; the page's Cancel button stops it.
import { errorForPeople } from '../words.js';
import { h, fmt } from '../dom.js';
import { toNumber } from '../fields.js';
import { Heatmap } from '../plots/heatmap.js';
import { ScatterChart } from '../plots/scatter_chart.js';
import { PROBLEMS, FIGURE_K, FIGURE_N, FIGURE_SWEEP_N, problemRequest, experimentRequest, fitValues } from './rldp_mse_state.js';
import { drawFigure2cd } from './rldp_mse_figure2cd.js';
import { download, chartExportButtons, matrixExportButtons, scenarioExportButton, editInEvaluateButton } from '../widgets/export_bar.js';
import { JointEditor } from '../widgets/joint_editor.js';
import { epsPresetButtons, snapEpsilon } from '../widgets/epsilon_presets.js';
import { errorBox, machineNotes } from '../widgets/result_frame.js';

const FIGURE_N_LABEL = {
  75: 'n = 75 (Figure 2a)', 15000: 'n = 15,000 (Figure 2b)',
  sweep: `n = ${15 * FIGURE_SWEEP_N[0]} … ${(15 * FIGURE_SWEEP_N[FIGURE_SWEEP_N.length - 1]).toLocaleString('en')} (Figure 2c/2d)`,
};

const PROBLEM_INFO = {
  nunp: { label: 'NUNP', text: 'non-robust utility and privacy (7), the naive LP' },
  nurp: { label: 'NURP', text: 'non-robust utility, robust privacy (8)' },
  runp: { label: 'RUNP', text: 'robust utility, non-robust privacy (9)' },
  rurp: { label: 'RURP', text: 'robust utility, robust privacy (10)' },
};
const UNCERTAINTY_LABELS = {
  conf: 'χ² confidence set: B from the confidence level and n (eq. 3)',
  radius: 'χ² set with a given radius B (eq. 2)',
};

/** The one instance of this view on the page (for the Cancel button, which lives in the page shell). */
let activeView = null;
if (typeof document !== 'undefined') {
  document.addEventListener('click', (e) => {
    const target = e.target;
    if (target && target.id === 'cancel' && activeView) activeView.cancelPressed();
  }, true);
}

const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);
/** A number, "Infinity" or missing, as text. */
const show = (v) => (v === undefined || v === null ? '—' : fmt(v));
const asNumber = (v) => (v === 'Infinity' ? Infinity : v);

export class RldpMseView {
  /** @param {HTMLElement} root  @param {{ onChange: (patch: object, opts?: object) => void }} hooks */
  constructor(root, { onChange, openInEvaluate }) {
    this.onChange = onChange;
    this.openInEvaluate = openInEvaluate;
    activeView = this;
    this.dataPanel = h('section', { class: 'panel', 'aria-labelledby': 'data-title' });
    this.controlPanel = h('section', { class: 'panel', 'aria-labelledby': 'controls-title', 'data-embed': 'controls' });
    this.resultPanel = h('section', { class: 'panel results', 'aria-labelledby': 'result-title', 'aria-live': 'polite', 'data-embed': 'picture' });
    this.mechanismPanel = h('section', { class: 'panel', id: 'mechanisms', 'aria-label': 'the four mechanisms' });
    this.figurePanel = h('section', { class: 'panel', id: 'figure2', 'aria-labelledby': 'figure-title' });
    // Embedded (?embed=1): the four mechanisms are the picture beside ε, the comparison below.
    const embed = document.body.classList.contains('embed');
    if (embed) { this.mechanismPanel.dataset.embed = 'picture'; delete this.resultPanel.dataset.embed; }
    root.replaceChildren(
      h('div', { class: 'columns' }, h('div', { class: 'column' }, this.dataPanel),
        h('div', { class: 'column' }, this.controlPanel, this.resultPanel, embed ? this.mechanismPanel : null)),
      embed ? null : this.mechanismPanel, this.figurePanel);
    this.editorHost = h('div');
    this.valuesHost = h('div', { id: 'values-editor' });
    this.dataPanel.replaceChildren(h('h2', { id: 'data-title' }, 'Joint distribution P(S, U)'),
      h('p', { class: 'hint' }, 'S is sensitive; U is a number that is released as Y ∈ U with the smallest mean squared error E(U − Y)². Type probabilities or counts.'),
      this.editorHost, this.valuesHost);
    // The editor's resizes also resize the list of values of U.
    this.editor = new JointEditor(this.editorHost, {
      onChange: (patch, opts) => {
        if (patch && patch.joint && this.state && patch.joint[0].length !== this.state.vals.length)
          patch = { ...patch, vals: fitValues(this.state.vals, patch.joint[0].length) };
        this.onChange(patch, opts);
      },
    });
    this.heatmaps = {};
    this.heatmapHosts = {};
    for (const p of PROBLEMS) {
      this.heatmapHosts[p] = h('div', { class: 'heatmap-host', id: `heatmap-${p}` });
      this.heatmaps[p] = new Heatmap(this.heatmapHosts[p], { title: `${PROBLEM_INFO[p].label} mechanism Q(y|s,u)` });
    }
    this.figureControls = h('div');
    this.figureStatus = h('div', { id: 'figure-status', 'aria-live': 'polite' });
    this.scatterHost = h('div', { class: 'chart-host', id: 'figure-scatter' });
    this.scatter = new ScatterChart(this.scatterHost, { title: 'ε* against D* (under the true P*)', xLabel: 'D* = E(U − Y)² under P*', yLabel: 'ε* under P*', width: 600, height: 360 });
    this.figureSummary = h('div', { style: 'flex:1 1 320px;min-width:300px' });
    this.figureExport = h('div', { class: 'export-bar' });
    this.sweepHost = h('div');  // Figure 2c/2d charts
    this.figurePanel.replaceChildren(h('h2', { id: 'figure-title' }, 'Figure 2: the four problems on random instances'),
      h('p', { class: 'hint' }, 'As in Section V: |S| = 3, U = {0, …, 4}, ε = 0.5, α = 0.05; each instance draws P* from the Jeffreys prior Dirichlet(½), P̂ from n samples of it, solves the four problems for P̂ and measures them under P*. Figure 2a/2b scatter ε* against D* at one n; 2c/2d show their mean ± 1 sd against n. The paper uses K = 30 (2a/2b) and K = 1000 (2c/2d); the page runs fewer, and the CLI runs the paper\'s sizes (privlab experiment rldp-mse figure2cd).'),
      this.figureControls, this.figureStatus,
      h('div', { style: 'display:flex;flex-wrap:wrap;gap:0.5rem 1.5rem;align-items:flex-start' },
        h('div', {}, this.scatterHost, this.sweepHost, this.figureExport), this.figureSummary));
    this.figureChoice = { k: '10', n: '75' };
    this.figureCache = null;    // { key, response }
    this.figureRunning = null;  // the key of the experiment in the worker, if any
    this.figureMessage = null;
  }

  // ---- inputs -------------------------------------------------------------------------------

  renderInputs(state, fieldErrors) {
    this.state = state;
    this.figureRunning = null;  // any state change starts a new solve, which supersedes the experiment
    this.fieldErrors = fieldErrors;
    this.editor.render(state, fieldErrors);
    this.renderValues(state, fieldErrors);
    this.renderControls(state, fieldErrors);
    this.renderFigureControls(state);
  }

  errorLine(field) {
    const message = this.fieldErrors && this.fieldErrors.get(field);
    return message ? h('span', { class: 'field-error', id: `err-${field.replace(/\//g, '-')}` }, message) : null;
  }

  renderValues(state, fieldErrors) {
    const cells = state.vals.map((value, i) => {
      const error = fieldErrors.get(`/values/${i}`);
      return h('label', { class: 'field', style: 'margin:0' }, state.uNames[i],
        h('input', { id: `value-${i}`, type: 'text', inputmode: 'decimal', value, size: 4, 'data-value': i,
          class: error ? 'invalid' : null, 'aria-invalid': error ? 'true' : null, title: error || null,
          'aria-label': `value of ${state.uNames[i]}`,
          oninput: (e) => {
            const vals = this.state.vals.slice();
            vals[i] = e.target.value.slice(0, 32);
            this.onChange({ vals }, { keepFocus: true });
          } }));
    });
    const errors = [this.errorLine('/values'), ...state.vals.map((_, i) => this.errorLine(`/values/${i}`))].filter(Boolean);
    this.valuesHost.replaceChildren(h('h3', {}, 'Values of U (also the outputs Y)'),
      h('div', { style: 'display:flex;flex-wrap:wrap;gap:0.5rem' }, cells), ...errors);
  }

  renderControls(state, fieldErrors) {
    const err = (field) => fieldErrors.get(field);
    const num = (id, label, key, field) => h('label', { class: 'field' }, label,
      h('input', { id, type: 'text', inputmode: 'decimal', value: state[key], class: err(field) ? 'invalid' : null,
        'aria-invalid': err(field) ? 'true' : null, oninput: (e) => this.onChange({ [key]: e.target.value }, { keepFocus: true }) }),
      this.errorLine(field));
    const epsNumber = toNumber(state.eps);
    this.controlPanel.replaceChildren(...[
      h('h2', { id: 'controls-title' }, 'Privacy and uncertainty'),
      h('div', { class: 'field' },
        h('label', { for: 'epsilon' }, 'Privacy ε (natural log): P(Y=y | S=s₁) ≤ e', h('sup', {}, 'ε'), ' P(Y=y | S=s₂)'),
        h('div', { class: 'eps-row' },
          h('input', { id: 'epsilon-slider', type: 'range', min: '0.05', max: '3', step: '0.05', 'aria-label': 'ε (slider)',
            value: Number.isFinite(epsNumber) ? String(Math.min(3, Math.max(0.05, epsNumber))) : '0.5',
            oninput: (e) => this.onChange({ eps: snapEpsilon(e.target.value, 0.05) }, { keepFocus: true }) }),
          h('input', { id: 'epsilon', type: 'text', inputmode: 'decimal', value: state.eps, size: 7, class: err('/epsilon') ? 'invalid' : null,
            'aria-invalid': err('/epsilon') ? 'true' : null, oninput: (e) => this.onChange({ eps: e.target.value }, { keepFocus: true }) })),
        epsPresetButtons(state.eps, (eps) => this.onChange({ eps })),
        this.errorLine('/epsilon')),
      h('label', { class: 'field' }, 'Uncertainty set F (robust problems hold for every P in it)',
        h('select', { id: 'uncertainty', onchange: (e) => this.onChange({ unc: e.target.value }) },
          Object.entries(UNCERTAINTY_LABELS).map(([value, label]) => h('option', { value, selected: state.unc === value ? true : null }, label)))),
      state.unc === 'conf' ? num('confidence', 'Confidence level 1 − α', 'conf', '/uncertainty/confidence') : null,
      state.unc === 'radius' ? num('radius', 'Radius B: Σ (P̂ − P)² / P ≤ B', 'radius', '/uncertainty/radius') : null,
      num('sample-size', 'Sample size n behind P̂ (blank: from counts)', 'n', '/n'),
      this.errorLine('/uncertainty'),
      h('p', { class: 'hint' }, 'NUNP is a linear program; the robust problems are solved exactly by cutting planes over GLPK, then repaired so that the robust constraints hold with certainty (the numbers below are recomputed from each matrix).'),
    ].filter(Boolean));
  }

  // ---- the four problems ----------------------------------------------------------------------

  /** @param {{ response?: object, error?: object }} result */
  renderResult(state, result) {
    const parts = [h('h2', { id: 'result-title' }, 'The four problems for the current P̂')];
    let fresh = null;
    if (result.error) {
      parts.push(errorBox(result.error));
    } else if (result.response) {
      const responses = result.response.responses || [];
      const failed = responses.filter((r) => r && r.error);
      if (responses.length !== PROBLEMS.length) {
        parts.push(h('p', { class: 'error-box', role: 'alert', id: 'result-error' }, 'The solver returned an unexpected answer.'));
      } else if (failed.length === PROBLEMS.length) {
        // The same input error for every problem: shown once, next to its field.
        const e = failed[0].error;
        const path = String(e.path || '').replace(/^\/requests\/\d+/, '');
        parts.push(errorBox({ ...e, path }));
        this.markField(path, e.message);
      } else fresh = responses;
    }
    if (fresh) this.lastGood = { responses: fresh, state };
    else if (this.lastGood) parts.push(h('p', { class: 'hint' }, 'Showing the last result that solved:'));
    const shown = fresh || (this.lastGood && this.lastGood.responses);
    if (shown) {
      const shownState = fresh ? state : this.lastGood.state;
      parts.push(this.comparison(shownState, shown));
      this.mechanismPanel.replaceChildren(h('h2', {}, 'Mechanisms P(Y = y | S = s, U = u)'),
        h('div', { style: 'display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,520px),1fr));gap:0.4rem 1.2rem' },
          PROBLEMS.map((p, i) => this.card(shownState, p, shown[i]))));
    } else this.mechanismPanel.replaceChildren(h('h2', {}, 'Mechanisms P(Y = y | S = s, U = u)'), h('p', { class: 'hint' }, 'No result yet.'));
    this.resultPanel.replaceChildren(...parts);
  }

  /** Marks an input named by a core error path (the page's own checks go through fieldErrors). */
  markField(path, message) {
    let el = null;
    const cell = /^\/(joint|true_joint)\/(\d+)\/(\d+)$/.exec(path);
    if (cell) el = this.dataPanel.querySelector(`input[data-table="${cell[1] === 'joint' ? 'joint' : 'truth'}"][data-row="${cell[2]}"][data-col="${cell[3]}"]`);
    const value = /^\/values\/(\d+)$/.exec(path);
    if (value) el = this.valuesHost.querySelector(`#value-${value[1]}`);
    const ids = { '/epsilon': '#epsilon', '/n': '#sample-size', '/uncertainty/confidence': '#confidence', '/uncertainty/radius': '#radius' };
    if (ids[path]) el = this.controlPanel.querySelector(ids[path]);
    if (el) {
      el.classList.add('invalid');
      el.setAttribute('aria-invalid', 'true');
      el.title = message;
    } else if (path === '/joint' || path === '/true_joint') {
      const status = this.dataPanel.querySelector(path === '/joint' ? '#status-joint' : '#status-truth');
      if (status) status.after(h('p', { class: 'field-error', id: `err-${path.replace(/\//g, '-')}` }, message));
    }
  }

  comparison(state, responses) {
    const eps = toNumber(state.eps);
    const hasTruth = responses.some((r) => r && !r.error && r.true);
    const cell = (p, r, get, id, judge) => {
      if (!r || r.error) return h('td', { id: `${id}-${p}` }, '—');
      const v = get(r);
      const verdict = judge ? judge(asNumber(v)) : null;
      return h('td', { id: `${id}-${p}`, style: verdict === false ? 'color:var(--bad);font-weight:600' : null,
        title: verdict === false ? `above the design ε = ${state.eps}` : null }, show(v), verdict === true ? ' ✓' : '');
    };
    const withinEps = (v) => (Number.isFinite(eps) ? v <= eps * (1 + 1e-9) + 1e-12 : null);
    const row = (label, get, id, judge, hint) => h('tr', {}, h('th', { scope: 'row', title: hint || null }, label),
      PROBLEMS.map((p, i) => cell(p, responses[i], get, id, judge)));
    const rows = [
      row('Distortion E(U − Y)² under P̂', (r) => r.distortion, 'distortion'),
      row('Robust distortion (max over F)', (r) => r.robust_distortion, 'robust-distortion'),
      row('Realized ε under P̂', (r) => r.epsilon, 'epsilon', withinEps),
      row('Robust ε (max over F)', (r) => r.robust_epsilon, 'robust-epsilon', withinEps, 'certified: recomputed from the matrix over the whole set F'),
    ];
    if (hasTruth) {
      rows.push(row('D* (distortion under P*)', (r) => (r.true ? r.true.distortion : undefined), 'true-distortion'));
      rows.push(row('ε* (realized under P*)', (r) => (r.true ? r.true.epsilon : undefined), 'true-epsilon', withinEps));
      rows.push(row('P* inside F?', (r) => (r.true && typeof r.true.in_confidence_set === 'boolean' ? (r.true.in_confidence_set ? 'yes' : 'no') : undefined), 'true-in-set'));
    }
    rows.push(row('Cutting-plane rounds', (r) => (isNumber(r.rounds) ? String(r.rounds) : undefined), 'rounds'));
    rows.push(row('Audit', (r) => (r.audit ? (r.audit.verified ? 'verified' : 'not verified') : undefined), 'audit'));
    const extra = responses.find((r) => r && !r.error) || {};
    return h('div', { class: 'metrics' },
      h('table', { id: 'comparison-table' },
        h('thead', {}, h('tr', {}, h('td'), PROBLEMS.map((p) => h('th', { scope: 'col', title: PROBLEM_INFO[p].text }, PROBLEM_INFO[p].label)))),
        h('tbody', {}, rows)),
      h('dl', { class: 'facts' },
        h('dt', {}, 'Design ε'), h('dd', { id: 'design-eps' }, state.eps),
        radiusOf(extra) === undefined ? null : h('dt', {}, 'Radius B of F'),
        radiusOf(extra) === undefined ? null : h('dd', { id: 'radius-b' }, show(radiusOf(extra))),
        h('dt', {}, 'Reading'), h('dd', {}, '✓: at most the design ε; red: above it. Robust ε ≤ ε is guaranteed only by NURP and RURP; ε* ≤ ε then holds whenever P* lies in F (probability about 1 − α).')));
  }

  card(state, p, r) {
    const info = PROBLEM_INFO[p];
    const head = h('h3', {}, `${info.label} — ${info.text}`);
    if (!r || r.error) return h('div', { 'data-problem': p }, head, h('p', { class: 'error-box', id: `error-${p}` }, r && r.error ? errorForPeople(r.error) : 'no answer'));
    const data = this.heatmapData(state, r);
    const svg = this.heatmaps[p].update(data);
    svg.setAttribute('style', 'max-width:100%;height:auto');
    return h('div', { 'data-problem': p }, head, this.heatmapHosts[p], this.exportBar(state, p, r, data));
  }

  heatmapData(state, response) {
    const matrix = response.mechanism;
    const colLabels = [];
    for (let s = 0; s < state.sNames.length; s++)
      for (let u = 0; u < state.uNames.length; u++) colLabels.push(`${state.sNames[s]},${state.uNames[u]}`);
    const cols = matrix[0].length;
    const xLabels = cols === colLabels.length ? colLabels : Array.from({ length: cols }, (_, i) => `x${i + 1}`);
    const rowLabels = matrix.length === state.vals.length ? state.vals.map((v) => `Y=${v}`) : matrix.map((_, i) => `y${i + 1}`);
    return { matrix, rowLabels, colLabels: xLabels, rowAxis: 'Y', colAxis: '(s, u)' };
  }

  exportBar(state, p, response, { matrix, rowLabels, colLabels }) {
    const name = `mechanism-${p}`;
    const scenario = () => {
      const { request } = problemRequest(state, p);
      return `${JSON.stringify({ title: `${PROBLEM_INFO[p].label} at ε = ${state.eps}`,
        labels: { s: state.sNames, u: state.uNames }, ...request }, null, 2)}\n`;
    };
    return h('div', { class: 'export-bar' }, 'Export: ',
      ...matrixExportButtons(name, matrix, rowLabels, colLabels, { problem: p, epsilon: toNumber(state.eps) }),
      ' ', chartExportButtons(this.heatmapHosts[p], name, 'Heatmap'),
      ' ', scenarioExportButton(scenario, `scenario-${p}.json`),
      ' ', editInEvaluateButton(this.openInEvaluate, () => ({ title: `${PROBLEM_INFO[p].label} at ε = ${state.eps}, to edit`,
        ...problemRequest(state, p).request, evaluate: matrix })));
  }

  // ---- Figure 2 -----------------------------------------------------------------------------

  renderFigureControls(state) {
    // The selects show the user's choice; a state that arrives with a figure (a link) sets it.
    const figKey = `${state.fig}|${state.fign}`;
    if (state.fig && figKey !== this.seenFigure) this.figureChoice = { k: state.fig, n: state.fign };
    this.seenFigure = figKey;
    const { k, n } = this.figureChoice;
    const select = (id, label, options, value, key) => h('label', { class: 'field', style: 'margin:0' }, label,
      h('select', { id, onchange: (e) => { this.figureChoice[key] = e.target.value; this.renderFigureControls(this.state); } },
        options.map(([v, text]) => h('option', { value: v, selected: v === value ? true : null }, text))));
    const runKey = JSON.stringify(experimentRequest({ fig: k, fign: n }));
    const done = this.figureCache && this.figureCache.key === runKey;
    this.figureControls.replaceChildren(h('div', { style: 'display:flex;flex-wrap:wrap;gap:0.8rem;align-items:flex-end;margin-bottom:0.6rem' },
      select('figure-k', 'Instances K', FIGURE_K.map((v) => [v, v]), k, 'k'),
      select('figure-n', 'Samples n behind each P̂', FIGURE_N.map((v) => [v, FIGURE_N_LABEL[v]]), n, 'n'),
      h('button', { type: 'button', id: 'run-figure', disabled: state.fig === k && state.fign === n && (done || this.figureRunning) ? true : null,
        onclick: () => {
          this.figureMessage = null;
          this.onChange({ fig: k, fign: n });
        } }, `Run Figure 2 (K = ${k})`),
      state.fig ? h('button', { type: 'button', id: 'hide-figure', onclick: () => { this.figureMessage = null; this.onChange({ fig: '', fign: '75' }); } }, 'Hide') : null));
    if (!state.fig) this.showFigure(state, null);
  }

  /** After the four problems: the experiment, when the state asks for it and it is not cached. */
  followUp(state) {
    const request = experimentRequest(state);
    if (!request) return null;
    const key = JSON.stringify(request);
    if (this.figureCache && this.figureCache.key === key) {
      this.showFigure(state, this.figureCache.response, request);
      return null;
    }
    this.figureRunning = key;
    this.figureStatus.replaceChildren(h('p', { class: 'hint', id: 'figure-running' },
      `Running Figure 2 in the worker: K = ${request.K} instances × 4 problems at ${request.N_values ? `each of n = ${request.N_values.map((v) => 15 * v).join(', ')}` : `n = ${request.n}`}. Progress and Cancel are in the status bar at the top.`));
    this.scatterHost.replaceChildren();
    this.sweepHost.replaceChildren();
    this.figureSummary.replaceChildren();
    this.figureExport.replaceChildren();
    this.renderFigureControls(state);
    return request;
  }

  renderFollowUp(state, response) {
    const key = this.figureRunning;
    this.figureRunning = null;
    if (response && !response.error && key) this.figureCache = { key, response };
    this.showFigure(state, response, key ? JSON.parse(key) : experimentRequest(state));
    this.renderFigureControls(state);
  }

  /** The page's Cancel button was pressed: if it stopped the experiment, say so and drop it from the state. */
  cancelPressed() {
    if (!this.figureRunning || !this.resultPanel.isConnected) return;
    this.figureRunning = null;
    this.figureMessage = 'Figure 2 was cancelled (the worker was stopped).';
    setTimeout(() => this.onChange({ fig: '', fign: '75' }), 0);
  }

  showFigure(state, response, request) {
    if (!response) {
      this.scatterHost.replaceChildren();
      this.sweepHost.replaceChildren();
      this.figureSummary.replaceChildren();
      this.figureExport.replaceChildren();
      this.figureStatus.replaceChildren(this.figureMessage ? h('p', { class: 'hint', id: 'figure-cancelled' }, this.figureMessage)
        : h('p', { class: 'hint' }, 'Not run yet: choose K and n, then press Run. The solves run in the background worker.'));
      return;
    }
    if (response.error) {
      this.figureStatus.replaceChildren(h('p', { class: 'error-box', id: 'figure-error' }, `Figure 2 could not be computed: ${errorForPeople(response.error)}`));
      this.scatterHost.replaceChildren();
      this.sweepHost.replaceChildren();
      this.figureSummary.replaceChildren();
      this.figureExport.replaceChildren();
      return;
    }
    const dataButton = h('button', { type: 'button', 'data-export': 'figure2.json', 'aria-label': `Data (JSON): download figure2.json`, onclick: () => download('figure2.json', `${JSON.stringify(response, null, 2)}\n`, 'application/json') }, 'Data (JSON)');
    this.figureStatus.replaceChildren();
    if (request && request.experiment === 'figure2cd') {
      const { charts, table } = drawFigure2cd(response, Number(request.epsilon));
      this.scatterHost.replaceChildren();
      this.sweepHost.replaceChildren(charts);
      this.figureExport.replaceChildren(dataButton);
      this.figureSummary.replaceChildren(...[table, machineNotes(response.notes)].filter(Boolean));
      return;
    }
    this.sweepHost.replaceChildren();
    const data = figureSeries(response, request);
    this.scatter.update({ series: data.series, hLines: [{ y: data.epsilon, label: `design ε = ${data.epsilon}` }],
      title: `ε* against D* (K = ${data.instances}, n = ${data.n})`, xLabel: data.xLabel, yLabel: data.yLabel });
    this.figureExport.replaceChildren(chartExportButtons(this.scatterHost, 'figure2-scatter', 'Scatter'), dataButton);
    const rows = data.series.map((sr) => h('tr', { 'data-series': sr.name },
      h('th', { scope: 'row' }, sr.name),
      h('td', { id: `fig-count-${sr.key}` }, String(sr.points.length)),
      h('td', { id: `fig-infinite-${sr.key}` }, String(sr.infinite)),
      h('td', { id: `fig-within-${sr.key}` }, `${sr.within} of ${sr.total}`),
      h('td', { id: `fig-mean-d-${sr.key}` }, sr.points.length ? fmt(sr.points.reduce((a, q) => a + q[0], 0) / sr.points.length) : '—'),
      h('td', { id: `fig-median-eps-${sr.key}` }, sr.points.length ? fmt(median(sr.points.map((q) => q[1]))) : '—')));
    this.figureSummary.replaceChildren(h('div', { class: 'metrics' }, h('table', { id: 'figure-table' },
      h('thead', {}, h('tr', {}, h('td'), ['plotted', 'ε* = ∞ (omitted)', `ε* ≤ ε`, 'mean D*', 'median ε*'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, rows))),
    ...[machineNotes(response.notes)].filter(Boolean));
  }
}

/** The radius B of F reported by the core, if any. */
function radiusOf(r) {
  const candidates = [r.radius, r.B, r.uncertainty && r.uncertainty.radius];
  return candidates.find((v) => typeof v === 'number');
}

function median(values) {
  const v = values.slice().sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/**
 * The scatter series of an experiment response {columns, rows, plots}: the first "scatter" plot
 * names the x, y and group columns. Rows with eps* = "Infinity" are counted, not drawn (as in the
 * paper's figures).
 */
export function figureSeries(response, request = {}) {
  const columns = response.columns || [];
  const plot = (response.plots || []).find((pl) => pl.kind === 'scatter') || {};
  const col = (name, fallbacks) => {
    for (const c of [name, ...fallbacks]) {
      const i = columns.indexOf(c);
      if (c && i >= 0) return i;
    }
    return -1;
  };
  const cx = col(plot.x, ['distortion_star', 'd_star']);
  const cy = col(plot.y, ['epsilon_star', 'eps_star']);
  const cg = col(plot.group, ['problem']);
  const params = { ...(response.parameters || {}), ...request };
  const epsilon = Number(params.epsilon ?? 0.5);
  const groups = new Map(PROBLEMS.map((p) => [PROBLEM_INFO[p].label, { key: p, name: PROBLEM_INFO[p].label, points: [], infinite: 0, within: 0, total: 0 }]));
  for (const row of response.rows || []) {
    const raw = String(cg >= 0 ? row[cg] : 'all');
    const name = PROBLEM_INFO[raw.toLowerCase()] ? PROBLEM_INFO[raw.toLowerCase()].label : raw;
    if (!groups.has(name)) groups.set(name, { key: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name, points: [], infinite: 0, within: 0, total: 0 });
    const g = groups.get(name);
    const xv = Number(row[cx]);
    const yv = asNumber(row[cy]);
    g.total++;
    if (yv === Infinity || row[cy] === null) { g.infinite++; continue; }
    if (Number(yv) <= epsilon * (1 + 1e-9) + 1e-12) g.within++;
    if (Number.isFinite(xv) && Number.isFinite(Number(yv))) g.points.push([xv, Number(yv)]);
  }
  return {
    series: [...groups.values()].filter((g) => g.total > 0),
    epsilon,
    instances: params.K ?? '?',
    n: params.n ?? response.n ?? '?',
    xLabel: 'D* = E(U − Y)² under P* (eq. 31)',
    yLabel: 'ε* under P* (eq. 32)',
  };
}
