// The "Evaluate a mechanism" view (issue 15): bring your own matrix [output][input] and get the
// exact realized and robust privacy the chosen family reports for its own designs. Paste it (tabs,
// commas or spaces), upload a CSV, or start from privlab's design and edit the cells; columns that
// are not distributions are marked; one click solves the family's optimal design beside it.
import { errorForPeople, nameForPeople } from '../words.js';
import { h, fill, fmt } from '../dom.js';
import { beginResult } from '../widgets/result_frame.js';
import { Heatmap } from '../plots/heatmap.js';
import { chartExportButtons, matrixExportButtons, scenarioExportButton } from '../widgets/export_bar.js';
import {
  FAMILIES, FAMILY_LABELS, badColumns, expectedInputs, parsePastedMatrix, designRequest, matrixText, toRequest,
} from './evaluate_state.js';

/** The numbers shown per family: [response key (dots for nested), label]. */
export const METRICS = {
  rldp: [['mutual_information', 'I(X;Y) under P̂ [nats]'], ['nmi', 'NMI = I / H(X)'], ['epsilon', 'realized ε under P̂'],
    ['robust_epsilon', 'robust ε over F'], ['ldp_epsilon', 'LDP ε of the matrix (all inputs)'],
    ['simplex_epsilon', 'ε over the whole simplex (Prop. 3)'], ['true.epsilon', 'realized ε* under P*'],
    ['true.mutual_information', 'I(X;Y) under P*']],
  'rldp-mse': [['distortion', 'distortion E(U−Y)² under P̂'], ['robust_distortion', 'robust distortion over F'],
    ['epsilon', 'realized ε under P̂'], ['robust_epsilon', 'robust ε over F (certified)'],
    ['true.distortion', 'distortion D* under P*'], ['true.epsilon', 'realized ε* under P*']],
  funnel: [['mutual_information', 'utility I(X;Y) [nats]'], ['leakage', 'leakage I(S;Y) [nats]'], ['lip', 'LIP w.r.t. S'],
    ['ldp', 'LDP w.r.t. S'], ['ldp_input', 'LDP w.r.t. the input'], ['srlip', 'SRLIP (22)']],
  estimation: [['chi2_sy', 'χ²(S;Y) (privacy)'], ['chi2_xy', 'χ²(X;Y) (utility)'], ['maximal_correlation_sy', 'ρₘ(S;Y)'],
    ['maximal_correlation_xy', 'ρₘ(X;Y)'], ['chi2', 'χ²(S;X) (the data)']],
  game: [['cost', 'expected utility loss'], ['adversary_error', 'adversary error (optimal attack)'],
    ['bayes_error', 'Bayes error (posterior sampling)'], ['epsilon', 'metric-DP ε'], ['worst_cost', 'worst-case loss']],
};
const RATIOS = { utility_ratio: 'utility (given) / utility (optimal)', distortion_ratio: 'robust distortion (given) / (optimal)',
  cost_ratio: 'cost (given) / cost (optimal)', utility_ratio_lower_bound: 'χ²(X;Y) / Theorem 2 bound G(χ²(S;Y)) (≤ share of the optimum)' };

const pick = (obj, path) => path.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), obj);
const idOf = (key) => `metric-${key.replace(/\./g, '-')}`;

export class EvaluateView {
  constructor(root, { onChange, solve }) {
    this.onChange = onChange;
    this.solveOneOff = solve;
    this.contextPanel = h('section', { class: 'panel', 'aria-labelledby': 'eval-context-title', 'data-embed': 'controls' });
    this.matrixPanel = h('section', { class: 'panel', 'aria-labelledby': 'eval-matrix-title' });
    this.resultPanel = h('section', { class: 'panel results', 'aria-labelledby': 'result-title', 'aria-live': 'polite', 'data-embed': 'picture' });
    root.replaceChildren(h('div', { class: 'columns' },
      h('div', { class: 'column' }, this.matrixPanel, this.contextPanel), h('div', { class: 'column' }, this.resultPanel)));
    this.heatmapHost = h('div', { class: 'heatmap-host', id: 'mechanism-heatmap' });
    this.heatmap = new Heatmap(this.heatmapHost, { title: 'Your mechanism' });
    this.optimalHost = h('div', { class: 'heatmap-host', id: 'optimal-heatmap' });
    this.optimalMap = new Heatmap(this.optimalHost, { title: 'Optimal mechanism' });
    this.pasteText = '';
    this.note = '';
    this.lastResponse = null;
  }

