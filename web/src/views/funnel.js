// The privacy-funnel view (privacy-funnel-ldp-lip.txt): the joint p(s, x), the protocol
// (optimal ε-LIP / ε-LDP, or GRR / OUE / CR calibrated to a target), optional attributes of X;
// the result: the protocol's matrix, I(X;Y), I(S;Y), LIP, LDP, α, SRLIP next to its target,
// utility-vs-ε curves of every protocol (one batch follow-up), and for |X| = 3 the simplex
// with the polygon Δ of Theorem 3, its vertices and the convex combination the protocol uses.
import { errorForPeople, nameForPeople } from '../words.js';
import { h, fmt } from '../dom.js';
import { toNumber } from '../fields.js';
import { beginResult } from '../widgets/result_frame.js';
import { Heatmap } from '../plots/heatmap.js';
import { LineChart } from '../plots/line_chart.js';
import { SimplexPlot } from '../plots/simplex_plot.js';
import { CALIBRATED, MAX_OUE_X, THEOREM4_PATCH, toRequest, supportOf, ldpAllowed, lipAllowed } from './funnel_state.js';
import { chartExportButtons, matrixExportButtons, scenarioExportButton, editInEvaluateButton } from '../widgets/export_bar.js';
import { JointEditor } from '../widgets/joint_editor.js';
import { epsPresetButtons, snapEpsilon } from '../widgets/epsilon_presets.js';

export const PROTOCOL_LABELS = {
  'opt-lip': 'Optimal ε-LIP (Theorem 3: polytope Δ + entropy LP)',
  'opt-ldp': 'Optimal ε-LDP (Theorem 2: vertices of Γ; small |X| only)',
  grr: 'GRR — generalized randomized response, calibrated',
  oue: 'OUE — optimized unary encoding, calibrated',
  cr: 'CR — conditional reporting (reads S too), calibrated',
  'srlip-product': 'Per-attribute product (Section VI; needs attributes)',
};
const SERIES_NAMES = { 'opt-lip': 'opt-LIP', 'opt-ldp': 'opt-LDP', grr: 'GRR', oue: 'OUE', cr: 'CR', 'srlip-product': 'product' };
/** ε grid of the utility curves. */
export const CURVE_GRID = Array.from({ length: 15 }, (_, i) => +(0.2 + i * 0.2).toFixed(2));
/** Largest matrix drawn as a heatmap (OUE has 2^|X| rows); bigger ones are exported only. */
const MAX_DRAWN_ROWS = 64;

export class FunnelView {
  /** @param {HTMLElement} root  @param {{ onChange: (patch: object, opts?: object) => void }} hooks */
  constructor(root, { onChange, openInEvaluate }) {
    this.onChange = onChange;
    this.openInEvaluate = openInEvaluate;
    this.dataPanel = h('section', { class: 'panel', 'aria-labelledby': 'data-title' });
    this.controlPanel = h('section', { class: 'panel', 'aria-labelledby': 'controls-title', 'data-embed': 'controls' });
    this.resultPanel = h('section', { class: 'panel results', 'aria-labelledby': 'result-title', 'aria-live': 'polite', 'data-embed': 'picture' });
    this.curvePanel = h('section', { class: 'panel', 'aria-labelledby': 'curve-title' });
    root.replaceChildren(h('div', { class: 'columns' },
      h('div', { class: 'column' }, this.dataPanel, this.controlPanel, this.curvePanel), h('div', { class: 'column' }, this.resultPanel)));
    this.editorHost = h('div');
    this.dataPanel.replaceChildren(h('h2', { id: 'data-title' }, 'Joint distribution p(s, x)'),
      h('p', { class: 'hint' }, 'Rows: the secret S (never released). Columns: the data X the protocol sanitises into Y. ',
        'The editor labels them S and U; here U is X. Type probabilities or counts.'),
      this.editorHost);
    this.editor = new JointEditor(this.editorHost, { onChange });
    this.heatmapHost = h('div', { class: 'heatmap-host', id: 'mechanism-heatmap' });
    this.heatmap = new Heatmap(this.heatmapHost, { title: 'Protocol Q(y|x)' });
    this.curveHost = h('div', { class: 'chart-host', id: 'utility-curve' });
    this.curve = new LineChart(this.curveHost, { title: 'Utility I(X;Y) against the target ε', xLabel: 'target ε (nats)', yLabel: 'I(X;Y) [nats]' });
    this.curveNote = h('p', { class: 'hint', id: 'curve-note' });
    this.curvePanel.replaceChildren(h('h2', { id: 'curve-title' }, 'Utility against ε, all protocols'), this.curveNote, this.curveHost,
      h('div', { class: 'export-bar' }, chartExportButtons(this.curveHost, 'funnel-utility-vs-epsilon', 'Utility chart')));
    this.simplexHost = h('div', { class: 'chart-host', id: 'simplex-plot' });
    this.simplex = new SimplexPlot(this.simplexHost, { title: 'Posteriors of X in the simplex (|X| = 3)' });
  }

