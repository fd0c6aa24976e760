// The privacy-game view (Shokri, Stackelberg privacy games): a grid map on which the user paints
// the prior and picks a cell, the three optimal mechanisms (distortion (21), DP (22), joint (24))
// side by side, p(. | s) and the adversary's guesses on the map, the posterior of the picked
// observation, and curves of cost against d_m and against ε.
//
// Solving runs in two steps. The page's request (toRequest) is the core's LP-size estimate of the
// three LPs (estimate_only: instant); the counter shows it. When the three LPs are small enough
// for the browser, the follow-up batch solves them (and the curves, when those are cheap too);
// otherwise the view waits for "Solve anyway" (and "Compute the curves"). The solver status line
// shows the batch's progress with a Cancel button.
import { errorForPeople } from '../words.js';
import { h, fmt } from '../dom.js';
import { linkHash } from '../state.js';
import { GridMap } from '../plots/grid_map.js';
import { LineChart } from '../plots/line_chart.js';
import { MECHANISMS, GAME_LIMITS, LOSSES, PAPER_MAP, serialize, solveRequests, sweepGrids, sweepRequest, weightsFromPrior, uniformWeights, gridSize, paperMapSize, keepPickedCell, defaults } from './game_state.js';
import { chartExportButtons, matrixExportButtons, scenarioExportButton } from '../widgets/export_bar.js';
import { errorBox } from '../widgets/result_frame.js';

/** Sum of variables x constraints over the three LPs up to which they are solved at every edit. */
export const AUTO_WORK = 1.5e7;
/** ... and up to which the curves (24 more LPs) are computed at every edit too. */
export const CURVE_WORK = 2.5e6;

const NAMES = { distortion: 'Distortion (21)', dp: 'Metric DP (22)', joint: 'Joint (24)' };
const SHORT = { distortion: 'distortion', dp: 'DP', joint: 'joint' };
/** How the core solves each LP (the estimate's lp.method; core/game/README.md, "method"). */
const METHOD_NAMES = { full: 'full LP', cutting_planes: 'cutting planes', decomposition: 'decomposition' };
const COLOUR_BY = { mech: 'p(o | s = picked cell)', obs: 'Pr(o): how often each cell is reported', prior: 'the prior π(s)' };

/** The certificate of an answer: proven optimal, or its gap (and whether the time budget ended it). */
const optimality = (r) => {
  const lp = r.lp || {};
  if (typeof lp.gap !== 'number') return '—';
  if (lp.gap <= 1e-6) return '✓ optimal (gap ≤ 10⁻⁶)';
  return `gap ${fmt(lp.gap)}${lp.stopped_early ? ', stopped by the time budget' : ''}`;
};
const cellName = (i, cols) => `${String.fromCharCode(65 + Math.floor(i / cols))}${(i % cols) + 1}`;
/** The state without the choices that do not change any LP (the mechanism drawn, the picked cell). */
const solveKey = (state) => serialize({ ...state, mech: 'joint', sel: '0' }).join('&');
/** What a generated prior depends on (the core draws it from these alone). */
const priorKey = (state) => JSON.stringify([state.map, state.rows, state.cols, state.km, state.gen, state.weights]);
/** The generated prior's fields: state.gen key, label, the request field under /prior, a hint. */
const GEN_FIELDS = [
  ['hot', 'Number of places', 'hot_cells', 'such as home and work'],
  ['spread', 'Spread [km]', 'spread_km', 'blank or 0: one cell each'],
  ['bg', 'Background share', 'background', 'mass spread over all cells'],
  ['seed', 'Seed', 'seed', 'another seed, other places'],
];
/** A 10 x 10 grid's three LPs, solved by decomposition in Chromium on this project's 2-core test machine. */
const MEASURED_DECOMPOSITION = { cells: 100, seconds: 5 };
/** Large counts readably: 13,600,000 -> "14 million". */
const big = (x) => (x >= 1e6 ? `${+(x / 1e6).toPrecision(2)} million` : Math.round(x).toLocaleString('en'));
const localPath = (path) => String(path || '').replace(/^\/requests\/\d+/, '') || '/grid';

export class GameView {
  constructor(root, { onChange }) {
    this.onChange = onChange;
    this.tool = 'select';
    this.colourBy = 'mech';
    this.showArrows = true;
    this.estimate = null;   // { key, responses }
    this.solved = null;     // { key, rows, cols, responses: { distortion, dp, joint } }
    this.curves = null;     // { key, grids, layout, responses }
    this.pending = null;    // what the running follow-up asked for
    this.extraErrors = { key: '', map: new Map() };
    this.mapPanel = h('section', { class: 'panel', 'aria-labelledby': 'map-title', 'data-embed': 'picture' });
    this.controlPanel = h('section', { class: 'panel', 'aria-labelledby': 'controls-title', 'data-embed': 'controls' });
    this.resultPanel = h('section', { class: 'panel results', id: 'game-results', 'aria-labelledby': 'result-title', 'aria-live': 'polite' });
    root.replaceChildren(h('div', { class: 'columns' },
      h('div', { class: 'column' }, this.mapPanel, this.controlPanel), h('div', { class: 'column' }, this.resultPanel)));
    this.mapHost = h('div', { id: 'game-map' });
    this.map = new GridMap(this.mapHost, {
      title: 'Grid map', idPrefix: 'cell', size: 380, tool: () => this.tool,
      onPaint: (i, sign) => this.paint(i, sign), onSelect: (i) => this.onChange({ sel: String(i) }),
    });
    this.posteriorHost = h('div', { id: 'posterior-map' });
    this.posteriorMap = new GridMap(this.posteriorHost, { title: 'Posterior', idPrefix: 'post', size: 220 });
    this.dmHost = h('div', { class: 'chart-host', id: 'cost-vs-dm' });
    this.dmChart = new LineChart(this.dmHost, { title: 'Cost against d_m (ε fixed)', xLabel: 'd_m [km]', yLabel: 'expected utility loss', width: 500, height: 260 });
    this.epsHost = h('div', { class: 'chart-host', id: 'cost-vs-eps' });
    this.epsChart = new LineChart(this.epsHost, { title: 'Cost against ε (d_m fixed)', xLabel: 'ε [per km]', yLabel: 'expected utility loss', width: 500, height: 260 });
  }

