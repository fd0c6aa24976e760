// URL/state schema of the privacy-game view (family "game", privacy-games-stackelberg.txt).
// Keys (a public contract of shared links; never rename):
//   r, c   grid rows and columns (cells are the secrets s and the observables o, row-major)
//   km     cell size in km (distances are Euclidean between cell centres)
//   w      the prior as whole-number weights, one per cell, row-major, comma separated
//          (normalised by the core); absent: the generated prior of `pg`
//   pg     a generated prior "hot_cells,background,seed[,spread_km]" (the core draws it, seeded;
//          each part escaped, so a decimal comma stays in its part)
//   map    paper: the paper's map (15 x 20 cells of 0.75 x 0.5333 km) instead of r, c, km
//   eps    ε of metric DP (per km), for the DP and joint mechanisms
//   dm     d_m, the minimum expected error (km) of the optimal attack, for distortion and joint
//   loss   utility loss c(o,s): h (Hamming, the paper's) | e (Euclidean distance)
//   ap     Appendix C threshold in km (DP rows beyond it dropped); absent or empty: exact LPs
//   mech   the mechanism drawn on the map: distortion | dp | joint
//   sel    the selected cell (index, row-major): p(.|s = sel) on the map, Pr(s | o = sel) beside it
// The page solves all three mechanisms; toRequest() is the core's size estimate of the three
// LPs (estimate_only), and solveRequests() the solves that follow when the estimate fits.
import { CORE_LIMITS } from '../core_limits.js';
import { cleanCell, safeDecode, numberField, NUMBER_TEXT, readChoice, serializeList, parseList } from '../fields.js';

export const id = 'game';
export const title = 'Privacy game';
export const FAMILY = 'game';
export const MECHANISMS = ['distortion', 'dp', 'joint'];
export const LOSSES = { h: 'hamming', e: 'euclidean' };
/**
 * The page's own limits for a grid of one's own (the rows and columns selects): up to 10 x 10.
 * Whether a grid is solved in the browser is the core's call: its estimate says `fits` and gives
 * limits.max_decomposition_cells (decomposed LPs, core/game/decomposition.h), which the view reads;
 * the paper's map (PAPER_MAP, 300 cells) is offered whatever that limit is today.
 * maxEpsilon and maxHotCells (the generated prior's places, up to the core's secrets) are the
 * core's own (core_limits.js, read from the WASM module).
 */
export const GAME_LIMITS = { maxSide: 10, maxWeight: 9999, maxEpsilon: CORE_LIMITS.max_epsilon, maxHotCells: CORE_LIMITS.game.max_secrets };
/**
 * The paper's map (Shokri et al., Section 6: 20 x 15 cells of 0.75 x 0.5333 km; the core reads
 * rows 15, cols 20): offered as a grid choice. Whether the browser solves it is the core's call
 * (the estimate's `fits` and limits.max_decomposition_cells), never a number of this file.
 */
export const PAPER_MAP = { rows: 15, cols: 20, cell_km: [0.75, 0.5333] };
/**
 * On the paper's map each LP carries a time budget in seconds (the core's `budget`), so that the
 * three answer within about 30 s in the browser: with a prior spread over many cells the
 * distortion LP (21) takes minutes to prove optimal. An LP stopped by its budget still returns an
 * audited mechanism with its certified gap, which the comparison table shows.
 */
export const MAP_BUDGET_SECONDS = { distortion: 16, dp: 6, joint: 6 };
/** Where grids beyond GAME_LIMITS go (said by every check of the side). */
export const LARGER_GRIDS = 'choose "the paper\'s map (15 × 20)" under Grid, or solve other large grids with the command-line tool (privlab solve with "allow_large": true)';

export function defaults() {
  // The paper prints no numeric example (its figures use private traces); this is the family's
  // examples/game-grid-joint.json: a 4x4 grid of 1.5 km cells, a seeded prior with 3 hot cells,
  // ε = 0.5 per km and d_m = 1.05 km.
  return {
    view: id, map: '', rows: '4', cols: '4', km: '1.5', weights: null, gen: { hot: '3', bg: '0.05', seed: '7', spread: '' },
    eps: '0.5', dm: '1.05', loss: 'h', ap: '', mech: 'joint', sel: '7',
  };
}

