// Web Worker: owns the WASM module and answers one request at a time. Messages in:
// { id, request } (request: a JSON string). Messages out: { id, type: 'progress', fraction, stage },
// { id, type: 'result', response } (response: a JSON string), { type: 'ready', version } once,
// { type: 'fatal', message } when the module cannot load, { id, type: 'crashed', message } when the
// module itself failed (out of memory, stack overflow, abort: it is unusable afterwards, so the
// worker closes and the page starts a new one). Cancelling = terminating the worker.
/* global importScripts, createPrivlab */
// In the self-contained page the Emscripten glue (with the binary inlined) is prepended to this
// file and the worker starts from a Blob URL; otherwise the glue is loaded from ../wasm/.
if (typeof createPrivlab === 'undefined') importScripts('../wasm/privlab_web.js');

const modulePromise = createPrivlab({ locateFile: (file) => `../wasm/${file}` });

modulePromise.then(
  (m) => postMessage({ type: 'ready', version: m.version() }),
  (e) => postMessage({ type: 'fatal', message: `The solver could not load: ${e && e.message ? e.message : e}` }),
);

self.onmessage = async (event) => {
  const { id, request } = event.data;
  const m = await modulePromise;
  let lastPost = 0;
  let response;
  try {
    response = m.solveWithProgress(request, (fraction, stage) => {
      const now = Date.now();
      if (now - lastPost > 100 || fraction >= 1) {
        lastPost = now;
        postMessage({ id, type: 'progress', fraction, stage });
      }
    });
  } catch (e) {
    postMessage({ id, type: 'crashed', message: String((e && e.message) || e) });
    self.close();
    return;
  }
  postMessage({ id, type: 'result', response });
};