  // ---------------------------------------------------------------- inputs
  renderInputs(state, fieldErrors) {
    this.state = state;
    this.pageErrors = fieldErrors;
    this.renderMapPanel(state);
    this.renderControls(state);
    this.applyErrors();
  }

  /** Errors shown at the fields: the page's checks plus what the core said about this state. */
  errors() {
    const map = new Map(this.pageErrors || []);
    if (this.state && this.extraErrors.key === solveKey(this.state))
      for (const [k, v] of this.extraErrors.map) if (!map.has(k)) map.set(k, v);
    return map;
  }

  applyErrors() {
    const errors = this.errors();
    for (const span of this.controlPanel.querySelectorAll('[data-error-for]')) {
      const field = span.dataset.errorFor;
      const own = errors.get(field) || [...errors.entries()].filter(([k]) => k.startsWith(`${field}/`)).map(([, v]) => v)[0];
      span.textContent = own || '';
    }
    for (const input of [...this.controlPanel.querySelectorAll('[data-field]'), ...this.mapPanel.querySelectorAll('[data-field]')]) {
      const own = errors.has(input.dataset.field);
      input.classList.toggle('invalid', own);
      if (own) input.setAttribute('aria-invalid', 'true'); else input.removeAttribute('aria-invalid');
    }
    const priorError = [...errors.entries()].find(([k]) => k === '/prior' || k.startsWith('/prior/'));
    const span = this.mapPanel.querySelector('#err-prior');
    if (span) span.textContent = priorError ? priorError[1] : '';
  }

  priorWeights(state) {
    if (state.weights) return state.weights.map(Number);
    const { rows, cols } = gridSize(state);
    const solved = this.solved;
    if (solved && solved.priorKey === priorKey(state) && solved.rows === rows && solved.cols === cols) {
      const any = MECHANISMS.map((m) => solved.responses[m]).find((r) => r && r.prior);
      if (any) return any.prior;
    }
    return null;
  }

  paint(i, sign) {
    const state = this.state;
    let weights = this.priorWeights(state);
    if (!weights) {
      this.onChange({}, { message: 'The generated prior is not known yet: wait for the solve, then paint.' });
      return;
    }
    if (!state.weights) weights = weightsFromPrior(weights).map(Number);
    const total = weights.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
    const step = Math.max(1, Math.round(0.05 * total));
    const next = weights.map((w, k) => (k === i ? Math.min(GAME_LIMITS.maxWeight, Math.max(0, (Number.isFinite(w) ? w : 0) + sign * step)) : w));
    this.onChange({ weights: next.map(String), gen: null }, { keepFocus: true });
  }

  /** The parts of the map panel that do not depend on the state (kept, so focus and drags survive). */
  buildMapPanel() {
    const tools = [['select', 'pick a cell'], ['paint', 'add prior mass'], ['erase', 'remove prior mass']];
    const radios = h('div', { class: 'shape-buttons', role: 'radiogroup', 'aria-label': 'What a click on the map does' },
      'Click / drag on the map to:',
      tools.map(([value, label]) => h('label', {},
        h('input', { type: 'radio', name: 'game-tool', id: `tool-${value}`, value, checked: this.tool === value ? true : null,
          onchange: () => { this.tool = value; } }), ` ${label}`)));
    const colour = h('label', { class: 'field' }, 'Colour the map by',
      h('select', { id: 'colour-by', onchange: (e) => { this.colourBy = e.target.value; this.drawMaps(); } },
        Object.entries(COLOUR_BY).map(([value, label]) => h('option', { value, selected: this.colourBy === value ? true : null }, label))));
    const arrows = h('label', { class: 'inline' },
      h('input', { type: 'checkbox', id: 'show-arrows', checked: this.showArrows ? true : null,
        onchange: (e) => { this.showArrows = e.target.checked; this.drawMaps(); } }),
      ' arrows o → ŝ: the optimal adversary\'s guess for each reported cell (none: he guesses the reported cell itself)');
    this.priorArea = h('div');
    this.mapPanel.replaceChildren(
      h('h2', { id: 'map-title' }, 'Map: the prior, the mechanism, the adversary'),
      h('p', { class: 'hint' }, 'Each cell is a place: a secret s (where the user is), an observation o (what is reported) and a guess ŝ. ',
        'Corner numbers: the prior π in %. Keyboard: Tab to the map, arrows move, + / − add or remove prior mass, Enter picks.'),
      radios, this.mapHost, h('p', { class: 'field-error', id: 'err-prior' }), arrows, colour, this.priorArea);
  }

