// The Estimation view (family "estimation", "Privacy with Estimation Guarantees"): the joint
// P(S,X), the private and useful functions and Formulation 1's settings; as results the principal
// inertia components (bar chart), chi^2(S;X), maximal correlation and delta, the chi-square
// trade-off chart (the bounds of Theorem 2 and eq. (14), Theorem 3's point, Formulation 1's
// designs over the theta sweep and their concave hull, read at a privacy level epsilon), the
// design at theta (every MMSE, the mapping, the audit) and the MMSE heat map per function
// against theta.
import { h, fmt } from '../dom.js';
import { beginResult } from '../widgets/result_frame.js';
import { BarChart } from '../plots/bar_chart.js';
import { XyChart } from '../plots/xy_chart.js';
import { Heatmap } from '../plots/heatmap.js';
import { MAX_FUNCTIONS, MAX_SWEEP, toRequest, epsilonValue, splitList } from './estimation_state.js';
import { matrixToCsv } from '../export_formats.js';
import { download, chartExportButtons, matrixExportButtons, scenarioExportButton, editInEvaluateButton } from '../widgets/export_bar.js';
import { JointEditor } from '../widgets/joint_editor.js';
import { LIMITS } from '../fields.js';

const OBJECTIVE_LABELS = {
  min: 'min σ — the worst useful function (the paper\'s utility constraint)',
  sum: 'Σ aᵢ σᵢ — weighted sum (Figure 3, Section 7.1)',
};

/** F at eps on a piecewise-linear curve given by breakpoints [[eps, F], ...] (flat outside). */
export function evaluateCurve(points, eps) {
  if (!points || points.length === 0 || !Number.isFinite(eps)) return NaN;
  if (eps <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    if (eps <= x1) return x1 === x0 ? Math.max(y0, y1) : y0 + ((y1 - y0) * (eps - x0)) / (x1 - x0);
  }
  return points[points.length - 1][1];
}

/** A field's error line, with an id tests can read (err--theta for /theta). */
function errorLine(fieldErrors, field) {
  const message = fieldErrors.get(field);
  return message ? h('span', { class: 'field-error', id: `err-${field.replace(/\//g, '-')}` }, message) : null;
}

/**
 * Draws `matrix` with heatmap.js, printing values rounded to 4 decimals (solver noise such as
 * 1e-16 would not fit a cell) while each cell's tooltip and data-value keep the exact number.
 * Everything goes through heatmap.update, so a redraw at the width the panel has keeps it.
 */
function drawMatrix(heatmap, { matrix, ...data }, cellTitle) {
  const shown = matrix.map((row) => row.map((v) => Math.round(v * 1e4) / 1e4));
  return heatmap.update({ ...data, matrix: shown, values: matrix, cellTitle });
}

export class EstimationView {
  /** @param {HTMLElement} root  @param {{ onChange: (patch: object, opts?: object) => void }} hooks */
  constructor(root, { onChange, openInEvaluate }) {
    this.onChange = onChange;
    this.openInEvaluate = openInEvaluate;
    this.dataPanel = h('section', { class: 'panel', 'aria-labelledby': 'data-title' });
    this.functionPanel = h('section', { class: 'panel', 'aria-labelledby': 'functions-title' });
    this.controlPanel = h('section', { class: 'panel', 'aria-labelledby': 'controls-title', 'data-embed': 'controls' });
    this.resultPanel = h('section', { class: 'panel results', 'aria-labelledby': 'result-title', 'aria-live': 'polite', 'data-embed': 'picture' });
    root.replaceChildren(h('div', { class: 'columns' },
      h('div', { class: 'column' }, this.dataPanel, this.functionPanel, this.controlPanel), h('div', { class: 'column' }, this.resultPanel)));
    this.editorHost = h('div');
    this.dataPanel.replaceChildren(h('h2', { id: 'data-title' }, 'Joint distribution P(S, X)'),
      h('p', { class: 'hint' }, 'Rows: the private variable S. Columns (marked U in the editor): the data X that the mapping P(Y|X) discloses. Probabilities or counts.'),
      this.editorHost);
    this.editor = new JointEditor(this.editorHost, { onChange: (patch, opts) => this.onChange(this.reshapeFunctions(patch), opts) });
    this.picHost = h('div', { class: 'chart-host', id: 'pic-chart' });
    this.pics = new BarChart(this.picHost, { title: 'Principal inertia components λᵢ(S; X)', xLabel: 'i', yLabel: 'λᵢ' });
    this.tradeoffHost = h('div', { class: 'chart-host', id: 'tradeoff-chart' });
    this.tradeoff = new XyChart(this.tradeoffHost, { title: 'χ² privacy-utility trade-off', xLabel: 'privacy leakage χ²(S; Y)', yLabel: 'utility χ²(X; Y)' });
    this.mechanismHost = h('div', { class: 'heatmap-host', id: 'mechanism-heatmap' });
    this.mechanism = new Heatmap(this.mechanismHost, { title: 'Formulation 1 mapping P(y|x)' });
    this.mmseHost = h('div', { class: 'heatmap-host', id: 'mmse-heatmap' });
    this.mmse = new Heatmap(this.mmseHost, { title: 'Normalized MMSE per function against θ' });
  }

