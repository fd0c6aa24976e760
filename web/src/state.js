// The page state and its URL form: an envelope (v, view) around one view's schema. Pure
// functions of strings: main.js alone touches window.location.
//
//   #v=1&view=rldp&mech=srr&eps=0.693147&s=s1,s2&u=u1,u2&p=0.07,0.10;0.26,0.57&...
//
// Long states are written compressed as #v=1&z=<lz-string of the plain form>; both forms parse.
//
// Each view's schema (views/<id>_state.js) exports id, title, defaults(), parse(params),
// serialize(state) -> ['key=value', ...], toRequest(state), fromScenario(scenario).
import LZString from 'lz-string';
import { LIMITS } from './fields.js';
import * as rldp from './views/rldp_state.js';
import * as rldpMse from './views/rldp_mse_state.js';
import * as funnel from './views/funnel_state.js';
import * as estimation from './views/estimation_state.js';
import * as game from './views/game_state.js';
import * as evaluate from './views/evaluate_state.js';

export const STATE_VERSION = 1;
// Tab order: the order of the papers in the README.
export const SCHEMAS = {
  [rldp.id]: rldp, [rldpMse.id]: rldpMse, [funnel.id]: funnel, [estimation.id]: estimation, [game.id]: game,
  [evaluate.id]: evaluate,  // one view for every family: a user's own matrix
};
export const DEFAULT_VIEW = rldp.id;
/** A preset's file name in examples/ (what `preset=` in a link may hold; anything else is ignored). */
export const PRESET_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.json$/;
export { LIMITS };
export { describeTable } from './fields.js';

export function defaultState(view = DEFAULT_VIEW) {
  return SCHEMAS[view].defaults();
}

/**
 * What a page opens with: its link's hash, else the state saved in this browser, else '' (the
 * default). main.js opens it; the solver's worker solves its request ahead (worker.js).
 */
export function openingHash(hash, saved) {
  return hash && hash.length > 1 ? hash : saved || '';
}

/**
 * Reads a location hash. Returns { state, error }: every part of the link that can be read is
 * kept (the view, the other fields); `error` names the parts that could not be (the page shows it
 * as text), or is null. Only a link whose envelope is unreadable (damaged compression, unknown
 * view or version) gives the default example. Unknown keys are ignored; missing keys keep their
 * defaults.
 */
export function parseHash(hash) {
  const fallback = defaultState();
  const text = String(hash || '').replace(/^#/, '');
  if (text === '') return { state: fallback, error: null };
  if (text.length > LIMITS.maxHash)
    return { state: fallback, error: `The link is too long (${text.length} characters); showing the default example.` };
  let params;
  let view;
  try {
    let plain = text;
    const z = /(?:^|&)z=([^&]*)/.exec(text);
    if (z) {
      plain = LZString.decompressFromEncodedURIComponent(z[1]);
      if (!plain || plain.length > 4 * LIMITS.maxHash) throw new Error('the compressed state is damaged');
    }
    params = {};
    for (const part of plain.split('&')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      params[part.slice(0, eq)] = part.slice(eq + 1);
    }
    if (params.v !== undefined && !/^\d+$/.test(params.v)) throw new Error('unknown link version');
    view = params.view === undefined ? DEFAULT_VIEW : params.view;
    if (!Object.prototype.hasOwnProperty.call(SCHEMAS, view)) throw new Error(`unknown view "${String(view).slice(0, 20)}"`);
  } catch (e) {
    return { state: fallback, error: `This link could not be read (${e.message}); showing the default example.` };
  }
  const { state, dropped } = parseKeeping(SCHEMAS[view], params);
  // The gallery preset this state came from: a file name only, looked up in the site's index.
  if (PRESET_NAME.test(params.preset || '') && dropped.length === 0) state.preset = params.preset;
  if (dropped.length === 0) return { state, error: null };
  const reasons = [...new Set(dropped.map((d) => d.message))];
  return { state, error: `Part of this link could not be used: ${reasons.join('; ')}. The rest of the link is shown (${SCHEMAS[view].title}).` };
}

/** The envelope's keys (read by parseHash itself, never by a view). */
const ENVELOPE = ['v', 'view', 'z', 'preset'];

/**
 * schema.parse(params), keeping every key it can: a key the view cannot read even on its own is
 * dropped first; then, while the rest still conflict (a prior of another size than the grid),
 * the key whose removal makes the link readable (else the last one). Returns { state, dropped:
 * [{ key, message }] }.
 */
export function parseKeeping(schema, params) {
  try {
    return { state: schema.parse(params), dropped: [] };
  } catch { /* find the parts at fault below */ }
  const kept = { ...params };
  const dropped = [];
  const own = () => Object.keys(kept).filter((k) => !ENVELOPE.includes(k));
  for (const key of own()) {
    try { schema.parse({ [key]: kept[key] }); } catch (e) { dropped.push({ key, message: e.message }); delete kept[key]; }
  }
  for (;;) {
    try {
      return { state: schema.parse(kept), dropped };
    } catch (e) {
      const rest = own();
      if (rest.length === 0) return { state: schema.defaults(), dropped: [...dropped, { key: '', message: e.message }] };
      const without = (key) => { const t = { ...kept }; delete t[key]; return t; };
      const key = rest.find((k) => { try { schema.parse(without(k)); return true; } catch { return false; } }) ?? rest[rest.length - 1];
      dropped.push({ key, message: e.message });
      delete kept[key];
    }
  }
}

/** The readable hash (without '#') that parseHash turns back into `state`. */
export function serializeHash(state) {
  const preset = PRESET_NAME.test(state.preset || '') ? [`preset=${state.preset}`] : [];
  return [`v=${STATE_VERSION}`, `view=${state.view}`, ...preset, ...SCHEMAS[state.view].serialize(state)].join('&');
}

/** COMPRESS_ABOVE: states longer than this are written compressed (when that is shorter). */
export const COMPRESS_ABOVE = 200;

/** The hash to put in the address bar and in shared links: readable when short, else compressed. */
export function linkHash(state) {
  const plain = serializeHash(state);
  if (plain.length <= COMPRESS_ABOVE) return plain;
  const packed = `v=${STATE_VERSION}&z=${LZString.compressToEncodedURIComponent(plain)}`;
  return packed.length < plain.length ? packed : plain;
}

/** The `privlab solve` request of a state: { request } or { errors: [{ field, message }] }. */
export function stateToRequest(state) {
  return SCHEMAS[state.view].toRequest(state);
}

/** A scenario file as page state (its family picks the view). Throws a readable Error. */
export function scenarioToState(scenario) {
  if (!scenario || typeof scenario !== 'object' || Array.isArray(scenario)) throw new Error('the scenario must be a JSON object');
  // A scenario with "evaluate" (a given matrix) opens in the Evaluate view, whatever its family.
  if (scenario.evaluate !== undefined) return evaluate.fromScenario(scenario);
  const schema = Object.values(SCHEMAS).find((s) => s.id === scenario.family);
  if (!schema) throw new Error(`family "${String(scenario.family).slice(0, 20)}" has no view in this page yet`);
  return schema.fromScenario(scenario);
}