  renderInputs(state, fieldErrors) {
    this.state = state;
    this.renderMatrix(state, fieldErrors);
    this.renderContext(state, fieldErrors);
  }

  errorLine(fieldErrors, field) {
    const e = fieldErrors.get(field);
    return e ? h('span', { class: 'field-error', id: `err-${field.replace(/\//g, '-')}` }, e) : null;
  }

  table(key, m, fieldErrors, path, onCell, badCols = new Set()) {
    return h('table', { class: 'joint-table', id: `table-${key}` },
      h('tbody', {}, m.map((row, r) => h('tr', {}, row.map((cell, c) => {
        const field = key === 'prior' ? `${path}/${c}` : `${path}/${r}/${c}`;  // the prior is a vector
        const err = fieldErrors.get(field) || (badCols.has(c) ? 'column is not a distribution' : null);
        return h('td', {}, h('input', {
          type: 'text', class: `cell${err ? ' invalid' : ''}`, value: cell, inputmode: 'decimal', size: 7,
          'data-table': key, 'data-row': r, 'data-col': c, 'aria-label': `${key} row ${r + 1} column ${c + 1}`,
          'aria-invalid': err ? 'true' : null, title: err || null,
          oninput: (e) => onCell(r, c, e.target.value) }));
      })))));
  }

  renderMatrix(state, fieldErrors) {
    const bad = badColumns(state.q);
    const badCols = new Set(bad.map((b) => b.col));
    const want = expectedInputs(state);
    const sums = state.q[0].map((_, c) => state.q.reduce((a, row) => a + Number(row[c]), 0));
    const setCell = (r, c, v) => {
      const q = state.q.map((row) => row.slice());
      q[r][c] = v;
      this.onChange({ q }, { keepFocus: true });
    };
    const applyPaste = () => {
      try {
        const q = parsePastedMatrix(this.pasteText);
        this.note = `Read a ${q.length}×${q[0].length} matrix.`;
        this.onChange({ q });
      } catch (e) {
        this.note = `Could not read the pasted text: ${e.message}.`;
        this.renderMatrix(this.state, fieldErrors);
      }
    };
    const readCsv = async (e) => {
      const file = e.target.files && e.target.files[0];
      e.target.value = '';
      if (!file) return;
      if (file.size > 1_000_000) { this.note = 'That file is larger than 1 MB: not a mechanism matrix.'; this.renderMatrix(this.state, fieldErrors); return; }
      this.pasteText = await file.text();
      applyPaste();
    };
    fill(this.matrixPanel,
      h('h2', { id: 'eval-matrix-title' }, 'Your mechanism Q(y | x)'),
      h('p', { class: 'hint' }, 'Rows are outputs y, columns are inputs x (the orientation privlab returns): every column must be ',
        'a probability distribution (sum 1 within 10⁻⁹). Nothing is normalised for you.'),
      h('label', { class: 'field' }, 'Paste from a spreadsheet (tabs, commas or spaces; one row per line)',
        h('textarea', { id: 'paste', rows: 4, cols: 40, spellcheck: 'false', value: this.pasteText,
          oninput: (e) => { this.pasteText = e.target.value; } })),
      h('div', { class: 'button-row' },
        h('button', { type: 'button', id: 'paste-apply', onclick: applyPaste }, 'Use the pasted matrix'),
        h('label', { class: 'file-button' }, 'Upload a CSV ', h('input', { type: 'file', id: 'csv-file', accept: '.csv,.tsv,.txt,text/csv', onchange: readCsv })),
        h('button', { type: 'button', id: 'start-design', onclick: () => this.startFromDesign() }, 'Start from privlab’s design')),
      this.note ? h('p', { class: 'hint', id: 'paste-note' }, this.note) : null,
      this.table('q', state.q, fieldErrors, '/evaluate', setCell, badCols),
      h('p', { class: 'hint', id: 'column-sums' }, 'Column sums: ',
        sums.map((sum, c) => h('span', { class: badCols.has(c) ? 'field-error' : null, 'data-col-status': c,
          'data-bad': badCols.has(c) ? 'true' : 'false' }, `${c + 1}: ${Number.isFinite(sum) ? +sum.toPrecision(12) : '?'}`, c + 1 < sums.length ? ' · ' : ''))),
      bad.length ? h('p', { class: 'field-error', id: 'bad-columns' },
        `Not distributions: ${bad.map((b) => `column ${b.col + 1} (${b.reason})`).join('; ')}.`) : null,
      want.includes(state.q[0].length) ? null
        : h('p', { class: 'field-error', id: 'input-count' }, `This context needs ${want.join(' or ')} columns; the matrix has ${state.q[0].length}.`),
      this.errorLine(fieldErrors, '/evaluate'), this.errorLine(fieldErrors, '/evaluate/0'),
      h('div', { class: 'field' },
        h('label', {}, h('input', { type: 'checkbox', id: 'compare', checked: state.cmp ? true : null,
          onchange: (e) => this.onChange({ cmp: e.target.checked }) }), ' Show the optimal mechanism beside it'),
        h('label', { class: 'field' }, 'Compare at ε (empty: the matrix’s own level)',
          h('input', { type: 'text', id: 'compare-eps', value: state.eps, size: 7, inputmode: 'decimal',
            class: fieldErrors.get('/epsilon') ? 'invalid' : null, oninput: (e) => this.onChange({ eps: e.target.value }, { keepFocus: true }) }),
          this.errorLine(fieldErrors, '/epsilon'))));
  }

