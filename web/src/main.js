// Wires the page: URL/localStorage <-> state, the view, and the solver workers (worker_pool.js). The only module
// that touches window.location and localStorage.
import { parseHash, linkHash, stateToRequest, scenarioToState } from './state.js';
import { WorkerPool } from './worker_pool.js';
import { VIEWS } from './views/registry.js';
import { aboutBox } from './views/about.js';
import { Presets } from './presets.js';
import { h } from './dom.js';
import { samplesToTable } from './fields.js';

const STORAGE_KEY = 'privlab.state.v1';
const DEBOUNCE_MS = 150;

const messageBar = document.getElementById('message');
const statusBar = document.getElementById('solver-status');
const viewRoot = document.getElementById('view');
const tabs = document.getElementById('view-tabs');
let view = null;
let viewId = null;

/** Shows the view of state.view (creating it when the view changes) and marks its tab. */
function mountView() {
  if (viewId === state.view && view) return;
  const entry = VIEWS.find((v) => v.id === state.view);
  viewId = entry.id;
  view = new entry.View(viewRoot, { onChange: update, solve: solveOneOff });
  const about = aboutBox(viewId);
  if (about) viewRoot.prepend(about);
  if (about) about.after(presetHost); else viewRoot.prepend(presetHost);
  for (const tab of tabs.querySelectorAll('[role=tab]')) tab.setAttribute('aria-selected', String(tab.dataset.view === viewId));
}

/** Per-view memory of the last state, so switching tabs and back keeps the user's inputs. */
const lastStateOf = {};

function switchView(id) {
  if (id === state.view) return;
  lastStateOf[state.view] = state;
  state = lastStateOf[id] || parseHash(`view=${id}`).state;
  fieldErrors = new Map();
  solver.abandon();  // the previous view's answer (or curves) would land in the new view
  persist();
  mountView();
  renderPresetCard();
  renderInputs();
  scheduleSolve();
}

tabs.replaceChildren(...VIEWS.map((v) => h('button', {
  type: 'button', role: 'tab', 'data-view': v.id, id: `tab-${v.id}`, onclick: () => switchView(v.id),
}, v.title)));

let state;
let fieldErrors = new Map();
const presetHost = h('div', { id: 'preset-host' });
const presets = new Presets({
  host: presetHost, fetchExample: (file) => fetchExample(file), solve: (request) => solveOneOff(request),
  load: (file) => loadPreset(file), isEmbed: () => document.body.classList.contains('embed'),
});
function renderPresetCard() { presets.render(state); }
let timer = null;
let lastWrittenHash = '';
let renderedErrors = '[]';

function showMessage(text, kind = 'warning') {
  messageBar.replaceChildren(text ? h('p', { class: `message ${kind}`, role: 'alert' }, text,
    h('button', { type: 'button', class: 'dismiss', 'aria-label': 'dismiss', onclick: () => showMessage('') }, '×')) : '');
}

function storageGet() { try { return localStorage.getItem(STORAGE_KEY); } catch { return null; } }
function storageSet(v) { try { localStorage.setItem(STORAGE_KEY, v); } catch { /* private mode */ } }

function persist() {
  lastWrittenHash = linkHash(state);
  history.replaceState(null, '', `#${lastWrittenHash}`);
  storageSet(lastWrittenHash);
}

/** Re-renders inputs, keeping keyboard focus and caret in the field being edited. */
function renderInputs() {
  const active = document.activeElement;
  const key = active && active.id ? `#${active.id}`
    : active && active.dataset && active.dataset.table ? `input[data-table="${active.dataset.table}"][data-row="${active.dataset.row}"][data-col="${active.dataset.col}"]` : null;
  const selection = active && typeof active.selectionStart === 'number'
    ? [active.selectionStart, active.selectionEnd, active.selectionDirection] : null;
  view.renderInputs(state, fieldErrors);
  renderedErrors = errorsKey(fieldErrors);
  if (key) {
    const el = document.querySelector(key);
    if (el) {
      el.focus();
      if (selection && typeof el.setSelectionRange === 'function' && el.type === 'text') el.setSelectionRange(...selection);
    }
  }
}

function errorsKey(map) { return JSON.stringify([...map.entries()]); }

/** After a solve, re-render the inputs only when their error marks change (typing goes on). */
function refreshErrorMarks() {
  if (errorsKey(fieldErrors) !== renderedErrors) renderInputs();
}