function wholeNumber(text, what, min, max, more = '') {
  const t = safeDecode(text).trim();
  if (!/^\d{1,4}$/.test(t) || Number(t) < min || Number(t) > max) throw new Error(`${what} must be a whole number from ${min} to ${max}${more}`);
  return t;
}

/** Weights "1,20,0,..." -> ['1','20','0',...] (whole numbers); throws a readable Error. */
export function parseWeights(text, cells) {
  const parts = text.split(',');
  if (parts.length !== cells) throw new Error(`the prior in the link has ${parts.length} weights for ${cells} cells`);
  return parts.map((p) => {
    const t = p.trim();
    if (!/^\d{1,4}$/.test(t)) throw new Error('prior weights must be whole numbers from 0 to 9999');
    return String(Number(t));
  });
}

/** params: decoded-once key -> raw value map of the hash. Throws Error with a readable message. */
export function parse(params) {
  const state = defaults();
  const larger = ` in the browser (a grid of your own); ${LARGER_GRIDS}`;
  if (params.map !== undefined) {
    if (params.map !== 'paper') throw new Error('unknown map');
    Object.assign(state, paperMapSize());
  } else {
    if (params.r !== undefined) state.rows = wholeNumber(params.r, 'the grid\'s rows and columns', 1, GAME_LIMITS.maxSide, larger);
    if (params.c !== undefined) state.cols = wholeNumber(params.c, 'the grid\'s rows and columns', 1, GAME_LIMITS.maxSide, larger);
  }
  const cells = Number(state.rows) * Number(state.cols);
  if (cells < 2) throw new Error('the grid needs at least 2 cells');
  for (const [key, name] of [['km', 'km'], ['eps', 'eps'], ['dm', 'dm'], ['ap', 'ap']])
    if (params[key] !== undefined) state[name] = cleanCell(safeDecode(params[key]));
  if (params.loss !== undefined) {
    if (!Object.hasOwn(LOSSES, params.loss)) throw new Error('unknown utility loss');
    state.loss = params.loss;
  }
  readChoice(params, state, 'mech', MECHANISMS, 'unknown mechanism');
  if (params.pg !== undefined) {
    const parts = parseList(safeDecode(params.pg));
    if (parts.length !== 3 && parts.length !== 4) throw new Error('the generated prior needs the number of places, the background share and the seed');
    state.gen = { hot: wholeNumber(parts[0], 'the number of places', 1, GAME_LIMITS.maxHotCells), bg: cleanCell(parts[1]),
      seed: wholeNumber(parts[2], 'the seed', 0, 9999), spread: parts.length === 4 ? cleanCell(parts[3]) : '' };
  }
  if (params.w !== undefined) {
    state.weights = parseWeights(safeDecode(params.w), cells);
    state.gen = null;
  }
  if (state.gen && Number(state.gen.hot) > cells) {
    if (params.pg !== undefined) throw new Error('more places in the generated prior than cells');
    state.gen = null;
    state.weights = uniformWeights(cells);
  }
  state.sel = params.sel !== undefined ? wholeNumber(params.sel, 'the selected cell', 0, cells - 1) : String(Math.min(Number(state.sel), cells - 1));
  return state;
}

/** The rows and columns of the paper's map as state fields. */
export function paperMapSize() {
  return { map: 'paper', rows: String(PAPER_MAP.rows), cols: String(PAPER_MAP.cols) };
}

export function serialize(state) {
  const parts = state.map === 'paper' ? ['map=paper'] : [`r=${state.rows}`, `c=${state.cols}`, `km=${encodeURIComponent(state.km)}`];
  if (state.weights) parts.push(`w=${state.weights.join(',')}`);
  else {
    const g = state.gen;
    const spread = String(g.spread || '').trim();
    parts.push(`pg=${encodeURIComponent(serializeList([g.hot, g.bg, g.seed, ...(spread ? [spread] : [])]))}`);
  }
  parts.push(`eps=${encodeURIComponent(state.eps)}`, `dm=${encodeURIComponent(state.dm)}`, `loss=${state.loss}`);
  if (String(state.ap).trim() !== '') parts.push(`ap=${encodeURIComponent(state.ap)}`);
  parts.push(`mech=${state.mech}`, `sel=${state.sel}`);
  return parts;
}