  renderContext(state, fieldErrors) {
    const f = state.fam;
    const select = (idName, value, options, patchKey) => h('select', { id: idName, onchange: (e) => this.onChange({ [patchKey]: e.target.value }) },
      options.map(([v, label]) => h('option', { value: v, selected: value === v ? true : null }, label)));
    const text = (idName, label, key, path) => h('label', { class: 'field' }, label,
      h('input', { type: 'text', id: idName, value: state[key], size: 8, class: fieldErrors.get(path) ? 'invalid' : null,
        oninput: (e) => this.onChange({ [key]: e.target.value }, { keepFocus: true }) }), this.errorLine(fieldErrors, path));
    const setIn = (key) => (r, c, v) => {
      const m = state[key].map((row) => row.slice());
      m[r][c] = v;
      this.onChange({ [key]: m }, { keepFocus: true });
    };
    const parts = [h('h2', { id: 'eval-context-title' }, 'Family and context'),
      h('label', { class: 'field' }, 'Evaluate as', select('eval-family', f, FAMILIES.map((x) => [x, FAMILY_LABELS[x]]), 'fam'))];
    if (f === 'game') {
      parts.push(h('p', { class: 'hint' }, 'Prior π(s) over the secrets (the columns) and distances d(ŝ, s) between them.'),
        this.table('prior', [state.prior], fieldErrors, '/prior', (r, c, v) => {
          const prior = state.prior.slice();
          prior[c] = v;
          this.onChange({ prior }, { keepFocus: true });
        }),
        this.table('dist', state.dist, fieldErrors, '/distance', setIn('dist')),
        h('button', { type: 'button', id: 'resize-context', onclick: () => this.resizeContext() }, 'Size the context to the matrix'),
        h('label', { class: 'field' }, 'Utility loss c(o, s)', select('loss', state.loss,
          [['hamming', 'Hamming: 0 when o = s, else 1'], ['distance', 'the distance d(o, s)']], 'loss')));
    } else {
      const label = f === 'funnel' || f === 'estimation' ? 'Joint p(s, x): rows s, columns x' : 'P̂(s, u): rows s, columns u (x = s·|U| + u)';
      parts.push(h('p', { class: 'hint' }, label),
        this.table('joint', state.joint, fieldErrors, '/joint', setIn('joint')),
        h('button', { type: 'button', id: 'resize-context', onclick: () => this.resizeContext() }, 'Size the context to the matrix'),
        this.errorLine(fieldErrors, '/joint'));
      if (state.truth && f !== 'estimation') parts.push(h('p', { class: 'hint', id: 'truth-note' }, `P* (from the link or preset): ${state.truth.map((r) => r.join(' ')).join(' | ')}`));
    }
    if (f === 'rldp' || f === 'rldp-mse') {
      const options = f === 'rldp'
        ? [['point', 'F = {P̂}'], ['simplex', 'F = the whole simplex'], ['conf', 'Rényi ball from a confidence level'], ['radius', 'Rényi ball of radius B']]
        : [['conf', 'χ² set from a confidence level'], ['radius', 'χ² set of radius B']];
      const unc = f === 'rldp-mse' && (state.unc === 'point' || state.unc === 'simplex') ? 'conf' : state.unc;
      parts.push(h('label', { class: 'field' }, 'Uncertainty set F', select('unc', unc, options, 'unc')));
      if (f === 'rldp' && (unc === 'conf' || unc === 'radius')) parts.push(text('alpha', 'α', 'alpha', '/uncertainty/alpha'));
      if (unc === 'conf') parts.push(text('conf', 'confidence', 'conf', '/uncertainty/confidence'), text('n', 'n (sample size)', 'n', '/n'));
      if (unc === 'radius') parts.push(text('radius', 'radius B', 'radius', '/uncertainty/radius'));
    }
    if (f === 'funnel') parts.push(h('label', { class: 'field' }, 'Compare with', select('metric', state.metric,
      [['lip', 'optimal ε-LIP (Theorem 3)'], ['ldp', 'optimal ε-LDP (Theorem 2)']], 'metric')));
    fill(this.contextPanel, parts);
  }