  /** When the editor changes the table's shape, the function tables follow (new symbols get 0). */
  reshapeFunctions(patch) {
    if (!patch || !patch.joint || !this.state) return patch;
    const rows = patch.joint.length;
    const cols = patch.joint[0].length;
    const fit1 = (table, width) => table.map((row) => Array.from({ length: width }, (_, i) => (row[i] !== undefined ? row[i] : '0')));
    const out = { ...patch };
    if (this.state.priv[0].length !== rows) out.priv = fit1(this.state.priv, rows);
    if (this.state.useful[0].length !== cols) out.useful = fit1(this.state.useful, cols);
    if (patch.uNames) out.uNames = patch.uNames.map((n, i) => (this.state.uNames[i] === undefined && n === `u${i + 1}` ? `x${i + 1}` : n));
    return out;
  }

  renderInputs(state, fieldErrors) {
    this.state = state;
    this.editor.render(state, fieldErrors);
    this.renderFunctions(state, fieldErrors);
    this.renderControls(state, fieldErrors);
  }

  /** One editable table of functions: rows = functions (named), columns = the symbols of S or X. */
  functionTable(state, fieldErrors, { key, namesKey, field, prefix, symbols, caption, idPrefix }) {
    const table = state[key];
    const names = state[namesKey];
    const head = h('tr', {}, h('th', { scope: 'col', class: 'corner' }, 'name'),
      symbols.map((sym) => h('th', { scope: 'col', class: 'marginal' }, sym)));
    const body = table.map((row, r) => {
      const rowError = fieldErrors.get(`${field}/${r}`);
      return [h('tr', {},
        h('th', { scope: 'row' }, h('input', { class: `name${rowError ? ' invalid' : ''}`, id: `${idPrefix}-name-${r}`, value: names[r],
          'aria-label': `name of ${caption} ${r + 1}`, maxlength: LIMITS.maxName, 'aria-invalid': rowError ? 'true' : null, title: rowError || null,
          onchange: (e) => {
            const next = names.slice();
            next[r] = e.target.value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, LIMITS.maxName) || names[r];
            this.onChange({ [namesKey]: next });
          } })),
        row.map((cell, c) => {
          const error = fieldErrors.get(`${field}/${r}/values/${c}`);
          return h('td', {}, h('input', {
            class: `cell${error || rowError ? ' invalid' : ''}`, id: `${idPrefix}-${r}-${c}`, value: cell, inputmode: 'decimal',
            'aria-label': `${names[r]}(${symbols[c]})`, 'aria-invalid': error ? 'true' : null, title: error || null,
            oninput: (e) => {
              const next = table.map((x) => x.slice());
              next[r][c] = e.target.value.slice(0, 32);
              this.onChange({ [key]: next }, { keepFocus: true });
            },
          }));
        })),
      rowError ? h('tr', {}, h('td', { colspan: symbols.length + 1 }, errorLine(fieldErrors, `${field}/${r}`))) : null];
    });
    const add = () => {
      if (table.length >= MAX_FUNCTIONS) { this.onChange({}, { message: `The page takes up to ${MAX_FUNCTIONS} ${caption}s.` }); return; }
      const used = new Set(names);
      let k = table.length + 1;
      while (used.has(`${prefix}${k}`)) k++;
      this.onChange({ [key]: [...table.map((x) => x.slice()), symbols.map(() => '0')], [namesKey]: [...names, `${prefix}${k}`] });
    };
    const remove = () => this.onChange({ [key]: table.slice(0, -1), [namesKey]: names.slice(0, -1) });
    return h('figure', { class: 'joint-table', id: `${idPrefix}-table` },
      h('figcaption', {}, `${caption[0].toUpperCase()}${caption.slice(1)}s`),
      h('table', {}, h('thead', {}, head), h('tbody', {}, body)),
      errorLine(fieldErrors, field),
      h('div', { class: 'shape-buttons' },
        h('button', { type: 'button', id: `${idPrefix}-add`, onclick: add }, `+ ${caption}`),
        h('button', { type: 'button', id: `${idPrefix}-remove`, onclick: remove, disabled: table.length <= 1 ? true : null }, '− last')));
  }

  renderFunctions(state, fieldErrors) {
    const blocks = [h('h2', { id: 'functions-title' }, 'Functions to hide and to reveal'),
      h('label', { class: 'inline' }, h('input', { type: 'checkbox', id: 'design-toggle', checked: state.design ? true : null,
        onchange: (e) => this.onChange({ design: e.target.checked }) }),
      ' Design a mapping with Formulation 1 (Section 4)')];
    if (state.design) {
      blocks.push(h('p', { class: 'hint' }, 'Private functions sᵢ(S) must stay hard to estimate: mmse(sᵢ(S)|Y) ≥ θ. Useful functions uⱼ(X) open the QR basis in this order. The core centres each function and scales it to unit variance.'),
        this.functionTable(state, fieldErrors, { key: 'priv', namesKey: 'privNames', field: '/private_functions', prefix: 's', symbols: state.sNames, caption: 'private function', idPrefix: 'pf' }),
        this.functionTable(state, fieldErrors, { key: 'useful', namesKey: 'usefulNames', field: '/useful_functions', prefix: 'u', symbols: state.uNames, caption: 'useful function', idPrefix: 'uf' }));
    } else {
      blocks.push(h('p', { class: 'hint' }, 'Without a design the view shows the PICs, the bounds of Theorem 2 and Theorem 3\'s mapping.'));
    }
    this.functionPanel.replaceChildren(...blocks);
  }

  renderControls(state, fieldErrors) {
    const err = (field) => fieldErrors.get(field) || [...fieldErrors.keys()].some((k) => k.startsWith(`${field}/`));
    const text = (id, label, key, field, hint = null) => h('label', { class: 'field' }, label,
      h('input', { id, type: 'text', inputmode: 'decimal', value: state[key], class: err(field) ? 'invalid' : null,
        'aria-invalid': err(field) ? 'true' : null, oninput: (e) => this.onChange({ [key]: e.target.value }, { keepFocus: true }) }),
      hint ? h('span', { class: 'hint' }, hint) : null,
      errorLine(fieldErrors, field),
      ...[...fieldErrors.keys()].filter((k) => k.startsWith(`${field}/`)).map((k) => errorLine(fieldErrors, k)));
    const eps = epsilonValue(state);
    const parts = [h('h2', { id: 'controls-title' }, 'Design and privacy level')];
    if (state.design) {
      parts.push(
        text('theta', 'Privacy threshold θ (one value, or one per private function)', 'theta', '/theta', 'mmse(sᵢ(S)|Y) ≥ θᵢ; 1 hides completely, 0 not at all.'),
        h('label', { class: 'field' }, 'Objective',
          h('select', { id: 'objective', onchange: (e) => this.onChange({ obj: e.target.value }) },
            Object.entries(OBJECTIVE_LABELS).map(([value, label]) => h('option', { value, selected: state.obj === value ? true : null }, label)))),
        state.obj === 'sum' ? text('weights', 'Weights aᵢ of the sum (blank: all 1)', 'weights', '/weights') : null,
        text('order', 'Order of the useful functions in the QR basis (e.g. 2, 1; blank: as listed)', 'order', '/order',
          'The design depends on this order (Section 7.2).'),
        text('theta-sweep', `θ sweep: designs at this many θ from 0 to 1 (2–${MAX_SWEEP}; 0 or blank: none)`, 'sweep', '/theta_sweep'));
    }
    parts.push(h('div', { class: 'field' },
      h('label', { for: 'epsilon' }, 'Privacy level ε: χ²(S; Y) ≤ ε, read on the trade-off chart'),
      h('div', { class: 'eps-row' },
        h('input', { id: 'epsilon-slider', type: 'range', min: '0', max: String(this.sliderMax || 1), step: String((this.sliderMax || 1) / 200), 'aria-label': 'ε slider',
          value: Number.isFinite(eps) ? String(Math.min(this.sliderMax || 1, eps)) : '0',
          oninput: (e) => this.onChange({ eps: e.target.value }, { keepFocus: true }) }),
        h('input', { id: 'epsilon', type: 'text', inputmode: 'decimal', value: state.eps, size: 7, class: Number.isFinite(eps) ? null : 'invalid',
          'aria-invalid': Number.isFinite(eps) ? null : 'true', oninput: (e) => this.onChange({ eps: e.target.value }, { keepFocus: true }) })),
      Number.isFinite(eps) ? null : h('span', { class: 'field-error', id: 'err-epsilon' }, 'ε must be a number ≥ 0')));
    this.controlPanel.replaceChildren(...parts.filter(Boolean));
  }

  /** @param {{ response?: object, error?: object }} result */
  renderResult(state, result) {
    const { parts, response: r } = beginResult(this, result);
    if (r) {
      const chi2 = r.chi2;
      if (Number.isFinite(chi2) && chi2 > 0 && this.sliderMax !== chi2) {
        this.sliderMax = chi2;
        const slider = document.getElementById('epsilon-slider');
        if (slider) { slider.max = String(chi2); slider.step = String(chi2 / 200); const e = epsilonValue(state); if (Number.isFinite(e)) slider.value = String(Math.min(chi2, e)); }
      }
      parts.push(this.summary(r),
        h('h3', {}, 'Principal inertia components'), this.picHost, h('div', { class: 'export-bar' }, chartExportButtons(this.picHost, 'pics')),
        h('h3', {}, 'Privacy-utility trade-off'), this.tradeoffHost, this.tradeoffExports(r), this.atEpsilon(state, r));
      this.pics.update({ bars: r.pics.map((v, i) => ({ label: String(i + 1), value: v })), max: Math.max(1e-12, ...r.pics) });
      this.tradeoff.update({ series: this.tradeoffSeries(r), rule: Number.isFinite(epsilonValue(state)) ? { x: epsilonValue(state), label: `ε = ${fmt(epsilonValue(state), 3)}` } : null });
      if (r.design) parts.push(...this.design(state, r));
      if (r.sweep && r.sweep.length) parts.push(...this.sweep(state, r));
      if (r.true) parts.push(this.truth(r));
      if (r.robustness) parts.push(this.robustness(r));
      parts.push(h('div', { class: 'export-bar' }, scenarioExportButton(() => this.scenarioText(state))));
    }
    this.resultPanel.replaceChildren(...parts);
  }

  summary(r) {
    const t3 = r.theorem3;
    return h('dl', { class: 'facts', id: 'summary' },
      h('dt', {}, 'χ²(S; X) = Σ λᵢ'), h('dd', { id: 'chi2' }, fmt(r.chi2)),
      h('dt', {}, 'Maximal correlation ρₘ(S; X)'), h('dd', { id: 'maximal-correlation' }, fmt(r.maximal_correlation)),
      h('dt', {}, 'δ (Theorem 2)'), h('dd', { id: 'delta' }, fmt(r.delta)),
      h('dt', {}, 'Theorem 3 mapping'), h('dd', { id: 'theorem3' }, t3
        ? `χ²(S;Y) = ${fmt(t3.chi2_s)}, χ²(X;Y) = ${fmt(t3.chi2_x)} (min P(x) = ${fmt(t3.px_min)}, smallest λ = ${fmt(t3.lambda_min)})${t3.audit && t3.audit.verified ? ' — audit ✓' : ''}`
        : `none (${r.theorem3_reason || 'not available'})`),
      h('dt', {}, 'F(0) (perfect privacy)'), h('dd', { id: 'f0' }, `≥ ${fmt(r.lower_bound_eq14.f0)} (${r.lower_bound_eq14.source})`));
  }

  tradeoffSeries(r) {
    const series = [
      { name: 'upper bound G (Theorem 2)', kind: 'line', points: r.upper_bound },
      { name: 'simple upper bound (12)', kind: 'line', points: r.simple_bound || [] },
      { name: 'lower bound (Theorem 2)', kind: 'line', points: r.lower_bound },
      { name: 'lower bound (14)', kind: 'line', points: r.lower_bound_eq14.breakpoints },
      { name: 'concave hull of achieved points', kind: 'line', points: r.achievable_hull },
    ];
    if (r.sweep && r.sweep.length)
      series.push({ name: 'Formulation 1 over θ', kind: 'points', points: r.sweep.map((d) => d.point), labels: r.sweep.map((d) => `θ = ${fmt(d.theta, 3)}`) });
    if (r.design) series.push({ name: 'Formulation 1 at θ', kind: 'points', points: [r.design.point] });
    if (r.theorem3) series.push({ name: 'Theorem 3 mapping', kind: 'points', points: [r.theorem3.point] });
    return series;
  }

  tradeoffExports(r) {
    const csv = () => {
      const lines = ['series,theta,chi2_SY,chi2_XY'];
      const curve = (name, pts) => pts.forEach(([x, y]) => lines.push(`"${name}",,${x},${y}`));
      curve('upper bound G (Theorem 2)', r.upper_bound);
      curve('simple upper bound (12)', r.simple_bound || []);
      curve('lower bound (Theorem 2)', r.lower_bound);
      curve('lower bound (14)', r.lower_bound_eq14.breakpoints);
      curve('concave hull', r.achievable_hull);
      for (const d of r.sweep || []) lines.push(`Formulation 1,${d.theta},${d.point[0]},${d.point[1]}`);
      if (r.design) lines.push(`Formulation 1 at theta,,${r.design.point[0]},${r.design.point[1]}`);
      if (r.theorem3) lines.push(`Theorem 3,,${r.theorem3.point[0]},${r.theorem3.point[1]}`);
      return `${lines.join('\n')}\n`;
    };
    return h('div', { class: 'export-bar' }, chartExportButtons(this.tradeoffHost, 'tradeoff', 'Trade-off chart'), ' ',
      h('button', { type: 'button', 'data-export': 'tradeoff.csv', 'aria-label': `Data CSV: download tradeoff.csv`, onclick: () => download('tradeoff.csv', csv(), 'text/csv') }, 'Data CSV'));
  }

  atEpsilon(state, r) {
    const eps = epsilonValue(state);
    if (!Number.isFinite(eps)) return h('p', { class: 'hint', id: 'at-epsilon' }, 'Give a privacy level ε to read the bounds.');
    const row = (label, value, id) => h('tr', {}, h('th', { scope: 'row' }, label), h('td', { id }, fmt(value)));
    return h('div', { class: 'metrics' }, h('table', { id: 'at-epsilon' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, `At ε = ${fmt(eps, 4)}`), h('th', { scope: 'col' }, 'χ²(X; Y)'))),
      h('tbody', {},
        row('Upper bound G(ε) ≥ F(ε)', evaluateCurve(r.upper_bound, eps), 'at-eps-upper'),
        row('Achieved by time sharing (hull) ≤ F(ε)', evaluateCurve(r.achievable_hull, eps), 'at-eps-hull'),
        row('Lower bound (Theorem 2)', evaluateCurve(r.lower_bound, eps), 'at-eps-lower'),
        row('Lower bound (14)', evaluateCurve(r.lower_bound_eq14.breakpoints, eps), 'at-eps-lower14'))));
  }

  design(state, r) {
    const d = r.design;
    const theta = splitList(state.theta);
    const givenX = (r.mmse_of && r.mmse_of.s_given_x) || [];
    const rows = [
      ...d.private.map((p, i) => h('tr', { 'data-function': p.name },
        h('th', { scope: 'row' }, `${p.name} (private)`), h('td', {}, fmt(p.theta)),
        h('td', { id: `mmse-given-x-${i}` }, givenX[i] ? fmt(givenX[i].normalized_mmse) : '—'),
        h('td', { id: `mmse-private-${i}` }, fmt(p.mmse)), h('td', {}, fmt(p.mmse_projected)),
        h('td', {}, p.mmse >= p.theta - 1e-6 ? '✓' : '✗'))),
      ...d.useful.map((u, j) => h('tr', { 'data-function': u.name },
        h('th', { scope: 'row' }, `${u.name} (useful)`), h('td', {}, '—'), h('td', {}, '0'),
        h('td', { id: `mmse-useful-${j}` }, fmt(u.mmse)), h('td', {}, '—'), h('td', {}, u.in_basis ? '' : 'outside basis'))),
    ];
    const audits = d.audit || [];
    const verified = audits.every((a) => a.verified);
    const m = d.mechanism;
    const names = state.uNames.length === m[0].length ? state.uNames : m[0].map((_, i) => `x${i + 1}`);
    const rowLabels = m.length === names.length ? names.map((n) => `y=${n}`) : m.map((_, i) => `y${i + 1}`);
    const data = { matrix: m, rowLabels, colLabels: names, rowAxis: 'y', colAxis: 'x' };
    drawMatrix(this.mechanism, data, (y, x, v) => `P(${y} | x = ${x}) = ${v}`);
    const name = 'formulation1-mapping';
    return [
      h('h3', {}, `Formulation 1 at θ = ${theta.join(', ')} (${d.objective} objective)`),
      h('div', { class: 'metrics' },
        h('table', { id: 'design-table' },
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'function'), h('th', { scope: 'col' }, 'θ'),
            h('th', { scope: 'col', title: 'before any mapping: what X alone reveals (Theorem 1)' }, 'mmse(·|X)'),
            h('th', { scope: 'col' }, 'mmse(·|Y)'), h('th', { scope: 'col', title: 'of the projection E[sᵢ(S)|X] (Lemma 3)' }, 'projected'),
            h('th', { scope: 'col' }, 'mmse ≥ θ'))),
          h('tbody', {}, rows))),
      // Outside the table's scroll box: on a phone the facts take the panel's width, not what the table leaves.
      h('dl', { class: 'facts' },
          h('dt', {}, 'Leakage χ²(S; Y)'), h('dd', { id: 'design-chi2-sy' }, fmt(d.chi2_sy)),
          h('dt', {}, 'Utility χ²(X; Y)'), h('dd', { id: 'design-chi2-xy' }, fmt(d.chi2_xy)),
          h('dt', {}, 'σ (PICs of X and Y, square roots)'), h('dd', { id: 'design-sigma' }, d.sigma.map((v) => fmt(v, 3)).join(', ')),
          h('dt', {}, 'Objective'), h('dd', { id: 'design-objective' }, `${fmt(d.objective_value)} (upper bound ${fmt(d.objective_upper)}, gap ${fmt(d.gap)}${d.converged ? '' : ', not converged'}, ${d.iterations} cutting-plane rounds)`),
          h('dt', {}, 'Audit'), h('dd', { id: 'design-audit' }, audits.length === 0 ? 'no private function projects onto X'
            : verified ? `✓ verified from the matrix: mmse(sᵢ(S)|Y) ≥ θᵢ for ${audits.length} function${audits.length > 1 ? 's' : ''}` : 'not verified')),
      h('h3', {}, 'Mapping P(y | x)'), this.mechanismHost,
      h('div', { class: 'export-bar' }, 'Export — matrix: ',
        ...matrixExportButtons(name, m, rowLabels, names, { chi2_SY: d.chi2_sy, chi2_XY: d.chi2_xy }),
        ' ', chartExportButtons(this.mechanismHost, name, 'Heatmap'),
        ' ', editInEvaluateButton(this.openInEvaluate, () => ({ title: 'Estimation: the designed mapping, to edit', ...toRequest(state).request, evaluate: m }))),
    ];
  }

  /** The sweep's MMSEs as a matrix: rows = functions (private, then useful), columns = theta. */
  sweepMatrix(r) {
    const sweep = r.sweep;
    const first = sweep[0];
    const rowLabels = [...first.private.map((p) => `${p.name} (private)`), ...first.useful.map((u) => `${u.name} (useful)`)];
    const colLabels = sweep.map((d) => fmt(d.theta, 2));
    const matrix = [
      ...first.private.map((_, i) => sweep.map((d) => d.private[i].mmse)),
      ...first.useful.map((_, j) => sweep.map((d) => d.useful[j].mmse)),
    ];
    return { matrix, rowLabels, colLabels };
  }

  sweep(state, r) {
    const { matrix, rowLabels, colLabels } = this.sweepMatrix(r);
    // heatmap.js words its axes for mechanisms (input x, output y): this chart's own words.
    drawMatrix(this.mmse, { matrix, rowLabels, colLabels, rowAxis: 'function', colAxis: 'θ',
      xTitle: 'privacy threshold θ (every private function)', yTitle: 'function',
      ariaLabel: `Normalized MMSE of ${rowLabels.length} functions at ${colLabels.length} values of θ` },
    (fn, theta, v) => `mmse(${fn} | Y) at θ = ${theta}: ${v}`);
    return [
      h('h3', {}, 'MMSE of each function against θ'),
      h('p', { class: 'hint' }, `Formulation 1 at ${colLabels.length} values of θ; each function scaled to unit variance, so 1 = nothing can be estimated from Y (brighter = harder to estimate).`),
      this.mmseHost,
      h('div', { class: 'export-bar' }, chartExportButtons(this.mmseHost, 'mmse-vs-theta', 'MMSE chart'), ' ',
        h('button', { type: 'button', 'data-export': 'mmse-vs-theta.csv', 'aria-label': `Data CSV: download mmse-vs-theta.csv`, onclick: () => download('mmse-vs-theta.csv', matrixToCsv(matrix, rowLabels, colLabels), 'text/csv') }, 'Data CSV')),
    ];
  }

  truth(r) {
    const t = r.true;
    const row = (label, value, id) => h('tr', {}, h('th', { scope: 'row' }, label), h('td', { id }, value));
    const rows = [row('χ²(S; X) under P*', fmt(t.chi2), 'true-chi2')];
    if (t.design) {
      rows.push(row('Design: χ²(S; Y) under P*', fmt(t.design.chi2_sy), 'true-design-chi2-sy'),
        row('Design: χ²(X; Y) under P*', fmt(t.design.chi2_xy), 'true-design-chi2-xy'),
        row('Design: mmse of private functions', t.design.mmse_private.map((v) => fmt(v)).join(', '), 'true-mmse-private'),
        row('Design: mmse of useful functions', t.design.mmse_useful.map((v) => fmt(v)).join(', '), 'true-mmse-useful'));
    }
    if (t.theorem3) rows.push(row('Theorem 3: χ²(S; Y), χ²(X; Y)', `${fmt(t.theorem3.chi2_s)}, ${fmt(t.theorem3.chi2_x)}`, 'true-theorem3'));
    if (t.lemma5) rows.push(row('‖P* − P‖₁ and Lemma 5 bounds on the χ² gaps', `${fmt(t.lemma5.l1)}; ≤ ${fmt(t.lemma5.chi2_s_gap_bound)}, ≤ ${fmt(t.lemma5.chi2_x_gap_bound)}`, 'true-lemma5'));
    return h('div', { class: 'metrics' }, h('h3', {}, 'Under the true distribution P*'), h('table', { id: 'true-table' }, h('tbody', {}, rows)));
  }

  robustness(r) {
    const b = r.robustness;
    return h('div', {}, h('h3', {}, `Theorem 6: the table as n = ${r.n} samples`),
      h('p', { class: 'hint', id: 'robustness' }, `With probability ≥ ${fmt(1 - b.beta, 3)} the χ² values measured here differ from the truth by at most ${fmt(b.chi2_s_gap_bound)} (S; Y) and ${fmt(b.chi2_x_gap_bound)} (X; Y).`));
  }

  /** The state as a scenario file, or null while it is not a valid request. */
  scenarioText(state) {
    const { request } = toRequest(state);
    if (!request) return null;
    return `${JSON.stringify({ title: 'Estimation: a design from the privlab page', labels: { s: state.sNames, x: state.uNames }, ...request }, null, 2)}\n`;
  }
}