  renderInputs(state, fieldErrors) {
    this.editor.render(state, fieldErrors);
    // The shared editor offers a second table (the true distribution) for robust LDP; this view
    // designs for the joint as given, so that option is removed from its output.
    const truthToggle = this.editorHost.querySelector('#truth-toggle');
    if (truthToggle && truthToggle.closest('label')) truthToggle.closest('label').remove();
    this.renderControls(state, fieldErrors);
  }

  renderControls(state, fieldErrors) {
    const err = (field) => fieldErrors.get(field);
    const errorLine = (field) => (err(field) ? h('span', { class: 'field-error', id: `err-${field.replace(/\//g, '-')}` }, err(field)) : null);
    const epsNumber = toNumber(state.eps);
    const calibrated = CALIBRATED.includes(state.mech);
    const hasAttributes = String(state.attr || '').trim() !== '';
    this.controlPanel.replaceChildren(...[
      h('h2', { id: 'controls-title' }, 'Protocol'),
      h('label', { class: 'field' }, 'Protocol Q',
        h('select', { id: 'mechanism', class: err('/mechanism') ? 'invalid' : null, 'aria-invalid': err('/mechanism') ? 'true' : null,
          onchange: (e) => this.onChange({ mech: e.target.value }) },
        Object.entries(PROTOCOL_LABELS).map(([value, label]) => h('option', { value, selected: state.mech === value ? true : null }, label))),
        errorLine('/mechanism')),
      h('div', { class: 'field' },
        h('label', { for: 'epsilon' }, state.mech === 'srlip-product' ? 'Target ε (SRLIP; each attribute gets ε/m)' : 'Target ε (natural log)'),
        h('div', { class: 'eps-row' },
          h('input', { id: 'epsilon-slider', type: 'range', min: '0', max: '4', step: '0.01', 'aria-label': 'ε (slider)',
            value: Number.isFinite(epsNumber) ? String(Math.min(4, Math.max(0, epsNumber))) : '1',
            oninput: (e) => this.onChange({ eps: snapEpsilon(e.target.value, 0.01) }, { keepFocus: true }) }),
          h('input', { id: 'epsilon', type: 'text', inputmode: 'decimal', value: state.eps, size: 7, class: err('/epsilon') ? 'invalid' : null,
            'aria-invalid': err('/epsilon') ? 'true' : null, oninput: (e) => this.onChange({ eps: e.target.value }, { keepFocus: true }) })),
        epsPresetButtons(state.eps, (eps) => this.onChange({ eps })),
        errorLine('/epsilon')),
      calibrated ? h('label', { class: 'field' }, 'Calibrate α so that the protocol meets',
        h('select', { id: 'metric', onchange: (e) => this.onChange({ metric: e.target.value }) },
          h('option', { value: 'lip', selected: state.metric === 'lip' ? true : null }, 'ε-LIP w.r.t. S (Definition 2)'),
          h('option', { value: 'ldp', selected: state.metric === 'ldp' ? true : null }, 'ε-LDP w.r.t. S (Definition 1)')),
        errorLine('/metric')) : null,
      h('label', { class: 'field' }, 'Attributes of X (optional): sizes a₁,…,aₘ, last fastest',
        h('input', { id: 'attributes', type: 'text', value: state.attr || '', placeholder: 'e.g. 2,2 for X = (X¹, X²)', maxlength: 40,
          class: err('/attributes') ? 'invalid' : null, 'aria-invalid': err('/attributes') ? 'true' : null,
          oninput: (e) => this.onChange({ attr: e.target.value }, { keepFocus: true }) }),
        errorLine('/attributes')),
      h('p', { class: 'hint' }, hasAttributes
        ? 'With attributes, SRLIP (22) is measured from its definition and shown next to ε. '
        : 'Give attribute sizes to measure SRLIP (22) and to use the per-attribute product. ',
      'Theorem 4 of the paper is false: ',
      h('button', { type: 'button', id: 'load-theorem4', onclick: () => this.onChange({ ...THEOREM4_PATCH }) }, 'load its counterexample')),
    ].filter(Boolean));
  }