  renderMapPanel(state) {
    if (!this.priorArea) this.buildMapPanel();
    const { rows, cols } = gridSize(state);
    const valid = Number.isInteger(rows) && Number.isInteger(cols) && rows * cols >= 2;
    const priorTools = h('div', { class: 'shape-buttons' },
      h('button', { type: 'button', id: 'prior-uniform', onclick: () => valid && this.onChange({ weights: uniformWeights(rows * cols), gen: null }) }, 'Uniform prior'),
      h('button', { type: 'button', id: 'prior-generated', onclick: () => this.onChange({ weights: null, gen: { ...defaults().gen, hot: String(Math.min(3, rows * cols)) } }) }, 'Generated prior (places)'));
    const gen = state.gen;
    const genInputs = gen ? h('div', { class: 'gen-fields' },
      GEN_FIELDS.map(([key, label, field, hint]) => h('label', { class: 'field', style: 'margin-bottom: 0.3rem' }, label,
        h('input', { type: 'text', inputmode: 'decimal', id: `gen-${key}`, size: 5, value: gen[key] || '', 'data-field': `/prior/${field}`, title: hint,
          oninput: (e) => this.onChange({ gen: { ...this.state.gen, [key]: e.target.value.trim() } }, { keepFocus: true }) })))) : null;
    this.priorArea.replaceChildren(
      h('p', { class: 'hint', id: 'prior-kind' }, gen
        ? 'Prior: generated by the core (a few places such as home and work, seeded; drawn once a mechanism is solved). Painting turns it into weights.'
        : `Prior: painted weights (${state.weights ? state.weights.reduce((a, b) => a + Number(b || 0), 0) : 0} in all; each click adds or removes 5% of the total).`),
      ...(genInputs ? [genInputs] : []), priorTools);
    this.drawMaps();
  }

  renderControls(state) {
    const errLine = (field) => h('span', { class: 'field-error', 'data-error-for': field, id: `err${field.replace(/\//g, '-')}` });
    const text = (id, label, key, field, hint = null) => h('div', { class: 'field' },
      h('label', { for: id }, label),
      h('input', { id, type: 'text', inputmode: 'decimal', size: 8, value: state[key], 'data-field': field,
        oninput: (e) => this.onChange({ [key]: e.target.value }, { keepFocus: true }) }),
      hint, errLine(field));
    const sideSelect = (id, label, key, field) => h('label', { class: 'field', style: 'flex: 1 1 3.5rem' }, label,
      h('select', { id, 'data-field': field, style: 'min-width: 3.5rem', onchange: (e) => this.resize(key, e.target.value) },
        Array.from({ length: GAME_LIMITS.maxSide }, (_, k) => String(k + 1)).map((v) => h('option', { value: v, selected: state[key] === v ? true : null }, v))),
      errLine(field));
    const threshold = this.threshold(state);
    const paper = state.map === 'paper';
    const gridChoice = h('label', { class: 'field' }, 'Grid',
      h('select', { id: 'grid-kind', onchange: (e) => this.chooseGrid(e.target.value) },
        h('option', { value: 'own', selected: paper ? null : true }, `a grid of your own (up to ${GAME_LIMITS.maxSide} × ${GAME_LIMITS.maxSide})`),
        h('option', { value: 'paper', selected: paper ? true : null }, `the paper's map (${PAPER_MAP.rows} × ${PAPER_MAP.cols})`)));
    this.controlPanel.replaceChildren(
      h('h2', { id: 'controls-title' }, 'Game'),
      gridChoice,
      paper ? h('p', { class: 'hint', id: 'paper-map-note' }, `${PAPER_MAP.rows} × ${PAPER_MAP.cols} cells of ${PAPER_MAP.cell_km[0]} × ${PAPER_MAP.cell_km[1]} km, as in the paper's Section 6. Solved by decomposition, with rounds and the gap in the status bar and Cancel.`)
        : h('div', { class: 'eps-row' }, sideSelect('grid-rows', 'Rows', 'rows', '/grid/rows'), sideSelect('grid-cols', 'Columns', 'cols', '/grid/cols'),
          h('div', { style: 'flex: 1 1 6rem' }, text('cell-km', 'Cell size [km]', 'km', '/grid/cell_km'))),
      h('p', { class: 'field-error', 'data-error-for': '/grid', id: 'err-grid' }),
      text('epsilon', 'ε of metric DP [per km] (DP and joint)', 'eps', '/epsilon'),
      text('min-distortion', 'd_m: minimum expected error of the optimal adversary [km] (distortion and joint)', 'dm', '/min_distortion',
        h('span', { class: 'hint', id: 'dm-threshold', style: 'margin: 0' }, threshold === null ? 'Feasible up to the prior-only guessing error (computing…)'
          : `Feasible for d_m ≤ ${fmt(threshold)} km: the error of guessing from the prior alone.`)),
      h('label', { class: 'field' }, 'Utility loss c(o, s)',
        h('select', { id: 'utility-loss', onchange: (e) => this.onChange({ loss: e.target.value }) },
          Object.entries(LOSSES).map(([value, name]) => h('option', { value, selected: state.loss === value ? true : null },
            name === 'hamming' ? 'Hamming: 1 when the reported cell is not the true one' : 'Euclidean: distance between the cells [km]')))),
      text('approx-threshold', 'Appendix C: drop DP constraints between cells farther apart than [km] (blank: exact)', 'ap', '/approximation/threshold'),
      h('label', { class: 'field' }, 'Mechanism drawn on the map',
        h('select', { id: 'map-mechanism', onchange: (e) => this.onChange({ mech: e.target.value }) },
          MECHANISMS.map((m) => h('option', { value: m, selected: state.mech === m ? true : null }, NAMES[m])))));
  }