function update(patch, opts = {}) {
  if (opts.message) showMessage(opts.message);
  if (!patch || Object.keys(patch).length === 0) return;
  state = { ...state, ...patch };
  persist();
  renderPresetCard();
  renderInputs();
  scheduleSolve();
}

function scheduleSolve() {
  clearTimeout(timer);
  timer = setTimeout(solveNow, DEBOUNCE_MS);
}

/** Marks the result panel with the state it shows (tests and screenshots wait for it). */
function markResult(hash) {
  const panel = document.querySelector('.results');
  if (panel) panel.dataset.state = hash;
}

async function solveNow() {
  const hash = lastWrittenHash;
  const asking = view;  // the answer is shown only by the view that asked, for the state it asked about
  const stillCurrent = () => asking === view && hash === lastWrittenHash;
  const { request, errors } = stateToRequest(state);
  fieldErrors = new Map((errors || []).map((e) => [e.field, e.message]));
  if (errors) {
    solver.abandon();  // work for the previous (valid) state, e.g. its curves, no longer applies
    refreshErrorMarks();
    view.renderResult(state, { error: { message: `Fix the highlighted field first: ${errors[0].message}.`, path: errors[0].field } });
    markResult(hash);
    return;
  }
  const response = await solver.solve(request);
  if (response.cancelled || !stillCurrent()) return;
  if (response.error) {
    fieldErrors = new Map([[response.error.path || '', response.error.message]]);
    refreshErrorMarks();
    view.renderResult(state, { error: response.error });
    markResult(hash);
    return;
  }
  refreshErrorMarks();
  view.renderResult(state, { response });
  markResult(hash);
  // Views may ask for more (curves over ε): one follow-up request, cancelled by the next edit.
  if (typeof view.followUp === 'function') {
    const extra = view.followUp(state, request);
    if (extra) {
      const more = await solver.solve(extra);
      if (!more.cancelled && stillCurrent()) view.renderFollowUp(state, more);
    }
  }
}

/**
 * One-off requests of a view (drawing a sample, running an experiment) go to a second worker,
 * created on first use, so that the main solve (latest edit wins) never cancels them.
 */
let oneOffSolver = null;
function solveOneOff(request) {
  if (!oneOffSolver) oneOffSolver = new WorkerPool(workerUrl(), { onStatus: (s) => onSolverStatus(s, oneOffSolver) });
  return oneOffSolver.solve(request);
}

function onSolverStatus(status, client = solver) {
  if (status.state === 'running' || status.state === 'progress') {
    const pct = status.state === 'progress' ? Math.round(100 * status.fraction) : null;
    statusBar.replaceChildren(h('span', { class: 'spinner', 'aria-hidden': 'true' }),
      pct === null ? 'Solving…' : `Solving… ${pct}% ${status.stage || ''}`,
      ...(pct === null ? [] : [h('progress', { max: 100, value: pct })]),
      h('button', { type: 'button', id: 'cancel', onclick: () => client.cancel() }, 'Cancel'));
  } else if (status.state === 'cancelled') {
    statusBar.textContent = 'Cancelled. Change an input to solve again.';
  } else if (status.state === 'failed') {
    statusBar.textContent = status.message;
  } else {
    statusBar.textContent = solver && solver.version ? `Solved in the browser (privlab ${solver.version}, WebAssembly).` : '';
  }
}

function loadFromLocation() {
  const hash = window.location.hash;
  const source = hash && hash.length > 1 ? hash : storageGet() || '';
  const { state: parsed, error } = parseHash(source);
  state = parsed;
  showMessage(error);
  persist();
  mountView();
  renderPresetCard();
  renderInputs();
  scheduleSolve();
}

document.getElementById('copy-link').addEventListener('click', async () => {
  persist();
  const link = window.location.href;
  try {
    await navigator.clipboard.writeText(link);
    showMessage('Link copied: it reproduces this view exactly.', 'info');
  } catch {
    showMessage(`Copy this link: ${link}`, 'info');
  }
});