  /** After a result: every protocol over the ε grid (one batch), skipping what the core would refuse. */
  followUp(state, request) {
    const joint = request.joint;
    const support = supportOf(joint);
    const a = joint[0].length;
    const skipped = [];
    const protocols = [];
    const skip = (name, why) => skipped.push([name, why]);
    if (lipAllowed(support)) protocols.push('opt-lip'); else skip('opt-lip', `|X| = ${support.a}, |S| = ${support.c} is beyond the size guard of Δ`);
    if (ldpAllowed(support)) protocols.push('opt-ldp');
    else skip('opt-ldp', `Γ has dimension |X|(|X|−1) = ${support.a * (support.a - 1)}; the page enumerates it only for |X| ≤ 3 (|S| ≤ 10) or |X| = 4 with |S| ≤ 2`);
    protocols.push('grr');
    if (a <= MAX_OUE_X) protocols.push('oue'); else skip('oue', `its matrix has 2^${a} rows`);
    if (joint.every((row) => row.some((v) => v > 0))) protocols.push('cr'); else skip('cr', 'a secret has no mass');
    if (request.attributes) {
      const sizes = request.attributes;
      if (sizes.length <= 6 && sizes.every((n) => n <= 3)) protocols.push('srlip-product');
      else skip('srlip-product', 'per-attribute polytopes only for ≤ 6 attributes of size ≤ 3');
    }
    const metric = CALIBRATED.includes(state.mech) ? state.metric : (state.mech === 'opt-ldp' ? 'ldp' : 'lip');
    const requests = [];
    for (const mechanism of protocols)
      for (const epsilon of CURVE_GRID) {
        const r = { family: 'funnel', mechanism, joint, epsilon };
        if (CALIBRATED.includes(mechanism)) r.metric = metric;
        if (mechanism === 'srlip-product') r.attributes = request.attributes;
        requests.push(r);
      }
    this.curveProtocols = protocols;
    this.curveMetric = metric;
    this.curveSkipped = skipped;
    this.curveNote.replaceChildren(`Computing… GRR, OUE and CR calibrated to ε-${metric.toUpperCase()}.`);
    return { family: 'batch', requests };
  }

  renderFollowUp(state, response) {
    if (!response.responses) {
      this.curveHost.replaceChildren(h('p', { class: 'field-error' }, `The curves could not be computed: ${response.error ? errorForPeople(response.error) : 'no answer'}`));
      return;
    }
    const n = CURVE_GRID.length;
    const failed = [];
    // Every protocol keeps its colour and dash: skipped ones stay in the legend, in parentheses, with no line.
    const order = ['opt-lip', 'opt-ldp', 'grr', 'oue', 'cr', 'srlip-product'];
    const shown = order.filter((name) => this.curveProtocols.includes(name) || this.curveSkipped.some(([k]) => k === name));
    const series = shown.map((name) => {
      const k = this.curveProtocols.indexOf(name);
      if (k < 0) return { name: `(${SERIES_NAMES[name]})`, points: [] };
      const points = CURVE_GRID.map((eps, i) => {
        const r = response.responses[k * n + i];
        return [eps, r && typeof r.mutual_information === 'number' ? r.mutual_information : NaN];
      });
      const bad = points.filter((p) => !Number.isFinite(p[1])).length;
      if (bad) failed.push(`${SERIES_NAMES[name]} failed at ${bad} of ${n} points`);
      return { name: SERIES_NAMES[name], points };
    });
    const current = this.lastGood;
    this.curve.update({ series, marker: current && typeof current.mutual_information === 'number'
      ? { x: current.epsilon, y: current.mutual_information, label: SERIES_NAMES[current.mechanism_name] } : null });
    const notes = [`GRR, OUE and CR are calibrated to ε-${this.curveMetric.toUpperCase()}; the circle marks the protocol shown on the right.`];
    if (this.curveProtocols.includes('srlip-product'))
      notes.push(' The product is drawn against its SRLIP target ε (each attribute at ε/m), which it need not meet: Theorem 4 is false.');
    for (const [name, why] of this.curveSkipped) notes.push(` ${SERIES_NAMES[name]} not drawn: ${why}.`);
    for (const f of failed) notes.push(` ${f}.`);
    this.curveNote.replaceChildren(...notes);
    this.curveHost.dataset.series = this.curveProtocols.map((name) => SERIES_NAMES[name]).join(',');
  }