  /** The grid choice: the paper's map (a generated prior), or back to a grid of one's own. */
  chooseGrid(kind) {
    const state = this.state;
    const gen = state.gen || defaults().gen;
    if (kind === 'paper') this.onChange({ ...paperMapSize(), weights: null, gen, sel: '0' });
    else this.onChange({ map: '', rows: defaults().rows, cols: defaults().cols, weights: null, gen, sel: defaults().sel });
  }

  resize(key, value) {
    const state = this.state;
    const old = gridSize(state);
    const next = { ...old, [key]: Number(value) };
    const cells = next.rows * next.cols;
    // The picked cell keeps its label (B4 stays B4); when the grid no longer has it, say where it went.
    const kept = keepPickedCell(state.sel, old, next);
    const patch = { [key]: value, sel: kept.sel };
    const message = kept.moved ? `The picked cell ${cellName(Number(state.sel), old.cols)} is not in the ${next.rows} × ${next.cols} grid: picked ${cellName(Number(kept.sel), next.cols)}, the nearest cell.` : null;
    if (state.weights) {
      const old = gridSize(state);
      const kept = state.weights.map(Number).filter((w) => w > 0);
      const fill = kept.length ? Math.min(...kept) : 1;
      patch.weights = Array.from({ length: cells }, (_, i) => {
        const r = Math.floor(i / next.cols);
        const c = i % next.cols;
        return r < old.rows && c < old.cols ? state.weights[r * old.cols + c] : String(fill);
      });
    } else if (state.gen && Number(state.gen.hot) > cells) {
      patch.gen = null;
      patch.weights = uniformWeights(cells);
    }
    this.onChange(patch, message ? { message } : {});
  }

  threshold(state) {
    const key = solveKey(state);
    if (this.estimate && this.estimate.key === key) {
      const r = this.estimate.responses.find((x) => x && Number.isFinite(x.feasibility_threshold));
      if (r) return r.feasibility_threshold;
    }
    return null;
  }

  // ---------------------------------------------------------------- the two maps
  current() {
    const state = this.state;
    if (!state || !this.solved) return null;
    const { rows, cols } = gridSize(state);
    if (this.solved.rows !== rows || this.solved.cols !== cols) return null;
    const r = this.solved.responses[state.mech];
    return r && !r.error ? r : null;
  }

