// Web Worker: owns the WASM module and answers one request at a time. Messages in:
// { id, request } (request: a JSON string); { type: 'module', module } once when started as
// worker.js#module=page (below). index.html starts it as worker.js#module=page&warm-up=DATA, DATA
// the URI-encoded JSON { hash, saved } (the page's link and saved state), for the warm-up below:
// in the URL, not in a message, because a message to a worker is forwarded only once the page's
// thread is free, after the page's script has run (measured: the warm-up began at
// DOMContentLoaded, 130-400 ms after the module was ready). Messages out: { id, type: 'progress', fraction, stage },
// { id, type: 'result', response, timing } (response: a JSON string; timing: when the solve began
// and ended, ms since the epoch; warm: true when it was the warm-up's answer, and then timing also
// has warmUpBegan and warmUpEnded, when the warm-up solved it),
// { type: 'warm', request, response, timing } once the warm-up has solved (request: the JSON text
// it solved, response as above, timing: warmUpBegan and warmUpEnded),
// { type: 'ready', version, timing } once (timing: when the worker's script began, the glue was
// loaded, the .wasm was fetched and the module was ready, ms since the epoch: the page's marks),
// { type: 'fatal', message } when the module cannot load, { id, type: 'crashed', message } when the
// module itself failed (out of memory, stack overflow, abort: it is unusable afterwards, so the
// worker closes and the page starts a new one). Cancelling = terminating the worker.
/* global createPrivlab, privlabWasmInlined */
import { openingHash, parseHash, stateToRequest } from './state.js';

const now = () => performance.timeOrigin + performance.now();
const began = now();
// The Emscripten glue (createPrivlab) comes first in assets/worker.js (scripts/build-site.mjs), so
// it arrives with this script instead of by a second, blocking importScripts. In the
// self-contained page it is the single-file glue, the binary inlined (privlabWasmInlined), and the
// worker starts from a Blob URL; otherwise the .wasm download (compiled as it streams in) starts
// here, before createPrivlab starts the module, unless the page compiles it (#module=page). (So
// `began` and `glueLoaded` are now the same moment, after the glue was evaluated; the page's marks
// keep both names.)
const wasmUrl = '../wasm/privlab_web.wasm';
const urlParams = new URLSearchParams(self.location.hash.slice(1));
// #module=page: the page (index.html) compiles the module itself, from its own early download, and
// sends it in a { type: 'module', module } message (null when it could not: then this worker
// downloads it after all).
let moduleFromPage = null;
const pageModule = urlParams.get('module') === 'page' ? new Promise((resolve) => { moduleFromPage = resolve; }) : null;
const download = () => fetch(wasmUrl, { credentials: 'same-origin' });
const wasmResponse = typeof privlabWasmInlined !== 'undefined' || pageModule ? null : download();
const glueLoaded = now();

/** The module downloaded and compiled as it streams in, instantiated with `imports`: { instance, module }. */
function instantiateDownload(response, imports) {
  return WebAssembly.instantiateStreaming(response, imports)
    // A host that serves .wasm without application/wasm: compile from the bytes instead.
    .catch(() => download().then((r) => r.arrayBuffer()).then((bytes) => WebAssembly.instantiate(bytes, imports)));
}

/** Emscripten's instantiateWasm hook: the page's compiled module, else the early download. */
function instantiateEarly(imports, receive) {
  const instantiated = pageModule
    ? pageModule.then((module) => (module ? WebAssembly.instantiate(module, imports).then((instance) => ({ instance, module })) : instantiateDownload(download(), imports)))
    : instantiateDownload(wasmResponse, imports);
  instantiated.then((result) => receive(result.instance, result.module),
    (e) => postMessage({ type: 'fatal', message: `The solver could not load: ${e && e.message ? e.message : e}` }));
  return {};  // asynchronous: Emscripten waits for receive()
}

const modulePromise = createPrivlab({ locateFile: (file) => `../wasm/${file}`, ...(wasmResponse || pageModule ? { instantiateWasm: instantiateEarly } : {}) });

modulePromise.then(
  (m) => {
    const wasm = performance.getEntriesByType('resource').find((r) => r.name.endsWith('privlab_web.wasm'));
    const at = (t) => (t ? performance.timeOrigin + t : null);
    postMessage({ type: 'ready', version: m.version(), timing: { began, glueLoaded, wasmFetched: wasm ? at(wasm.responseEnd) : null, ready: now() } });
  },
  (e) => postMessage({ type: 'fatal', message: `The solver could not load: ${e && e.message ? e.message : e}` }),
);

// The warm-up: while the page still runs its script, the module solves the request the page is
// about to send (its link, else its saved state, else the default: state.js openingHash), so the
// first call's compiles (V8 compiles each WebAssembly function on its first call) are off the
// first result's path, and that request, when it comes, gets the answer already computed. Nothing
// is solved ahead once the page has asked for something.
let asked = false;
let warm = null;  // { request, response, began, ended }
// Requests go in as UTF-8 bytes: the module copies a Uint8Array with one TypedArray.set, while a
// string is measured and encoded by a JavaScript loop (3 of the 15 ms of a 340 KB request;
// docs/results/page.md). wasm/bindings.cpp says how the response comes back.
const utf8 = new TextEncoder();

async function warmUp({ hash, saved }) {
  // The request is worked out while the module still downloads and compiles (this thread is idle then).
  const { request } = stateToRequest(parseHash(openingHash(String(hash || ''), saved ? String(saved) : null)).state);
  if (!request) return;
  const text = JSON.stringify(request);
  const m = await modulePromise;
  if (asked) return;
  const warmBegan = now();
  try { warm = { request: text, response: m.solveWithProgress(utf8.encode(text), () => {}), began: warmBegan, ended: now() }; } catch { warm = null; return; }  // the page's own solve will say why
  // Sent at once, not only in reply to the page's request: that request may still be on its way
  // (the page's thread forwards it only once its script has run), and the answer is shown sooner.
  postMessage({ type: 'warm', request: text, response: warm.response, timing: { warmUpBegan: warm.began, warmUpEnded: warm.ended } });
}

/** The warm-up's data from this worker's URL (#warm-up=...), or null. */
function openingFromUrl() {
  const data = urlParams.get('warm-up');
  if (data === null) return null;
  try { return JSON.parse(data); } catch { return null; }
}
const opening = openingFromUrl();
if (opening) warmUp(opening);

self.onmessage = async (event) => {
  if (event.data && event.data.type === 'module') { if (moduleFromPage) moduleFromPage(event.data.module || null); return; }
  const { id, request } = event.data;
  asked = true;
  const m = await modulePromise;
  const solveBegan = now();
  if (warm && warm.request === request) {
    const { response, began, ended } = warm;
    warm = null;
    postMessage({ id, type: 'result', response, timing: { began: solveBegan, ended: now(), warmUpBegan: began, warmUpEnded: ended }, warm: true });
    return;
  }
  warm = null;
  let lastPost = 0;
  let response;
  try {
    response = m.solveWithProgress(utf8.encode(request), (fraction, stage) => {
      const t = Date.now();
      if (t - lastPost > 100 || fraction >= 1) {
        lastPost = t;
        postMessage({ id, type: 'progress', fraction, stage });
      }
    });
  } catch (e) {
    postMessage({ id, type: 'crashed', message: String((e && e.message) || e) });
    self.close();
    return;
  }
  postMessage({ id, type: 'result', response, timing: { began: solveBegan, ended: now() } });
};
