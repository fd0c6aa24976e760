// The page's side of the solver worker: latest request wins; a request still running when a
// newer one arrives, or when the user presses Cancel, is stopped by terminating the worker
// (WASM cannot be interrupted otherwise) and a fresh worker is started. A worker that dies (out of
// memory, stack overflow, abort inside the module) is replaced the same way: the request gets a
// clear error, the page keeps its inputs, and the next request runs in the new worker.

export class SolverClient {
  /** @param {string} workerUrl  @param {{onStatus?: (s: object) => void}} hooks */
  constructor(workerUrl, hooks = {}) {
    this.workerUrl = workerUrl;
    this.onStatus = hooks.onStatus || (() => {});
    this.nextId = 1;
    this.pending = null; // { id, resolve, reject }
    this.version = null;
    this.start();
  }

  start() {
    // The page's first worker may already be running (index.html starts it early): adopt it once.
    const early = globalThis.privlabEarlyWorker;
    if (early) globalThis.privlabEarlyWorker = null;
    this.warm = null;
    this.worker = early ? early.worker : new Worker(this.workerUrl);
    this.ready = new Promise((resolve) => { this.markReady = resolve; });
    this.worker.onmessage = (e) => this.receive(e.data);
    if (early) for (const message of early.queue.splice(0)) this.receive(message);
    this.worker.onerror = (e) => {
      if (e && typeof e.preventDefault === 'function') e.preventDefault();
      this.crashed(e && e.message ? e.message : 'unknown error');
    };
  }

  receive(msg) {
    if (msg.type === 'ready') { this.version = msg.version; this.timing = msg.timing; this.restarts = 0; this.markReady(); return; }
    if (msg.type === 'fatal') { this.fail(msg.message); return; }
    if (msg.type === 'crashed') { this.crashed(msg.message); return; }
    if (msg.type === 'warm') {
      // The worker's warm-up (worker.js): the answer to the request the page was expected to send.
      this.warm = msg;
      if (this.pending && this.pending.text === msg.request) this.answerWarm();
      return;
    }
    if (!this.pending || msg.id !== this.pending.id) return;
    if (msg.type === 'progress') { this.onStatus({ state: 'progress', fraction: msg.fraction, stage: msg.stage }); return; }
    if (msg.type === 'result') {
      this.solveTiming = msg.timing ? { ...msg.timing, warm: Boolean(msg.warm) } : null;  // the page's first-visit marks
      this.resolvePending(msg.response);
    }
  }

  /** Answers the pending request with `response` (the worker's JSON text). */
  resolvePending(response) {
    const { resolve } = this.pending;
    this.pending = null;
    this.onStatus({ state: 'idle' });
    let parsed;
    try { parsed = JSON.parse(response); } catch { parsed = { error: { code: 'bad_response', message: 'The solver returned unreadable output.', path: '' } }; }
    resolve(parsed);
  }

  /**
   * Answers the pending request with the warm-up's answer (the same request, solved ahead), once.
   * The worker answers that request again when it reads it: that reply's id is no longer pending.
   */
  answerWarm() {
    const { response, timing } = this.warm;
    this.warm = null;
    const at = Date.now();
    this.solveTiming = { began: at, ended: at, ...timing, warm: true };
    this.resolvePending(response);
  }

  /** The worker died: start a new one and answer the running request with an error. */
  crashed(detail) {
    this.worker.terminate();
    // A worker that keeps dying before it is ready (e.g. it cannot load) is not restarted forever.
    this.restarts = (this.restarts || 0) + 1;
    if (this.restarts > 3) {
      this.fail(`The solver stopped (${detail}) and could not be restarted; reload the page. Your inputs are kept in the link.`, 'worker_crashed');
      return;
    }
    this.start();
    this.fail(`The solver stopped unexpectedly (${detail}); it was restarted and your inputs are kept. `
      + 'Try a smaller problem, or change an input to solve again.', 'worker_crashed');
  }

  fail(message, code = 'worker_failed') {
    if (this.pending) {
      this.pending.resolve({ error: { code, message, path: '' } });
      this.pending = null;
    }
    this.onStatus({ state: 'failed', message });
  }

  /** Solves `request` (an object). Resolves to the parsed response or { cancelled: true }. */
  solve(request) {
    if (this.pending) this.cancel(true);
    const id = this.nextId++;
    const text = JSON.stringify(request);
    return new Promise((resolve) => {
      this.pending = { id, resolve, text };
      this.onStatus({ state: 'running' });
      if (this.warm && this.warm.request === text) { this.answerWarm(); return; }
      this.worker.postMessage({ id, request: text });
    });
  }

  /** Stops the running request because its answer no longer matters (the inputs changed). */
  abandon() {
    if (!this.pending) return;
    this.cancel(true);
    this.onStatus({ state: 'idle' });
  }

  /** Stops the running request (if any). */
  cancel(superseded = false) {
    if (!this.pending) return;
    const { resolve } = this.pending;
    this.pending = null;
    this.worker.terminate();
    this.start();
    resolve({ cancelled: true, superseded });
    if (!superseded) this.onStatus({ state: 'cancelled' });
  }
}