  /** @param {{ response?: object, error?: object }} result */
  renderResult(state, result) {
    const { parts, response } = beginResult(this, result);
    if (response) {
      parts[0].textContent = `Result: ${SERIES_NAMES[response.mechanism_name] || response.mechanism_name} at ε = ${fmt(Number(response.epsilon), 4)}`;
      const data = this.heatmapData(state, response);
      const drawn = data.matrix.length <= MAX_DRAWN_ROWS;
      parts.push(h('h3', {}, `Protocol Q(y | ${response.input === 's,x' ? 's, x' : 'x'}) — ${SERIES_NAMES[response.mechanism_name] || response.mechanism_name}`),
        drawn ? this.heatmapHost : h('p', { class: 'hint', id: 'heatmap-too-large' },
          `The matrix has ${data.matrix.length} rows: too many to draw; export it below.`),
        this.exportBar(state, response, data), this.metrics(state, response));
      if (drawn) this.heatmap.update(data);
      if (response.simplex) {
        parts.push(h('h3', {}, 'The simplex of p(X) (Theorem 3)'), this.simplexCaption(response), this.simplexHost,
          h('div', { class: 'export-bar' }, chartExportButtons(this.simplexHost, 'funnel-simplex', 'Simplex')));
        this.simplex.update(this.simplexData(state, response.simplex));
      } else {
        parts.push(h('p', { class: 'hint', id: 'simplex-absent' }, 'The simplex drawing of Δ is shown when X has exactly 3 values.'));
      }
    }
    this.resultPanel.replaceChildren(...parts);
  }

  simplexCaption(r) {
    const sx = r.simplex;
    const onVertices = sx.chosen.filter((c) => c >= 0).length;
    return h('p', { class: 'hint', id: 'simplex-caption' },
      `Δ (15) at ε = ${fmt(sx.epsilon, 3)}: the posteriors p(X | y) whose ratio p(s | y)/p(s) stays within e^±ε; ${sx.delta_vertices.length} vertices. `,
      `This protocol uses ${sx.posteriors.length} output${sx.posteriors.length === 1 ? '' : 's'}; p_X is their convex combination with weights P(Y = y)`,
      r.mechanism_name === 'opt-lip' ? ` (Theorem 3: ${onVertices} of them vertices of Δ).` : ` (${onVertices} on vertices of Δ).`,
      r.input === 's,x' ? ' CR reads S as well as X, so its posteriors need not lie in Δ (which holds the posteriors of protocols of X alone).' : '',
      ' Hover a point for its coordinates.');
  }

  simplexData(state, sx) {
    return {
      cornerLabels: state.uNames.slice(0, 3),
      polygon: sx.delta_xy, vertices: sx.delta_vertices,
      posteriors: sx.posteriors_xy, posteriorProbs: sx.posteriors, weights: sx.weights, chosen: sx.chosen,
      prior: sx.p_x_xy[0], priorProbs: sx.p_x,
    };
  }

  exportBar(state, response, { matrix, rowLabels, colLabels }) {
    const name = `funnel-${response.mechanism_name}`;
    const scenario = () => {
      const { request } = toRequest(state);
      return `${JSON.stringify({ title: `${SERIES_NAMES[response.mechanism_name] || response.mechanism_name} at ε = ${state.eps}`,
        labels: { s: state.sNames, x: state.uNames }, ...request }, null, 2)}\n`;
    };
    return h('div', { class: 'export-bar' }, 'Export — matrix: ',
      ...matrixExportButtons(name, matrix, rowLabels, colLabels, { epsilon: response.epsilon, metric: response.metric }),
      matrix.length <= MAX_DRAWN_ROWS ? [' ', chartExportButtons(this.heatmapHost, name, 'Heatmap')] : null,
      ' ', scenarioExportButton(scenario),
      ' ', editInEvaluateButton(this.openInEvaluate, () => ({ title: `${SERIES_NAMES[response.mechanism_name] || response.mechanism_name} at ε = ${state.eps}, to edit`,
        ...toRequest(state).request, evaluate: matrix })));
  }

  heatmapData(state, response) {
    const matrix = response.mechanism;
    const cols = matrix[0].length;
    const a = state.uNames.length;
    let colLabels;
    if (response.input === 's,x' && cols === state.sNames.length * a) {
      colLabels = [];
      for (const sName of state.sNames) for (const xName of state.uNames) colLabels.push(`${sName},${xName}`);
    } else if (cols === a) colLabels = state.uNames.slice();
    else colLabels = Array.from({ length: cols }, (_, i) => `x${i + 1}`);
    let rowLabels;
    if (Array.isArray(response.output_sets) && response.output_sets.length === matrix.length)
      rowLabels = response.output_sets.map((set) => (set.length ? `{${set.map((x) => state.uNames[x] ?? x).join(',')}}` : '∅'));
    else if (matrix.length === a && response.input !== 's,x' && ['grr', 'srlip-product'].includes(response.mechanism_name)) rowLabels = state.uNames.slice();
    else if (matrix.length === a && response.input === 's,x') rowLabels = state.uNames.slice();
    else rowLabels = matrix.map((_, i) => `y${i + 1}`);
    return { matrix, rowLabels, colLabels, rowAxis: 'y', colAxis: response.input === 's,x' ? '(s, x)' : 'x' };
  }