export function uniformWeights(cells) {
  return Array.from({ length: cells }, () => '1');
}

/** Weights (whole numbers, about 1000 in all) from a probability vector, e.g. a generated prior. */
export function weightsFromPrior(prior) {
  return prior.map((p) => String(Math.min(GAME_LIMITS.maxWeight, Math.max(0, Math.round(1000 * p)))));
}

/** The grid size of a state as numbers (NaN when not a valid whole number). */
export function gridSize(state) {
  const n = (t) => (/^\d{1,2}$/.test(String(t).trim()) ? Number(t) : NaN);
  return { rows: n(state.rows), cols: n(state.cols) };
}

/**
 * The fields every mechanism shares ({ base } or errors pushed): grid, prior, utility loss, and
 * the values of ε, d_m and the Appendix C threshold (checked once, used per mechanism).
 */
function common(state, errors) {
  const { rows, cols } = gridSize(state);
  const base = { family: FAMILY };
  if (state.map === 'paper') base.grid = { ...PAPER_MAP, cell_km: PAPER_MAP.cell_km.slice() };
  else {
    const side = (v, field, what) => {
      if (!Number.isInteger(v) || v < 1 || v > GAME_LIMITS.maxSide)
        errors.push({ field, message: `${what} must be a whole number from 1 to ${GAME_LIMITS.maxSide} in the browser; ${LARGER_GRIDS}` });
    };
    side(rows, '/grid/rows', 'rows');
    side(cols, '/grid/cols', 'columns');
    const cellKm = numberField(state.km, '/grid/cell_km', 'the cell size', errors);
    if (Number.isFinite(cellKm) && !(cellKm > 0 && cellKm <= 1e6)) errors.push({ field: '/grid/cell_km', message: 'the cell size must be a positive number of km' });
    base.grid = { rows, cols, cell_km: cellKm };
  }
  const cells = rows * cols;
  if (Number.isInteger(cells) && cells < 2) errors.push({ field: '/grid/cols', message: 'the grid needs at least 2 cells' });
  if (state.weights) {
    if (state.weights.length !== cells) errors.push({ field: '/prior', message: `the prior has ${state.weights.length} weights for ${cells} cells` });
    base.prior = state.weights.map((w, i) => {
      const v = numberField(w, `/prior/${i}`, `the weight of cell ${i + 1}`, errors);
      if (v < 0) errors.push({ field: `/prior/${i}`, message: 'weights cannot be negative' });
      return v;
    });
    if (base.prior.every((v) => Number.isFinite(v)) && !(base.prior.reduce((a, b) => a + b, 0) > 0))
      errors.push({ field: '/prior', message: 'the prior has no mass: paint at least one cell' });
  } else {
    const g = state.gen;
    const hot = /^\d{1,4}$/.test(String(g.hot).trim()) ? Number(g.hot) : NaN;
    if (!(hot >= 1)) errors.push({ field: '/prior/hot_cells', message: 'the number of places must be a whole number ≥ 1' });
    const seed = /^\d{1,4}$/.test(String(g.seed).trim()) ? Number(g.seed) : NaN;
    if (!Number.isFinite(seed)) errors.push({ field: '/prior/seed', message: 'the seed must be a whole number from 0 to 9999' });
    const background = numberField(g.bg, '/prior/background', 'the background mass', errors);
    if (Number.isFinite(background) && !(background >= 0 && background <= 1)) errors.push({ field: '/prior/background', message: 'the background mass must be in [0, 1]' });
    if (Number.isInteger(cells) && hot > cells) errors.push({ field: '/prior/hot_cells', message: 'more places than cells' });
    base.prior = { hot_cells: hot, background, seed };
    if (String(g.spread || '').trim() !== '') {
      const spread = numberField(g.spread, '/prior/spread_km', 'the spread', errors);
      if (Number.isFinite(spread) && !(spread >= 0 && spread <= 1e6)) errors.push({ field: '/prior/spread_km', message: 'the spread must be a number of km ≥ 0' });
      base.prior.spread_km = spread;
    }
    // The core also reads "weights": "dirichlet" (places' shares uniform on the simplex, the
    // benchmark family of core/game/README.md); the page keeps the default ordered weights.
  }
  base.utility_loss = LOSSES[state.loss];
  const epsilon = numberField(state.eps, '/epsilon', 'ε', errors);
  if (Number.isFinite(epsilon) && !(epsilon >= 0 && epsilon <= GAME_LIMITS.maxEpsilon))
    errors.push({ field: '/epsilon', message: `ε must be in [0, ${GAME_LIMITS.maxEpsilon}]` });
  const minDistortion = numberField(state.dm, '/min_distortion', 'd_m', errors);
  if (Number.isFinite(minDistortion) && minDistortion < 0) errors.push({ field: '/min_distortion', message: 'd_m cannot be negative' });
  let threshold = null;
  if (String(state.ap).trim() !== '') {
    threshold = numberField(state.ap, '/approximation/threshold', 'the approximation threshold', errors);
    if (Number.isFinite(threshold) && threshold < 0) errors.push({ field: '/approximation/threshold', message: 'the threshold cannot be negative' });
  }
  return { base, epsilon, minDistortion, threshold, paper: state.map === 'paper' };
}