  drawMaps() {
    const state = this.state;
    if (!state) return;
    const { rows, cols } = gridSize(state);
    if (!(Number.isInteger(rows) && Number.isInteger(cols) && rows * cols >= 2)) return;
    const n = rows * cols;
    const sel = Math.min(Number(state.sel), n - 1);
    const weights = this.priorWeights(state);
    const total = weights ? weights.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0) : 0;
    const prior = weights && total > 0 ? weights.map((w) => w / total) : null;
    const pct = (p) => (p === null || p === undefined ? '' : p >= 0.0995 ? `${Math.round(100 * p)}%` : p > 0 ? `${(100 * p).toFixed(1)}%` : '0');
    const r = this.current();
    let values = null;
    let label = '';
    if (this.colourBy === 'prior' || !r) { values = prior; label = 'π(s)'; }
    else if (this.colourBy === 'obs') { values = r.observation_probability; label = 'Pr(o)'; }
    else { values = r.mechanism.map((row) => row[sel]); label = `p(o | s = ${cellName(sel, cols)})`; }
    const arrows = r && this.showArrows
      ? r.attack.map((to, from) => ({ from, to, weight: r.observation_probability[from] })).filter((a) => a.weight > 1e-9) : [];
    this.map.update({
      rows, cols, values, valueLabel: label, corner: prior ? prior.map(pct) : null, cornerLabel: 'π =', arrows, selected: sel,
      cellTitle: (i) => {
        const parts = [`cell ${cellName(i, cols)}`];
        if (prior) parts.push(`prior π = ${fmt(prior[i])}${weights && state.weights ? ` (weight ${state.weights[i]})` : ''}`);
        if (r) {
          parts.push(`p(o = ${cellName(i, cols)} | s = ${cellName(sel, cols)}) = ${fmt(r.mechanism[i][sel])}`);
          parts.push(`Pr(o) = ${fmt(r.observation_probability[i])}; the adversary guesses ${cellName(r.attack[i], cols)}`);
        }
        return parts.join('\n');
      },
    });
    this.mapHost.dataset.colour = this.colourBy;
    this.mapHost.dataset.mechanism = r ? state.mech : '';
    if (r) {
      const post = r.posterior[sel];
      this.posteriorMap.update({ rows, cols, values: post, valueLabel: 'Pr(s | o)', selected: r.attack[sel], arrows: [],
        cellTitle: (i) => `Pr(s = ${cellName(i, cols)} | o = ${cellName(sel, cols)}) = ${fmt(post[i])}${i === r.attack[sel] ? ' (the adversary\'s guess)' : ''}` });
    }
  }

  // ---------------------------------------------------------------- solving
  /** Which mechanisms fit and whether they may run without the user asking. */
  plan(state) {
    const key = solveKey(state);
    if (!this.estimate || this.estimate.key !== key) return null;
    const responses = this.estimate.responses;
    const fitting = MECHANISMS.filter((m, i) => responses[i] && !responses[i].error && responses[i].fits);
    const work = fitting.reduce((a, m) => a + responses[MECHANISMS.indexOf(m)].lp.work, 0);
    const forcedSolve = state.forceSolve === key;
    const forcedCurves = state.forceCurves === key;
    return {
      key, fitting, work, forcedSolve, forcedCurves,
      autoSolve: work <= AUTO_WORK,
      autoCurves: work <= CURVE_WORK,
      solve: fitting.length > 0 && (work <= AUTO_WORK || forcedSolve),
      curves: fitting.includes('joint') && (work <= CURVE_WORK || forcedCurves),
    };
  }

  followUp(state) {
    const plan = this.plan(state);
    if (!plan || !plan.solve) return null;
    const haveThree = this.solved && this.solved.key === plan.key;
    const haveCurves = this.curves && this.curves.key === plan.key;
    const requests = [];
    const pending = { key: plan.key, three: null, curves: null };
    if (!haveThree) {
      const { requests: all } = solveRequests(state);
      if (!all) return null;
      pending.three = plan.fitting;
      for (const m of plan.fitting) requests.push(all[MECHANISMS.indexOf(m)]);
    }
    if (plan.curves && !haveCurves) {
      const threshold = this.threshold(state);
      const grids = sweepGrids(Math.floor(threshold * 1e6) / 1e6, 6);
      const sweep = sweepRequest(state, grids);
      const keep = sweep.layout.map((l) => plan.fitting.includes(l.mechanism));
      pending.curves = { grids, layout: sweep.layout.filter((_, i) => keep[i]), offset: requests.length };
      requests.push(...sweep.request.requests.filter((_, i) => keep[i]));
    }
    if (requests.length === 0) return null;
    this.pending = pending;
    this.showWaiting(requests.length);
    return { family: 'batch', requests };
  }

  /** Cancel in the status bar stopped the follow-up: say so, with a button to solve again. */
  followUpCancelled(state) {
    this.pending = null;
    this.cancelledKey = solveKey(state);
    this.renderResult(state, {});
  }

  renderFollowUp(state, response) {
    const pending = this.pending;
    this.pending = null;
    if (!pending || pending.key !== solveKey(state)) return;
    if (!response.responses) {
      this.failure = response.error ? errorForPeople(response.error) : 'no answer from the solver';
      this.renderResult(state, {});
      return;
    }
    const { rows, cols } = gridSize(state);
    const errors = new Map();
    if (pending.three) {
      const responses = {};
      pending.three.forEach((m, i) => {
        responses[m] = response.responses[i];
        const e = response.responses[i].error;
        if (e && errors.has(localPath(e.path))) errors.set(localPath(e.path), errors.get(localPath(e.path)).replace(/^([^:]*):/, `$1 and ${SHORT[m]}:`));
        else if (e) errors.set(localPath(e.path), `${SHORT[m]}: ${errorForPeople(e)}`);
      });
      this.solved = { key: pending.key, priorKey: priorKey(state), rows, cols, responses };
      this.extraErrors = { key: pending.key, map: new Map([...this.estimateErrors(pending.key), ...errors]) };
    }
    if (pending.curves) this.curves = { key: pending.key, ...pending.curves, responses: response.responses.slice(pending.curves.offset) };
    this.failure = null;
    this.renderResult(state, {});
    this.applyErrors();
  }

  estimateErrors(key) {
    const map = new Map();
    if (!this.estimate || this.estimate.key !== key) return map;
    this.estimate.responses.forEach((r, i) => {
      if (r && r.error) map.set(localPath(r.error.path), errorForPeople(r.error));
      else if (r && !r.fits) map.set('/grid', `the ${SHORT[MECHANISMS[i]]} LP is too large for the browser at this size (see the LP sizes)`);
    });
    return map;
  }

  showWaiting(count) {
    const note = this.resultPanel.querySelector('#solve-note');
    if (note) note.textContent = `Solving ${count} LP${count === 1 ? '' : 's'} in the browser… (progress and Cancel in the status bar)`;
  }

  /** @param {{ response?: object, error?: object }} result */
  renderResult(state, result) {
    this.state = state;
    const key = solveKey(state);
    if (result.response && Array.isArray(result.response.responses)) {
      this.estimate = { key, responses: result.response.responses };
      if (!this.solved || this.solved.key !== key) this.extraErrors = { key, map: this.estimateErrors(key) };
      this.resultPanel.dataset.estimated = linkHash(state);
      const th = this.controlPanel.querySelector('#dm-threshold');
      const threshold = this.threshold(state);
      if (th && threshold !== null) th.textContent = `Feasible for d_m ≤ ${fmt(threshold)} km: the error of guessing from the prior alone.`;
      this.applyErrors();
    }
    const parts = [h('h2', { id: 'result-title' }, 'Three optimal mechanisms, side by side')];
    if (result.error) {
      parts.push(errorBox(result.error));
    }
    if (this.failure) parts.push(h('p', { class: 'error-box', role: 'alert' }, `The solve failed: ${this.failure}`));
    const plan = result.error ? null : this.plan(state);
    if (plan) parts.push(this.counter(state, plan));
    const fresh = this.solved && this.solved.key === key;
    const { rows, cols } = gridSize(state);
    const shown = this.solved && this.solved.rows === rows && this.solved.cols === cols ? this.solved : null;
    if (shown) {
      if (!fresh) parts.push(h('p', { class: 'hint' }, 'Showing the last result that solved (for other inputs):'));
      parts.push(this.comparison(state, shown.responses));
      if (!this.current()) parts.push(h('p', { class: 'hint', id: 'not-drawn' }, `${NAMES[state.mech]} is not solved here: draw another mechanism on the map (the buttons above the columns).`));
      parts.push(this.selectedCell(state));
      parts.push(this.exportBar(state));
      parts.push(this.curvesBlock(state, plan));
    }
    this.resultPanel.replaceChildren(...parts.filter(Boolean));
    this.drawMaps();
    this.drawCurves(state);
    if (fresh) this.resultPanel.dataset.solved = linkHash(state);
    else delete this.resultPanel.dataset.solved;
  }

  counter(state, plan) {
    const rows = this.estimate.responses.map((r, i) => {
      const m = MECHANISMS[i];
      if (!r || r.error) return h('tr', {}, h('th', { scope: 'row' }, NAMES[m]), h('td', { colspan: 5, class: 'field-error' }, r && r.error ? errorForPeople(r.error) : '—'));
      return h('tr', { 'data-lp': m },
        h('th', { scope: 'row' }, NAMES[m]),
        h('td', { id: `lp-${m}-variables` }, r.lp.variables.toLocaleString('en')),
        h('td', { id: `lp-${m}-constraints` }, r.lp.constraints.toLocaleString('en')),
        h('td', { id: `lp-${m}-nonzeros` }, r.lp.nonzeros.toLocaleString('en')),
        h('td', { id: `lp-${m}-method` }, METHOD_NAMES[r.lp.method] || r.lp.method || 'full LP'),
        h('td', { id: `lp-${m}-fits` }, r.fits ? '✓' : '✗ too large'));
    });
    const lim = (this.estimate.responses.find((r) => r && r.limits) || {}).limits;
    const fresh = this.solved && this.solved.key === plan.key;
    let status;
    let button = null;
    const tooLarge = MECHANISMS.filter((m) => !plan.fitting.includes(m));
    const cells = gridSize(state).rows * gridSize(state).cols;
    const decomposed = plan.fitting.filter((m) => this.estimate.responses[MECHANISMS.indexOf(m)].lp.method === 'decomposition');
    // The browser's limit for decomposed LPs is the core's (the estimate's limits), never this file's.
    const overDecomposition = lim && lim.max_decomposition_cells && cells > lim.max_decomposition_cells;
    if (plan.fitting.length === 0) {
      status = overDecomposition
        ? `This grid has ${cells} cells; the solver in this page takes up to ${lim.max_decomposition_cells} cells in the browser. Use the command-line tool (privlab solve with "allow_large": true) for it, or a smaller grid.`
        : 'None of the three LPs fits in the browser: use a smaller grid, an Appendix C threshold, or the command-line tool (privlab solve with "allow_large": true).';
    } else if (!plan.autoSolve && !plan.forcedSolve && !fresh) {
      status = decomposed.length === plan.fitting.length
        ? `${cells} cells: the LPs are solved by decomposition (rounds of small LPs). A ${Math.sqrt(MEASURED_DECOMPOSITION.cells)} × ${Math.sqrt(MEASURED_DECOMPOSITION.cells)} grid took about ${MEASURED_DECOMPOSITION.seconds} s for all three on a 2-core machine${cells > MEASURED_DECOMPOSITION.cells ? '; more cells take longer (rounds and the gap show while it runs, and Cancel stops it)' : ''}, so the page does not start on its own.`
        : `These LPs are large (${big(plan.work)} variables × constraints): solving them may take from several seconds to minutes in the browser, so the page does not start on its own.`;
      button = h('button', { type: 'button', id: 'solve-anyway', onclick: () => this.onChange({ forceSolve: plan.key }) }, 'Solve anyway');
    } else if (this.cancelledKey === plan.key && !fresh) {
      status = 'Cancelled: nothing is solving now.';
      button = h('button', { type: 'button', id: 'solve-again', onclick: () => { this.cancelledKey = null; this.onChange({ forceSolve: plan.key, solveAgain: Date.now() }); } }, 'Solve again');
    } else status = fresh ? 'Solved.' : 'Small enough: solving in the browser.';
    if (tooLarge.length && plan.fitting.length) status += ` Too large here: ${tooLarge.map((m) => SHORT[m]).join(', ')} (smaller grid, Appendix C threshold, or the command-line tool).`;
    // The sizes are for the curious while the LPs solve on their own; open when the user must decide.
    const decide = plan.fitting.length === 0 || (!plan.autoSolve && !fresh) || tooLarge.length > 0;
    return h('div', { id: 'lp-counter', 'data-status': plan.fitting.length === 0 ? 'too-large' : plan.autoSolve ? 'auto' : 'large' },
      h('p', { id: 'solve-status', role: 'status' }, status, ' ', button),
      h('details', { class: 'lp-sizes', open: decide ? true : null },
      h('summary', {}, 'LP sizes (estimated by the core before solving)'),
      h('div', { class: 'metrics' }, h('table', {},
        h('thead', {}, h('tr', {}, h('td'), ...['variables', 'constraints', 'nonzeros', 'solved as', 'fits'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, rows))),
      lim ? h('p', { class: 'hint' }, `Browser limits of the core: ${lim.max_lp_constraints.toLocaleString('en')} constraints, ${lim.max_lp_nonzeros.toLocaleString('en')} nonzeros, ${big(lim.max_lp_work)} variables × constraints per LP. `,
        lim.max_decomposition_cells ? `A decomposed LP never builds these rows (it solves the LP over the few observables the optimum uses, or a master with one row per cell, and prices every observable to certify it; rounds and gap show while it runs) and is solved here up to ${lim.max_decomposition_cells} cells. ` : '',
        `Solved on every edit up to ${big(AUTO_WORK)} variables × constraints in all (now ${big(plan.work)}).`) : null),
      h('p', { class: 'hint', id: 'solve-note' }));
  }

  comparison(state, responses) {
    const get = (m) => responses[m];
    const th = (m) => h('th', { scope: 'col' },
      h('button', { type: 'button', class: 'pick-mech', 'data-show': m, 'aria-pressed': state.mech === m ? 'true' : 'false',
        title: 'draw this mechanism on the map',
        onclick: () => this.onChange({ mech: m }) }, NAMES[m]));
    const row = (label, metric, value, hint = null) => h('tr', {},
      h('th', { scope: 'row' }, label, hint ? h('div', { class: 'hint', style: 'margin: 0' }, hint) : null),
      MECHANISMS.map((m) => {
        const r = get(m);
        const text = !r ? 'not solved' : r.error ? '—' : value(r, m);
        return h('td', { id: `cmp-${m}-${metric}` }, text);
      }));
    const num = (k) => (r) => (r[k] === null || r[k] === undefined ? '—' : fmt(r[k]));
    const errorsRow = MECHANISMS.some((m) => get(m) && get(m).error)
      ? h('tr', {}, h('th', { scope: 'row' }, 'Error'), MECHANISMS.map((m) => h('td', { class: 'field-error', id: `cmp-${m}-error`, style: 'text-align: left; max-width: 12rem' },
        get(m) && get(m).error ? errorForPeople(get(m).error) : ''))) : null;
    return h('div', { class: 'metrics' }, h('table', { id: 'comparison' },
      h('thead', {}, h('tr', {}, h('td', { class: 'hint' }, 'Click a column to draw it on the map'), MECHANISMS.map(th))),
      h('tbody', {},
        row('Cost: expected utility loss', 'cost', num('cost'), 'lower is better (11)'),
        row('Privacy: adversary\'s error [km]', 'adversary_error', num('adversary_error'), 'optimal attack (19); higher is better'),
        row('Bayesian attack\'s error [km]', 'bayes_error', num('bayes_error'), 'posterior sampling (25)'),
        row('Achieved ε (metric DP)', 'epsilon', (r) => fmt(r.epsilon), 'measured from the matrix'),
        row('Target', 'target', (r, m) => (m === 'distortion' ? `d_m = ${fmt(r.min_distortion)}` : m === 'dp' ? `ε = ${fmt(r.epsilon_target)}`
          : `ε = ${fmt(r.epsilon_target)}, d_m = ${fmt(r.min_distortion)}`)),
        row('Shadow price of privacy', 'shadow_price', (r) => (r.shadow_price === null ? '—' : fmt(r.shadow_price)), 'd cost / d d_m'),
        row('LP: variables × constraints', 'lp', (r) => `${r.lp.variables} × ${r.lp.constraints}`),
        row('Optimality', 'optimality', optimality, 'cost minus a proven lower bound'),
        row('Audit (from the matrix)', 'audit', (r) => {
          const ok = r.audit && r.audit.verified && (!r.audit_distortion || r.audit_distortion.verified);
          return ok ? '✓ verified' : '✗ not verified';
        }),
        errorsRow)));
  }

  selectedCell(state) {
    const r = this.current();
    const { cols } = gridSize(state);
    const sel = Number(state.sel);
    if (!r) return null;
    const guess = r.attack[sel];
    return h('div', { id: 'selected-cell' },
      h('h3', {}, `Picked cell ${cellName(sel, cols)}, ${NAMES[state.mech]}`),
      h('div', { style: 'display: flex; gap: 1rem; flex-wrap: wrap; align-items: flex-start' },
        h('div', {}, this.posteriorHost,
          h('p', { class: 'hint', style: 'max-width: 18rem' }, `Posterior Pr(s | o = ${cellName(sel, cols)}) after the mechanism reports the picked cell; outlined: the adversary's guess.`)),
        h('dl', { class: 'facts', style: 'margin-top: 0' },
          h('dt', {}, `Pr(o = ${cellName(sel, cols)})`), h('dd', { id: 'picked-pr-o' }, fmt(r.observation_probability[sel])),
          h('dt', {}, 'Adversary\'s guess ŝ'), h('dd', { id: 'picked-guess' }, cellName(guess, cols)),
          h('dt', {}, `Pr(s = ŝ | o)`), h('dd', { id: 'picked-posterior' }, fmt(r.posterior[sel][guess])),
          h('dt', {}, `p(o = s | s = ${cellName(sel, cols)})`), h('dd', { id: 'picked-keep' }, fmt(r.mechanism[sel][sel])))),
      r.observation_probability[sel] < 1e-9
        ? h('p', { class: 'hint', id: 'never-reported' }, `This mechanism never reports ${cellName(sel, cols)} (Pr(o) ≈ 0): its posterior and guess are not meaningful. Pick a cell that is reported (a bright cell when colouring by Pr(o)).`) : null);
  }

  exportBar(state) {
    const r = this.current();
    if (!r) return null;
    const { cols } = gridSize(state);
    const labels = r.mechanism.map((_, i) => cellName(i, cols));
    const name = `game-${state.mech}`;
    const scenario = () => {
      const { requests } = solveRequests(state);
      const request = requests[MECHANISMS.indexOf(state.mech)];
      return `${JSON.stringify({ title: `${NAMES[state.mech]} mechanism on a ${state.rows}x${state.cols} grid`, ...request }, null, 2)}\n`;
    };
    return h('div', { class: 'export-bar' }, 'Export — p(o | s): ',
      ...matrixExportButtons(name, r.mechanism, labels, labels, { mechanism: state.mech, cost: r.cost }),
      ' ', chartExportButtons(this.mapHost, `${name}-map`, 'Map'),
      ' ', scenarioExportButton(scenario));
  }

  curvesBlock(state, plan) {
    const have = this.curves && this.curves.key === solveKey(state);
    const parts = [h('h3', {}, 'Cost against d_m and against ε')];
    if (!have) {
      if (plan && !plan.fitting.includes('joint')) parts.push(h('p', { class: 'hint', id: 'curves-note' }, 'The curves need the joint LP, which is too large for the browser here.'));
      else if (plan && !plan.curves)
        parts.push(h('p', { class: 'hint', id: 'curves-note' }, 'The curves take 24 more LPs of this size. ',
          h('button', { type: 'button', id: 'compute-curves', onclick: () => this.onChange({ forceCurves: plan.key, forceSolve: plan.key }) }, 'Compute the curves')));
      else parts.push(h('p', { class: 'hint', id: 'curves-note' }, 'Computing the curves…'));
      if (this.curves) parts.push(h('p', { class: 'hint' }, 'Below: the curves of the last inputs they were computed for.'));
    }
    if (this.curves)
      parts.push(h('div', { id: 'game-curves', 'data-solved': have ? linkHash(state) : null }, this.dmHost, this.epsHost),
        h('div', { class: 'export-bar' }, chartExportButtons(this.dmHost, 'cost-vs-dm', 'Cost against d_m'), chartExportButtons(this.epsHost, 'cost-vs-epsilon', 'Cost against ε')));
    return h('div', {}, parts);
  }

  drawCurves(state) {
    const c = this.curves;
    if (!c) return;
    const solved = this.solved && this.solved.key === c.key ? this.solved.responses : {};
    const series = (sweep, mechanism) => c.layout.map((l, i) => [l, c.responses[i]])
      .filter(([l, r]) => l.sweep === sweep && l.mechanism === mechanism && r && !r.error)
      .map(([l, r]) => [l.x, r.cost]);
    const flat = (xs, r) => (r && !r.error ? xs.map((x) => [x, r.cost]) : []);
    const here = solved[state.mech] && !solved[state.mech].error ? solved[state.mech] : null;
    this.dmChart.update({
      series: [{ name: 'distortion', points: series('dm', 'distortion') }, { name: 'joint', points: series('dm', 'joint') },
        { name: 'DP (no d_m)', points: flat(c.grids.dm, solved.dp) }],
      marker: here && state.mech !== 'dp' ? { x: here.min_distortion, y: here.cost, label: SHORT[state.mech] } : null,
    });
    this.epsChart.update({
      series: [{ name: 'DP', points: series('eps', 'dp') }, { name: 'joint', points: series('eps', 'joint') },
        { name: 'distortion (no ε)', points: flat(c.grids.eps, solved.distortion) }],
      marker: here && state.mech !== 'distortion' ? { x: here.epsilon_target, y: here.cost, label: SHORT[state.mech] } : null,
    });
  }
}
