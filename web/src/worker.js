// Web Worker: owns the WASM module and answers one request at a time. Messages in:
// { id, request } (request: a JSON string). index.html starts it as worker.js#warm-up=DATA, DATA
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
// here, before createPrivlab starts the module. (So `began` and `glueLoaded` are now the same
// moment, after the glue was evaluated; the page's marks keep both names.)
const wasmUrl = '../wasm/privlab_web.wasm';
const wasmResponse = typeof privlabWasmInlined === 'undefined' ? fetch(wasmUrl, { credentials: 'same-origin' }) : null;
const glueLoaded = now();

/** Emscripten's instantiateWasm hook: the early download, streamed into the compiler. */
function instantiateEarly(imports, receive) {
  WebAssembly.instantiateStreaming(wasmResponse, imports)
    // A host that serves .wasm without application/wasm: compile from the bytes instead.
    .catch(() => fetch(wasmUrl, { credentials: 'same-origin' }).then((r) => r.arrayBuffer()).then((bytes) => WebAssembly.instantiate(bytes, imports)))
    .then((result) => receive(result.instance, result.module),
      (e) => postMessage({ type: 'fatal', message: `The solver could not load: ${e && e.message ? e.message : e}` }));
  return {};  // asynchronous: Emscripten waits for receive()
}

const modulePromise = createPrivlab({ locateFile: (file) => `../wasm/${file}`, ...(wasmResponse ? { instantiateWasm: instantiateEarly } : {}) });

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

async function warmUp({ hash, saved }) {
  // The request is worked out while the module still downloads and compiles (this thread is idle then).
  const { request } = stateToRequest(parseHash(openingHash(String(hash || ''), saved ? String(saved) : null)).state);
  if (!request) return;
  const text = JSON.stringify(request);
  const m = await modulePromise;
  if (asked) return;
  const warmBegan = now();
  try { warm = { request: text, response: m.solveWithProgress(text, () => {}), began: warmBegan, ended: now() }; } catch { warm = null; return; }  // the page's own solve will say why
  // Sent at once, not only in reply to the page's request: that request may still be on its way
  // (the page's thread forwards it only once its script has run), and the answer is shown sooner.
  postMessage({ type: 'warm', request: text, response: warm.response, timing: { warmUpBegan: warm.began, warmUpEnded: warm.ended } });
}

/** The warm-up's data from this worker's URL (#warm-up=...), or null. */
function openingFromUrl() {
  const prefix = '#warm-up=';
  const { hash } = self.location;
  if (!hash.startsWith(prefix)) return null;
  try { return JSON.parse(decodeURIComponent(hash.slice(prefix.length))); } catch { return null; }
}
const opening = openingFromUrl();
if (opening) warmUp(opening);

self.onmessage = async (event) => {
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
    response = m.solveWithProgress(request, (fraction, stage) => {
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