/** The `privlab solve` request of one mechanism, with ε / d_m overridden for sweeps. */
function mechanismRequest({ base, epsilon, minDistortion, threshold, paper }, mechanism, over = {}) {
  const r = { ...base, mechanism };
  if (paper) r.budget = { seconds: MAP_BUDGET_SECONDS[mechanism] };
  if (mechanism !== 'distortion') r.epsilon = over.epsilon ?? epsilon;
  if (mechanism !== 'dp') r.min_distortion = over.minDistortion ?? minDistortion;
  if (threshold !== null && mechanism !== 'distortion') r.approximation = { threshold };
  return r;
}

/**
 * The three solve requests (distortion, dp, joint): { requests } or { errors: [{field, message}] }.
 * Fields are checked as far as the page can; the core names the rest (d_m above the threshold).
 */
export function solveRequests(state) {
  const errors = [];
  const c = common(state, errors);
  if (errors.length) return { errors };
  return { requests: MECHANISMS.map((m) => mechanismRequest(c, m)) };
}

/**
 * The request the page sends first: the core's LP-size estimate of the three mechanisms (a batch
 * of estimate_only requests, answered without solving). { request } or { errors }.
 */
export function toRequest(state) {
  const { requests, errors } = solveRequests(state);
  if (errors) return { errors };
  return { request: { family: 'batch', requests: requests.map((r) => ({ ...r, estimate_only: true })) } };
}

/** Sweep points: d_m from 0 to the feasibility threshold, and ε over (0, 2] per km. */
export function sweepGrids(threshold, points = 7) {
  const dm = Array.from({ length: points }, (_, i) => +((threshold * i) / (points - 1)).toFixed(6));
  const eps = Array.from({ length: points }, (_, i) => +(0.1 + (1.9 * i) / (points - 1)).toFixed(4));
  return { dm, eps };
}

/** A curve point: the float optimum with its certificate, without the exact simplex (core/game/README.md). */
const sweepPoint = (request) => ({ ...request, exact_simplex: false });

/**
 * The batch behind the curves: cost of distortion and joint against d_m (ε fixed), and of dp and
 * joint against ε (d_m fixed). Returns { request, layout } with layout[i] = { sweep, mechanism, x }.
 */
export function sweepRequest(state, grids) {
  const errors = [];
  const c = common(state, errors);
  if (errors.length) return null;
  const requests = [];
  const layout = [];
  for (const mechanism of ['distortion', 'joint'])
    for (const x of grids.dm) { requests.push(sweepPoint(mechanismRequest(c, mechanism, { minDistortion: x }))); layout.push({ sweep: 'dm', mechanism, x }); }
  for (const mechanism of ['dp', 'joint'])
    for (const x of grids.eps) { requests.push(sweepPoint(mechanismRequest(c, mechanism, { epsilon: x }))); layout.push({ sweep: 'eps', mechanism, x }); }
  return { request: { family: 'batch', requests }, layout };
}

