// Wires the page: URL/localStorage <-> state, the view, and the solver workers (worker_pool.js). The only module
// that touches window.location and localStorage.
import { errorForPeople, forPeople } from './words.js';
import { parseHash, linkHash, stateToRequest, scenarioToState, openingHash } from './state.js';
import { WorkerPool } from './worker_pool.js';
import { VIEWS } from './views/registry.js';
import { aboutBox, aboutPage } from './views/about.js';
import { Presets } from './presets.js';
import { h } from './dom.js';
import { loadMath } from './widgets/math.js';
import { samplesToTable } from './fields.js';
import { groupExamples } from './example_catalog.js';

const STORAGE_KEY = 'privlab.state.v1';  // index.html reads it too (for the worker's warm-up)
const DEBOUNCE_MS = 150;

const messageBar = document.getElementById('message');
const statusBar = document.getElementById('solver-status');
const statusHost = document.getElementById('status-bar');
const viewRoot = document.getElementById('view');
const tabs = document.getElementById('view-tabs');
let view = null;
let viewId = null;
/** The About page is shown instead of a view (its tab is selected; the state and link stay). */
let showingAbout = false;

function markTabs(selectedId) {
  for (const tab of tabs.querySelectorAll('[role=tab]')) {
    const selected = tab.dataset.view === selectedId;
    tab.setAttribute('aria-selected', String(selected));
    tab.setAttribute('tabindex', selected ? '0' : '-1');  // one tab stop; arrow keys move between tabs
  }
  viewRoot.setAttribute('aria-labelledby', `tab-${selectedId}`);
}

/** The About page (what privlab is, the papers, citing, embedding) in place of the view. */
function showAbout() {
  clearTimeout(timer);
  timer = null;
  solver.abandon();
  showingAbout = true;
  view = null;
  viewId = null;
  viewRoot.replaceChildren(aboutPage({ embedSnippet: embedSnippet() }));
  markTabs('about');
  statusBar.textContent = '';
}

/** Shows the view of state.view (creating it when the view changes) and marks its tab. */
function mountView() {
  showingAbout = false;
  if (viewId === state.view && view) return;
  const entry = VIEWS.find((v) => v.id === state.view);
  viewId = entry.id;
  view = new entry.View(viewRoot, { onChange: update, solve: solveOneOff, openInEvaluate });
  const about = aboutBox(viewId);
  if (about) viewRoot.prepend(about);
  if (about) about.after(presetHost); else viewRoot.prepend(presetHost);
  markTabs(viewId);
}

/** Per-view memory of the last state, so switching tabs and back keeps the user's inputs. */
const lastStateOf = {};

function switchView(id) {
  if (id === 'about') { if (!showingAbout) showAbout(); return; }
  if (showingAbout && id === state.view) {
    mountView();
    renderPresetCard();
    renderInputs();
    scheduleSolve();
    return;
  }
  if (id === state.view) return;
  lastStateOf[state.view] = state;
  state = lastStateOf[id] || parseHash(`view=${id}`).state;
  fieldErrors = new Map();
  solver.abandon();  // the previous view's answer (or curves) would land in the new view
  persist({ push: true });
  mountView();
  renderPresetCard();
  renderInputs();
  scheduleSolve();
}

tabs.replaceChildren(...[...VIEWS, { id: 'about', title: 'About' }].map((v) => h('button', {
  type: 'button', role: 'tab', 'data-view': v.id, id: `tab-${v.id}`, 'aria-controls': 'view', tabindex: '-1',
  onclick: () => switchView(v.id),
}, v.title)));
// The ARIA tabs pattern: Left/Right (wrapping), Home and End move to a tab and show its view.
tabs.addEventListener('keydown', (e) => {
  const all = [...tabs.querySelectorAll('[role=tab]')];
  const at = all.indexOf(document.activeElement);
  if (at < 0) return;
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[e.key];
  if (next === undefined) return;
  e.preventDefault();
  const tab = all[(next + all.length) % all.length];
  switchView(tab.dataset.view);
  tab.focus();
});

let state;
let fieldErrors = new Map();
const presetHost = h('div', { id: 'preset-host' });
const presets = new Presets({
  host: presetHost, fetchExample: (file) => fetchExample(file), solve: (request) => solveOneOff(request),
  load: (file) => loadPreset(file), isEmbed: () => document.body.classList.contains('embed'),
  showCurrent: (file) => showCurrentExample(file),
});
function renderPresetCard() { presets.render(state); }
let timer = null;
let lastWrittenHash = '';
let renderedErrors = '[]';