/** Loads a scenario object; `preset` is its file name when it comes from the site's gallery. */
function loadScenario(scenario, source, preset) {
  try {
    state = { ...scenarioToState(scenario), ...(preset ? { preset } : {}) };
    if (preset) presets.remember(preset, scenario, state);
  } catch (e) {
    if (!preset || !VIEWS.some((v) => v.id === scenario.family)) {
      showMessage(`${source} could not be loaded: ${e.message}. Your table is unchanged.`);
      return;
    }
    // A preset the view cannot lay out runs as a whole request; the view keeps its inputs.
    lastStateOf[state.view] = state;
    state = { ...(lastStateOf[scenario.family] || parseHash(`view=${scenario.family}`).state), preset };
    presets.remember(preset, scenario, null);
  }
  const about = [scenario.title, scenario.description].filter((t) => typeof t === 'string').map((t) => t.slice(0, 600));
  showMessage(about.length ? `Loaded: ${about.join(' — ')}` : '', 'info');
  persist();
  mountView();
  renderPresetCard();
  renderInputs();
  scheduleSolve();
}

/** A CSV of raw (s, u) samples becomes P-hat (their counts, so n follows) in the Robust LDP view. */
function loadSamples(text, source) {
  let table;
  try {
    table = samplesToTable(text);
  } catch (e) {
    showMessage(`${source} could not be read as samples: ${e.message}. Your table is unchanged.`);
    return;
  }
  const base = state.view === 'rldp' ? state : parseHash('view=rldp').state;
  lastStateOf[state.view] = state;
  state = { ...base, sNames: table.sNames, uNames: table.uNames, joint: table.counts.map((r) => r.map(String)), truth: null, n: '' };
  showMessage(`Loaded ${table.n} samples from ${source}: P̂ is their counts (${table.sNames.length} values of s, ${table.uNames.length} of u).`, 'info');
  fieldErrors = new Map();
  persist();
  mountView();
  renderPresetCard();
  renderInputs();
  scheduleSolve();
}

const picker = document.getElementById('example-picker');
/** Scenario files: fetched next to the page, or inlined in the self-contained file. */
function inlinedExamples() {
  const el = document.getElementById('examples-inline');
  return el ? JSON.parse(el.textContent) : null;
}

async function fetchExample(file) {
  const inlined = inlinedExamples();
  if (inlined) return inlined.files[file];
  return (await fetch(`examples/${encodeURIComponent(file)}`)).json();
}

(inlinedExamples() ? Promise.resolve(inlinedExamples().index) : fetch('examples/index.json').then((r) => r.json())).then((index) => {
  const shown = index.filter((e) => VIEWS.some((v) => v.id === e.family));
  for (const entry of shown) picker.appendChild(h('option', { value: entry.file }, entry.title));
  presets.setIndex(shown);
  renderPresetCard();
}).catch(() => { picker.disabled = true; });

async function loadPreset(file) {
  try {
    loadScenario(await fetchExample(file), 'The example', file);
  } catch {
    showMessage('The example could not be fetched.');
  }
}
picker.addEventListener('change', async () => {
  if (!picker.value) return;
  const file = picker.value;
  picker.value = '';
  await loadPreset(file);
});


document.getElementById('scenario-file').addEventListener('change', async (e) => {
  const file = e.target.files && e.target.files[0];
  e.target.value = '';
  if (!file) return;
  if (file.size > 20_000_000) { showMessage('That file is larger than 20 MB: not a scenario or a sample file.'); return; }
  const text = await file.text();
  if (/\.csv$/i.test(file.name) || !/^\s*\{/.test(text)) { loadSamples(text, file.name); return; }
  let scenario;
  try { scenario = JSON.parse(text); } catch { showMessage(`${file.name} is not valid JSON. Your table is unchanged.`); return; }
  loadScenario(scenario, file.name);
});

window.addEventListener('hashchange', () => {
  if (window.location.hash.replace(/^#/, '') !== lastWrittenHash) loadFromLocation();
});

// ?embed=1: a single view without the page chrome, sized to its container (for iframes).
if (new URLSearchParams(window.location.search).get('embed') === '1') document.body.classList.add('embed');

/** The worker's URL: assets/worker.js, or in the self-contained file a Blob of its inlined source. */
function workerUrl() {
  const inlined = document.getElementById('worker-source');
  if (!inlined) return new URL('assets/worker.js', document.baseURI).href;
  const bytes = Uint8Array.from(atob(inlined.textContent.trim()), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: 'text/javascript' }));
}

const solver = new WorkerPool(workerUrl(), { onStatus: onSolverStatus });
solver.ready.then(() => onSolverStatus({ state: 'idle' }));
loadFromLocation();