  metrics(state, r) {
    const eps = r.epsilon;
    const over = (v) => typeof v === 'number' && v > eps + 1e-9;
    const target = r.metric === 'srlip' ? 'SRLIP' : r.metric === 'ldp' ? 'LDP' : 'LIP';
    const row = (label, value, id, note = null, flagged = false) => h('tr', { 'data-flag': flagged ? 'over-target' : null },
      h('th', { scope: 'row' }, label), h('td', { id, style: flagged ? 'color: var(--bad); font-weight: 600' : null }, value),
      h('td', { class: 'hint', style: flagged ? 'color: var(--bad)' : null }, note || ''));
    const rows = [
      row('Utility I(X;Y) [nats]', fmt(r.mutual_information), 'mi', `of H(X) = ${fmt(r.entropy_x, 3)} (${fmt(100 * r.nmi, 1)} %)`),
      row('Leakage I(S;Y) [nats]', fmt(r.leakage), 'leakage', r.metric === 'lip' || r.metric === 'srlip' ? '≤ LIP (Lemma 1)' : ''),
      row('LIP w.r.t. S', fmt(r.lip), 'lip', r.metric === 'lip' ? `target ε = ${fmt(eps, 3)}` : '', r.metric === 'lip' && over(r.lip)),
      row('LDP w.r.t. S', fmt(r.ldp), 'ldp', r.metric === 'ldp' ? `target ε = ${fmt(eps, 3)}` : '', r.metric === 'ldp' && over(r.ldp)),
      row('LDP w.r.t. the input', fmt(r.ldp_input), 'ldp-input', 'eq. (2): protects all of X'),
    ];
    if (r.alpha !== undefined)
      rows.push(row('Parameter α', fmt(r.alpha), 'alpha', r.alpha_reaches_target === false ? 'even α = ∞ stays below the target' : `calibrated: ${target} = ε`));
    if (r.srlip !== undefined) {
      const exceeds = over(r.srlip);
      rows.push(row('SRLIP (22), measured', fmt(r.srlip), 'srlip',
        exceeds ? `exceeds the target ε = ${fmt(eps, 3)}${r.metric === 'srlip' ? ' (Theorem 4 is false)' : ''}` : `≤ target ε = ${fmt(eps, 3)}`, exceeds));
    }
    const audit = r.audit || {};
    const polytope = r.polytope;
    return h('div', { class: 'metrics' },
      h('table', { id: 'metrics-table' }, h('tbody', {}, rows)),
      h('dl', { class: 'facts' },
        h('dt', {}, 'Target'), h('dd', { id: 'target' }, `ε-${target} with ε = ${fmt(eps)}`),
        polytope ? [h('dt', {}, 'Polytope'), h('dd', { id: 'polytope' },
          `${polytope.name}: dimension ${polytope.dimension}, ${polytope.vertices} vertices, ${polytope.outputs} outputs used`)] : null,
        r.srlip_witness && r.srlip !== undefined ? [h('dt', {}, 'SRLIP attained at'), h('dd', { id: 'srlip-witness' }, this.witnessText(state, r.srlip_witness))] : null,
        h('dt', {}, 'Audit'), h('dd', { id: 'audit' }, audit.verified && audit.guarantee === 'srlip-measured'
          ? `✓ columns sum to 1 (error ${fmt(audit.max_column_error)}); SRLIP is measured from (22), not certified (Theorem 4 is false)`
          : audit.verified
            ? `✓ verified: columns sum to 1 (error ${fmt(audit.max_column_error)}), measured ${nameForPeople(audit.guarantee)} = ${fmt(audit.measured_epsilon)} ≤ ${fmt(audit.designed_epsilon)}`
          : `not verified${audit.guarantee ? ` (${nameForPeople(audit.guarantee)} measured ${fmt(audit.measured_epsilon)})` : ''}`)),
      ...(r.notes || []).map((note) => h('p', { class: 'hint', 'data-role': 'note' }, note)));
  }

  witnessText(state, w) {
    const attrs = w.attributes || [];
    const cond = attrs.length ? `J = {${attrs.map((j) => j + 1).join(',')}}, x^J = (${(w.values || []).join(',')})` : 'J = ∅ (plain LIP)';
    return `${cond}, s = ${state.sNames[w.s] ?? w.s}, y = y${w.y + 1}`;
  }
}