/** A message above the view; `actions` are extra buttons (such as Undo) before the dismiss button. */
function showMessage(text, kind = 'warning', actions = []) {
  messageBar.dataset.kind = text ? kind : '';
  messageBar.replaceChildren(text ? h('p', { class: `message ${kind}`, role: kind === 'warning' ? 'alert' : 'status' }, h('span', {}, text),
    h('span', { class: 'message-actions' }, actions,
      h('button', { type: 'button', class: 'dismiss', 'aria-label': 'Dismiss the message', onclick: () => showMessage('') }, '×'))) : '');
}

/**
 * After replacing the inputs (an example, a file, a link): the message, with Undo when there was
 * something to lose. Undo is the browser's Back: the previous inputs are the previous entry.
 */
function showLoaded(text, before) {
  const changed = before !== lastWrittenHash;
  showMessage(text, 'info', changed ? [h('button', { type: 'button', id: 'undo-load', onclick: () => history.back() }, 'Undo')] : []);
  messageBar.dataset.kind = 'loaded';  // an edit clears it: Undo would no longer undo only the load
}

function storageGet() { try { return localStorage.getItem(STORAGE_KEY); } catch { return null; } }
function storageSet(v) { try { localStorage.setItem(STORAGE_KEY, v); } catch { /* private mode */ } }

/**
 * Writes the state to the address bar and localStorage. Edits replace the current history entry;
 * `push` (loading an example or file, switching view) adds one, so Back returns to the inputs
 * as they were (with the user's edits) and Forward comes back.
 */
function persist({ push = false } = {}) {
  const previous = lastWrittenHash;
  lastWrittenHash = linkHash(state);
  if (push && previous && previous !== lastWrittenHash) history.pushState(null, '', `#${lastWrittenHash}`);
  else history.replaceState(null, '', `#${lastWrittenHash}`);
  storageSet(lastWrittenHash);
  if (EMBED) fullPageLink.href = fullPageUrl();
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
  markOverflow();
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
  if (!opts.message && messageBar.dataset.kind === 'loaded') showMessage('');
  state = { ...state, ...patch };
  persist();
  renderPresetCard();
  renderInputs();
  scheduleSolve();
}

function scheduleSolve() {
  clearTimeout(timer);
  timer = setTimeout(() => { timer = null; solveNow(); }, DEBOUNCE_MS);
}

/** Marks the result panel with the state it shows (tests and screenshots wait for it). */
function markResult(hash) {
  const panel = document.querySelector('.results');
  if (panel) panel.dataset.state = hash;
  if (!performance.getEntriesByName('privlab:first-result').length) {
    firstMark('privlab:first-result');
    // Only now KaTeX (widgets/math.js): its start-up no longer delays the first result.
    loadMath().then(() => markOverflow(), () => {});
    loadExampleIndex();
  }
  markOverflow();
}

/** A performance mark of the first visit (scripts/bench-page.mjs reads them), set once. */
function firstMark(name, startTime) {
  if (startTime !== undefined && !(startTime >= 0)) return;  // a worker that reports no time
  if (performance.getEntriesByName(name).length === 0) performance.mark(name, startTime === undefined ? undefined : { startTime });
}

/** Boxes that scroll sideways (wide tables on a phone) get data-overflow: CSS shows a hint. */
function markOverflow() {
  // Every width is read before anything is written: one layout, not one per box (this took 200 ms
  // of the first load while reads and writes alternated).
  const boxes = [...document.querySelectorAll('.metrics, .scroll-x, .formula, .panel')];
  const overflows = boxes.map((box) => box.scrollWidth > box.clientWidth + 1);
  for (const [k, box] of boxes.entries()) {
    const over = overflows[k];
    if (!box.classList.contains('panel')) box.toggleAttribute('data-overflow', over);
    // A box that scrolls takes the keyboard's focus, so it can be scrolled without a mouse.
    if (over && !box.hasAttribute('tabindex')) { box.setAttribute('tabindex', '0'); box.dataset.scrollFocus = ''; }
    else if (!over && box.dataset.scrollFocus !== undefined) { box.removeAttribute('tabindex'); delete box.dataset.scrollFocus; }
  }
}
window.addEventListener('resize', () => markOverflow());