  /** Resizes the context tables to the matrix: uniform P̂ with |S| kept, or a uniform prior. */
  resizeContext() {
    const state = this.state;
    const cols = state.q[0].length;
    if (state.fam === 'game') {
      const prior = Array(cols).fill(String(+(1 / cols).toPrecision(15)));
      const dist = Array.from({ length: cols }, (_, i) => Array.from({ length: cols }, (__, j) => String(Math.abs(i - j))));
      this.onChange({ prior, dist });
      return;
    }
    // funnel / estimation: |S| kept, |X| = the columns. rldp / rldp-mse: |S| kept when it divides
    // the columns (|U| = columns / |S|), else |S| = the columns and |U| = 1.
    const keepS = state.fam === 'funnel' || state.fam === 'estimation' || cols % state.joint.length === 0;
    const rows = keepS ? state.joint.length : cols;
    const width = state.fam === 'funnel' || state.fam === 'estimation' ? cols : cols / rows;
    const cell = String(+(1 / (rows * width)).toPrecision(15));
    this.onChange({ joint: Array.from({ length: rows }, () => Array(width).fill(cell)), truth: null });
  }

  async startFromDesign() {
    const built = designRequest(this.state, this.lastResponse);
    if (built.errors) { this.note = built.errors[0].message; this.renderMatrix(this.state, new Map()); return; }
    this.note = 'Designing…';
    this.renderMatrix(this.state, new Map());
    const response = await this.solveOneOff(built.request);
    if (!response || response.error || !response.mechanism) {
      this.note = `privlab could not design here: ${response && response.error ? errorForPeople(response.error) : 'no answer'}`;
      this.renderMatrix(this.state, new Map());
      return;
    }
    const name = built.request.mechanism || built.request.problem;
    this.note = `Loaded privlab’s ${name} at ε = ${fmt(built.request.epsilon)}: edit its cells.`;
    this.onChange({ q: matrixText(response.mechanism) });
  }

  drawMatrix(heatmap, m, rowAxis, colAxis) {
    heatmap.update({ matrix: m, rowLabels: m.map((_, r) => String(r + 1)), colLabels: m[0].map((_, c) => String(c + 1)), rowAxis, colAxis });
  }

