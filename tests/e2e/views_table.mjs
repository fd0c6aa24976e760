// The six views (five families and Evaluate) as the cross-view browser tests see them (views_file_embed, views_reload,
// subpath): for each, how to tell that the page shows the answer for its current state, one
// input to edit, the element with a key number, and that number from the CLI for the default
// state and for the edited one.
import { cli, waitForResult } from './harness.mjs';
import { fmt } from '../../web/src/dom.js';
import { parseHash } from '../../web/src/state.js';
import * as est from '../../web/src/views/estimation_state.js';
import { solveRequests, MECHANISMS } from '../../web/src/views/game_state.js';
import * as evaluate from '../../web/src/views/evaluate_state.js';

/** The game solves its three mechanisms after the LP-size estimate: wait for those. */
async function waitForGame(target) {
  await target.waitForFunction(() => {
    const panel = document.querySelector('#game-results');
    return panel && panel.dataset.solved === location.hash.slice(1) && !document.querySelector('#cancel');
  }, null, { timeout: 60000 });
}

const rldpRequest = (eps) => ({ family: 'rldp', mechanism: 'srr', joint: [[0.07, 0.10], [0.26, 0.57]], true_joint: [[0.1, 0.1], [0.2, 0.6]],
  epsilon: eps, n: 100, uncertainty: { alpha: 2, confidence: 0.95 } });
const mseRequest = (cell) => ({ family: 'rldp-mse', problem: 'nunp', joint: [[3, cell, 2, 3, 7], [3, 18, 0, 2, 13], [0, 12, 1, 8, 3]],
  values: [0, 1, 2, 3, 4], epsilon: 0.5, uncertainty: { confidence: 0.95 },
  true_joint: [[0.05, 0.027, 0.026, 0.042, 0.094], [0.071, 0.212, 0, 0.003, 0.127], [0.008, 0.217, 0.014, 0.077, 0.032]] });
const funnelRequest = (eps) => ({ family: 'funnel', mechanism: 'opt-lip', joint: [[0.2, 0.1, 0.15], [0.05, 0.3, 0.2]], epsilon: eps });
const gameState = (patch) => ({ ...parseHash('v=1&view=game').state, ...patch });

/** Evaluate's default matrix (randomized response) against P-hat = (0.3, 0.7) or, edited, (0.4, 0.6). */
const evaluateRequest = (edited) => evaluate.toRequest({ ...evaluate.defaults(), ...(edited ? { joint: [['0.4'], ['0.6']] } : {}) }).request;
const jointCell = (r) => `input[data-table="joint"][data-row="${r}"][data-col="0"]`;

/**
 * id: the view; edit: a field (selector) and the value typed into it (after the fields in
 * edit.first, when one value alone would not be a valid state); key: the element showing a
 * key number (its text, trimmed of a verdict mark); expected(edited): that text from the CLI.
 */
export const VIEWS = [
  {
    id: 'rldp', edit: { selector: '#epsilon', value: '1.25' }, key: '#mi-estimate',
    expected: (edited) => fmt(cli(rldpRequest(edited ? 1.25 : 0.693147)).mutual_information),
  },
  {
    // NUNP's distortion: the non-robust LP, whose optimum is the same natively and in WASM.
    id: 'rldp-mse', edit: { selector: 'input[data-table="joint"][data-row="0"][data-col="1"]', value: '4' }, key: '#distortion-nunp',
    expected: (edited) => fmt(cli(mseRequest(edited ? 4 : 0)).distortion),
  },
  {
    id: 'funnel', edit: { selector: '#epsilon', value: '0.8' }, key: '#mi',
    expected: (edited) => fmt(cli(funnelRequest(edited ? 0.8 : 0.5)).mutual_information),
  },
  {
    id: 'estimation', edit: { selector: '#theta', value: '0.8' }, key: '#mmse-private-0',
    expected: (edited) => fmt(cli(est.toRequest({ ...est.defaults(), ...(edited ? { theta: '0.8' } : {}) }).request).design.private[0].mmse),
  },
  {
    id: 'game', edit: { selector: '#epsilon', value: '0.8' }, key: '#cmp-joint-cost', waitFor: waitForGame,
    expected: (edited) => fmt(cli(solveRequests(gameState(edited ? { eps: '0.8' } : {})).requests[MECHANISMS.indexOf('joint')]).cost),
  },
  {
    id: 'evaluate', edit: { first: [[jointCell(0), '0.4']], selector: jointCell(1), value: '0.6' }, key: '#metric-mutual_information',
    expected: (edited) => fmt(cli(evaluateRequest(edited)).mutual_information),
  },
];

const cache = new Map();
/** The CLI's key number of a view (default or edited state), computed once. */
export function expectedNumber(view, edited = false) {
  const k = `${view.id}/${edited}`;
  if (!cache.has(k)) cache.set(k, view.expected(edited));
  return cache.get(k);
}

/** Waits until a page or frame shows the answer of the state in its address bar. */
export async function waitForView(target, view) {
  await (view.waitFor || waitForResult)(target);
}

/** The key number as shown (a page or a frame). */
export async function shownNumber(target, view) {
  return (await target.textContent(view.key)).replace('✓', '').trim();
}

/** Types the view's edit and waits for the answer of the edited state. */
export async function applyEdit(target, view) {
  const before = await target.evaluate(() => location.hash);
  for (const [selector, value] of view.edit.first || []) await target.fill(selector, value);
  await target.fill(view.edit.selector, view.edit.value);
  await target.waitForFunction((h) => location.hash !== h, before);
  await waitForView(target, view);
}