/** A solve of the page's state (with its follow-up) is under way: the status must not say "Solved". */
let solving = false;

async function solveNow() {
  if (!view) return;  // the About page is shown
  solving = true;
  try { await solveState(); } finally {
    solving = false;
    // Done with this state (unless an edit scheduled the next solve): now the status may say so.
    if (!solver.pending && timer === null && !['cancelled', 'failed'].includes(lastStatus)) onSolverStatus({ state: 'settled' });
  }
}

async function solveState() {
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
  firstMark('privlab:first-request');
  const response = await solver.solve(request);
  if (!performance.getEntriesByName('privlab:first-response').length && solver.first.solveTiming) {
    firstMark('privlab:worker-solve-began', solver.first.solveTiming.began - performance.timeOrigin);
    firstMark('privlab:worker-solve-ended', solver.first.solveTiming.ended - performance.timeOrigin);
    if (solver.first.solveTiming.warm) {
      firstMark('privlab:answered-by-warm-up');
      firstMark('privlab:warm-up-began', solver.first.solveTiming.warmUpBegan - performance.timeOrigin);
      firstMark('privlab:warm-up-ended', solver.first.solveTiming.warmUpEnded - performance.timeOrigin);
    }
  }
  firstMark('privlab:first-response');
  if (response.cancelled || !stillCurrent()) return;
  if (response.error) {
    fieldErrors = new Map([[response.error.path || '', errorForPeople(response.error)]]);
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
      onSolverStatus({ state: 'running' });
      const more = await solver.solve(extra);
      if (!more.cancelled && stillCurrent()) { view.renderFollowUp(state, more); markOverflow(); }
      // Cancel pressed: the view says so where it said "solving" (nothing starts again on its own).
      else if (more.cancelled && !more.superseded && stillCurrent() && typeof view.followUpCancelled === 'function') view.followUpCancelled(state);
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

/**
 * The running solve's line in the status bar: built once per run and updated in place, so that
 * progress messages (many a second from an experiment) never replace the Cancel button under
 * the user's pointer or focus.
 */
let runningLine = null;
function showRunning(status, client) {
  if (!runningLine || !statusBar.contains(runningLine.cancel)) {
    const line = { client };
    line.text = h('span', { id: 'solver-progress-text' });
    line.progress = h('progress', { max: 100 });
    line.cancel = h('button', { type: 'button', id: 'cancel', 'aria-label': 'Cancel the running solve', onclick: () => line.client.cancel() }, 'Cancel');
    statusBar.replaceChildren(h('span', { class: 'spinner', 'aria-hidden': 'true' }), line.text, line.progress, line.cancel);
    runningLine = line;
  }
  const pct = status.state === 'progress' ? Math.round(100 * status.fraction) : null;
  runningLine.client = client;
  runningLine.text.textContent = pct === null ? 'Solving…' : `Solving… ${pct}% ${forPeople(status.stage || '')}`;
  runningLine.progress.hidden = pct === null;
  if (pct !== null) runningLine.progress.value = pct;
}

let lastStatus = '';
function onSolverStatus(status, client = solver) {
  if (client === solver) lastStatus = status.state;
  statusHost.classList.toggle('busy', status.state === 'running' || status.state === 'progress');
  if (status.state === 'running' || status.state === 'progress') {
    showRunning(status, client);
  } else if (status.state === 'cancelled') {
    statusBar.textContent = 'Cancelled. Change an input to solve again.';
  } else if (status.state === 'failed') {
    statusBar.textContent = status.message;
    loadExampleIndex();  // the examples still load (the first result may never come)
  } else if (client === solver && (solving || timer !== null)) {
    // Between the first answer and its follow-up (the curves, the comparison): still working.
    showRunning({ state: 'running' }, client);
    statusHost.classList.add('busy');
  } else {
    statusBar.textContent = solver && solver.version ? `Solved in the browser (privlab ${solver.version}, WebAssembly).` : '';
    if (client === solver && solver && solver.version && performance.getEntriesByName('privlab:first-result').length) firstMark('privlab:settled');
  }
}

function loadFromLocation() {
  const source = openingHash(window.location.hash, storageGet());
  const { state: parsed, error } = parseHash(source);
  state = parsed;
  showMessage(error);
  if (!source && !EMBED) {
    showMessage('New here? This is the Robust LDP paper\'s Example 1: move ε and watch the mechanism change, pick a worked example of any of the five papers under Example, or read About.', 'info',
      [h('button', { type: 'button', id: 'open-about', onclick: () => { showMessage(''); switchView('about'); } }, 'About')]);
  }
  persist();
  mountView();
  renderPresetCard();
  // The request goes to the worker before the inputs are drawn (the formula, the tables: a good
  // part of the first load), so that it is solved meanwhile.
  clearTimeout(timer);
  timer = null;
  solveNow();
  renderInputs();
}

/** A page opened from disk: its links point at a file on this computer, useless to others. */
const FROM_FILE = window.location.protocol === 'file:';
const FILE_WARNING = 'This page was opened from a file on this computer, so its links (file://…) work only here. To share a state, put the page on a web server (any static host) and copy the link there.';

/** The address of the full page of this state (no ?embed=1). */
function fullPageUrl() {
  const url = new URL(window.location.href);
  url.searchParams.delete('embed');
  url.hash = lastWrittenHash;
  return url.href;
}

/** The iframe of this state, 700 x 620, for a course page. */
function embedSnippet() {
  const url = new URL(fullPageUrl());
  url.searchParams.set('embed', '1');
  return `<iframe src="${url.href}" width="700" height="620" style="border: 1px solid #ccc; max-width: 100%" title="privlab: privacy mechanisms in the browser" loading="lazy"></iframe>`;
}

async function copyText(text) {
  try { await navigator.clipboard.writeText(text); return true; } catch { return false; }
}

document.getElementById('copy-link').addEventListener('click', async () => {
  persist();
  const link = window.location.href;
  if (FROM_FILE) { showMessage(FILE_WARNING); return; }
  if (await copyText(link)) showMessage('Link copied: it reproduces this view exactly.', 'info');
  else showMessage(`Copy this link: ${link}`, 'info');
});

document.getElementById('embed-button').addEventListener('click', async () => {
  persist();
  const snippet = embedSnippet();
  const box = h('textarea', { id: 'embed-snippet', readonly: true, rows: 3, 'aria-label': 'The iframe to paste into a course page', value: snippet });
  const copied = await copyText(snippet);
  messageBar.dataset.kind = 'embed';
  messageBar.replaceChildren(h('div', { class: `message ${FROM_FILE ? 'warning' : 'info'} embed-message`, role: 'status' },
    h('div', {},
      h('p', { style: 'margin: 0 0 0.3rem' }, copied ? 'Copied: paste this into a course page (HTML). It shows this view, with these inputs, without the page around it (700 × 620), and a link to the full page.'
        : 'Paste this into a course page (HTML): it shows this view, with these inputs, without the page around it (700 × 620), and a link to the full page.'),
      box,
      FROM_FILE ? h('p', { style: 'margin: 0.3rem 0 0' }, FILE_WARNING) : null),
    h('span', { class: 'message-actions' },
      h('button', { type: 'button', class: 'dismiss', 'aria-label': 'Dismiss the message', onclick: () => showMessage('') }, '×'))));
  box.focus();
  box.select();
});

/** Loads a scenario object; `preset` is its file name when it comes from the site's gallery. */
function loadScenario(scenario, source, preset) {
  const before = lastWrittenHash;
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
  fieldErrors = new Map();
  persist({ push: true });
  // A gallery preset's card says what it shows; a file of the user's says it here (briefly).
  const about = [scenario.title, preset ? null : scenario.description].filter((t) => typeof t === 'string').map((t) => t.slice(0, 300));
  showLoaded(about.length ? `Loaded: ${about.join(' — ')}` : `Loaded ${source}.`, before);
  mountView();
  // The preset's card explains it: the view's general box folds away, so the results stay in sight.
  const general = preset ? viewRoot.querySelector('details.about:not(.preset)') : null;
  if (general) general.open = false;
  renderPresetCard();
  renderInputs();
  scheduleSolve();
}

/**
 * A view's designed mechanism, opened in the Evaluate view with the view's context (the request
 * it solved, plus "evaluate": the matrix) to edit its cells; the view keeps its inputs for the
 * way back (its tab, or Back).
 */
function openInEvaluate(scenario) {
  lastStateOf[state.view] = state;
  loadScenario(scenario, 'the designed mechanism');
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
  const before = lastWrittenHash;
  const base = state.view === 'rldp' ? state : parseHash('view=rldp').state;
  lastStateOf[state.view] = state;
  state = { ...base, sNames: table.sNames, uNames: table.uNames, joint: table.counts.map((r) => r.map(String)), truth: null, n: '' };
  fieldErrors = new Map();
  persist({ push: true });
  showLoaded(`Loaded ${table.n} samples from ${source}: P̂ is their counts (${table.sNames.length} values of s, ${table.uNames.length} of u).`, before);
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

/**
 * The examples' index (the picker, the preset cards), once: after the first result is drawn
 * (markResult), so that its download and the picker's ~50 entries are not on the first result's
 * path; sooner when the solver fails, and after INDEX_AT_THE_LATEST_MS in any case.
 */
let indexLoading = null;
function loadExampleIndex() {
  if (indexLoading) return;
  indexLoading = (inlinedExamples() ? Promise.resolve(inlinedExamples().index) : fetch('examples/index.json').then((r) => r.json())).then((index) => {
    const shown = index.filter((e) => VIEWS.some((v) => v.id === e.family));
    // Grouped by view and paper, each named as the paper names it; the full title is the tooltip.
    for (const group of groupExamples(shown, VIEWS.map((v) => v.id)))
      picker.appendChild(h('optgroup', { label: group.label },
        group.entries.map((e) => h('option', { value: e.file, title: forPeople(e.title) }, forPeople(e.name)))));
    presets.setIndex(shown);
    renderPresetCard();
  }).catch(() => { picker.disabled = true; });
}
const INDEX_AT_THE_LATEST_MS = 4000;
setTimeout(loadExampleIndex, INDEX_AT_THE_LATEST_MS);

/** The picker shows the example on screen while its inputs are unchanged, else "choose…". */
function showCurrentExample(file) {
  const value = file && picker.querySelector(`option[value="${CSS.escape(file)}"]`) ? file : '';
  if (picker.value !== value) picker.value = value;
}

async function loadPreset(file) {
  try {
    loadScenario(await fetchExample(file), 'The example', file);
  } catch {
    showMessage('The example could not be fetched.');
  }
}
picker.addEventListener('change', async () => {
  if (!picker.value) return;
  await loadPreset(picker.value);
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

// Back / Forward (and a hash typed into the address bar): show the state of that entry.
function onLocationChange() {
  if (window.location.hash.replace(/^#/, '') === lastWrittenHash) return;
  fieldErrors = new Map();
  solver.abandon();
  // A fresh view: the last result it solved belongs to another entry, and must never be shown as
  // this entry's "last result that solved" (Forward into an entry the page cannot solve).
  viewId = null;
  loadFromLocation();
}
window.addEventListener('popstate', onLocationChange);
window.addEventListener('hashchange', onLocationChange);

// ?embed=1: a single view without the page chrome, sized to its container (for iframes), with a
// link to the full page of the same state.
const EMBED = new URLSearchParams(window.location.search).get('embed') === '1';
const fullPageLink = h('a', { id: 'full-page-link', href: './', target: '_blank', rel: 'noopener' }, 'Open in privlab ↗');
if (EMBED) {
  document.body.classList.add('embed');
  statusHost.prepend(fullPageLink);
}

/** The worker's URL: assets/worker.js, or in the self-contained file a Blob of its inlined source. */
function workerUrl() {
  const inlined = document.getElementById('worker-source');
  if (!inlined) return new URL('assets/worker.js', document.baseURI).href;
  const bytes = Uint8Array.from(atob(inlined.textContent.trim()), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: 'text/javascript' }));
}

const solver = new WorkerPool(workerUrl(), { onStatus: onSolverStatus });
// Where a first visit's time goes (scripts/bench-page.mjs reads these marks): the worker's own
// times (its script began, the Emscripten glue loaded, the .wasm fetched, the module ready).
solver.ready.then(() => {
  performance.mark('privlab:ready');
  for (const [name, at] of Object.entries(solver.first.timing || {})) if (at) firstMark(`privlab:worker-${name}`, at - performance.timeOrigin);
  // The .wasm that index.html downloaded (and compiled) for the worker: the page's own entry.
  const wasm = performance.getEntriesByType('resource').find((r) => r.name.endsWith('privlab_web.wasm'));
  if (wasm) firstMark('privlab:worker-wasmFetched', wasm.responseEnd);
});
// (When the worker is slow to start, a solve may already be running: its status stands.)
solver.ready.then(() => { if (!solver.pending) onSolverStatus({ state: 'idle' }); });
loadFromLocation();