  renderResult(state, result) {
    const { parts, response } = beginResult(this, result);
    if (!response || response.mechanism_name !== 'evaluated') {
      fill(this.resultPanel, parts);
      return;
    }
    this.lastResponse = response;
    const fam = response.family;
    const rows = (METRICS[fam] || []).filter(([key]) => pick(response, key) !== undefined).map(([key, label]) => {
      const value = pick(response, key);
      const suffix = key === 'robust_epsilon' && response.robust_epsilon_exact === false ? ' (upper bound)' : '';
      return h('tr', { 'data-metric': key }, h('th', { scope: 'row' }, label), h('td', { id: idOf(key) }, `${fmt(value)}${suffix}`));
    });
    parts.push(h('p', { class: 'hint' }, `Evaluated as ${FAMILY_LABELS[fam]}; every number is measured from the matrix alone.`),
      h('div', { class: 'metrics' }, h('table', { id: 'metrics' }, h('tbody', {}, rows))),
      h('p', { class: 'hint', id: 'audit' }, response.audit && response.audit.verified
        ? `Audit: columns are distributions (max |sum − 1| = ${fmt(response.audit.max_column_error)}); ${nameForPeople(response.audit.guarantee)} re-measured = ${fmt(response.audit.measured_epsilon)}.`
        : 'Audit: not verified.'));
    const xAxis = fam === 'game' ? 's' : 'x';
    const yAxis = fam === 'game' ? 'o' : 'y';
    this.drawMatrix(this.heatmap, response.mechanism, yAxis, xAxis);
    const maps = [h('div', { class: 'heatmap-pair' }, h('h3', {}, 'Your mechanism'), this.heatmapHost)];
    const cmp = response.comparison;
    let matrix = null;
    let name = null;
    if (cmp) {
      const optimal = cmp.optimal || {};
      matrix = optimal.mechanism || (optimal.design && optimal.design.mechanism) || null;
      name = cmp.mechanism_name || cmp.problem || (optimal.design ? 'Formulation 1' : 'Theorem 2 bound');
      const ratioKey = Object.keys(RATIOS).find((k) => cmp[k] !== undefined && cmp[k] !== null);
      parts.push(h('div', { class: 'comparison', id: 'comparison' },
        h('h3', {}, 'Against the optimum'),
        optimal.error ? h('p', { class: 'field-error', id: 'comparison-error' }, `The optimal design is not available: ${errorForPeople(optimal.error)}`) : null,
        h('p', {}, `${name}${cmp.epsilon !== undefined ? ` at ε = ${fmt(cmp.epsilon)}` : ''}${cmp.min_distortion !== undefined ? ` at d_m = ${fmt(cmp.min_distortion)}` : ''}: `,
          ratioKey ? h('strong', { id: 'comparison-ratio', 'data-ratio': ratioKey }, `${RATIOS[ratioKey]} = ${fmt(cmp[ratioKey])}`) : 'no ratio')));
      if (matrix) {
        this.drawMatrix(this.optimalMap, matrix, yAxis, xAxis);
        maps.push(h('div', { class: 'heatmap-pair' }, h('h3', {}, `Optimal (${name})`), this.optimalHost));
      }
    }
    parts.push(h('div', { class: 'heatmaps' }, maps), this.exportBar(state, response.mechanism, matrix, name));
    fill(this.resultPanel, parts);
  }

  /** Downloads: the evaluated matrix (and the optimal one beside it), the heatmap, the scenario. */
  exportBar(state, mechanism, optimal, optimalName) {
    const labels = (n, axis) => Array.from({ length: n }, (_, i) => `${axis}${i + 1}`);
    const [yAxis, xAxis] = state.fam === 'game' ? ['o', 's'] : ['y', 'x'];
    const matrixButtons = (basename, m, meta) => matrixExportButtons(basename, m, labels(m.length, yAxis), labels(m[0].length, xAxis), meta);
    const scenario = () => {
      const { request } = toRequest(state);
      return request ? `${JSON.stringify({ title: 'Evaluate: a mechanism from the privlab page', ...request }, null, 2)}\n` : null;
    };
    return h('div', { class: 'export-bar' }, 'Export — your matrix: ', matrixButtons('evaluated-mechanism', mechanism, { family: state.fam }),
      ' ', chartExportButtons(this.heatmapHost, 'evaluated-mechanism', 'Heatmap'),
      optimal ? [' — optimal: ', matrixButtons('optimal-mechanism', optimal, { family: state.fam, design: optimalName })] : null,
      ' ', scenarioExportButton(scenario));
  }
}