/** A scenario file (a single grid request plus "title", "description") as state. Throws Error. */
export function fromScenario(scenario) {
  if (scenario.experiment !== undefined) throw new Error('experiments run from the command line (privlab solve or privlab experiment), not in this view');
  const g = scenario.grid;
  if (!g || typeof g !== 'object') throw new Error('this view draws grid scenarios; a "distance" matrix without a grid runs from the command line');
  const state = defaults();
  const paper = g.rows === PAPER_MAP.rows && g.cols === PAPER_MAP.cols && Array.isArray(g.cell_km)
    && g.cell_km[0] === PAPER_MAP.cell_km[0] && g.cell_km[1] === PAPER_MAP.cell_km[1];
  const side = (v, what) => {
    if (!Number.isInteger(v) || v < 1 || v > GAME_LIMITS.maxSide) throw new Error(`${what} must be a whole number from 1 to ${GAME_LIMITS.maxSide} in this view; ${LARGER_GRIDS}`);
    return String(v);
  };
  if (paper) Object.assign(state, paperMapSize());
  else {
    state.rows = side(g.rows, 'grid.rows');
    state.cols = side(g.cols, 'grid.cols');
    state.km = g.cell_km === undefined ? '1' : cleanCell(String(g.cell_km));
  }
  const cells = g.rows * g.cols;
  if (cells < 2) throw new Error('the grid needs at least 2 cells');
  const p = scenario.prior;
  if (Array.isArray(p)) {
    if (p.length !== cells || !p.every((v) => typeof v === 'number' && v >= 0)) throw new Error('prior must have one non-negative number per cell');
    const total = p.reduce((a, b) => a + b, 0);
    if (!(total > 0)) throw new Error('the prior has no mass');
    state.weights = weightsFromPrior(p.map((v) => v / total));
    state.gen = null;
  } else if (p && typeof p === 'object') {
    const hot = p.hot_cells;
    if (!Number.isInteger(hot) || hot < 1 || hot > cells) throw new Error('prior.hot_cells must be a whole number from 1 to the number of cells');
    const seed = p.seed === undefined ? 1 : p.seed;
    if (!Number.isInteger(seed) || seed < 0 || seed > 9999) throw new Error('prior.seed must be a whole number from 0 to 9999 in this view');
    state.gen = { hot: String(hot), bg: cleanCell(String(p.background ?? 0.05)), seed: String(seed),
      spread: typeof p.spread_km === 'number' && p.spread_km > 0 ? String(p.spread_km) : '' };
    state.weights = null;
  } else throw new Error('prior must be a list of weights or a generated prior');
  if (scenario.utility_loss === 'euclidean') state.loss = 'e';
  else if (scenario.utility_loss !== undefined && scenario.utility_loss !== 'hamming') throw new Error('this view offers the Hamming and Euclidean utility losses only');
  if (MECHANISMS.includes(scenario.mechanism)) state.mech = scenario.mechanism;
  if (typeof scenario.epsilon === 'number') state.eps = String(scenario.epsilon);
  if (typeof scenario.min_distortion === 'number') state.dm = String(scenario.min_distortion);
  if (scenario.approximation && typeof scenario.approximation.threshold === 'number') state.ap = String(scenario.approximation.threshold);
  state.sel = String(Math.min(Number(state.sel), cells - 1));
  return state;
}

export { NUMBER_TEXT };

/**
 * The picked cell after the grid changes from `from` to `to` ({ rows, cols }): the same (row,
 * column) label (B4 stays B4), or the nearest cell inside the new grid. Returns { sel (index
 * text), moved (true when the old cell is not in the new grid) }.
 */
export function keepPickedCell(sel, from, to) {
  const index = Number(sel);
  const r = Math.floor(index / from.cols);
  const c = index % from.cols;
  const row = Math.min(r, to.rows - 1);
  const col = Math.min(c, to.cols - 1);
  return { sel: String(row * to.cols + col), moved: row !== r || col !== c };
}
