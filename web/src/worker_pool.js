// A pool of solver workers for experiments: one worker per core (navigator.hardwareConcurrency,
// at most MAX_WORKERS, at least one). An experiment request is split into the core's units
// (docs/api.md, "Experiments in pieces": {"units":"count"}, {"units":[...]}, {"unit_results"}),
// the workers take chunks of units until none are left, and the first worker assembles the
// results, so the answer is the one a single worker gives. Progress is combined over all workers
// with an estimate of the time left; Cancel stops every worker. Any other request goes to the
// first worker alone. Same interface as SolverClient (solve, cancel, abandon, ready, version).
import { SolverClient } from './solver_client.js';

export const MAX_WORKERS = 8;

/** The pool size for `cores` reported cores. */
export function poolSize(cores) {
  const n = Math.floor(Number(cores));
  return Math.max(1, Math.min(MAX_WORKERS, Number.isFinite(n) ? n : 1));
}

/** Whether `request` is a whole experiment the pool may split. */
export function splittable(request) {
  return Boolean(request && typeof request === 'object' && request.experiment !== undefined &&
    request.family !== 'batch' && !('units' in request) && !('shard' in request) && !('unit_results' in request));
}

/** Chunks of unit indices 0..count-1, about four per worker so that the last ones balance. */
export function chunks(count, workers) {
  const size = Math.max(1, Math.ceil(count / (4 * workers)));
  const out = [];
  for (let start = 0; start < count; start += size) out.push(Array.from({ length: Math.min(size, count - start) }, (_, i) => start + i));
  return out;
}

export class WorkerPool {
  /** @param {string} workerUrl  @param {{onStatus?: (s: object) => void, size?: number}} hooks */
  constructor(workerUrl, hooks = {}) {
    this.workerUrl = workerUrl;
    this.onStatus = hooks.onStatus || (() => {});
    this.size = poolSize(hooks.size !== undefined ? hooks.size : (globalThis.navigator && navigator.hardwareConcurrency));
    this.clients = [];
    this.run = null;  // the experiment being split: { resolve, cancelled }
    this.first = this.client(0);
    this.ready = this.first.ready;
  }

  get version() { return this.first.version; }

  /** Whether a solve is running (a split experiment, or a request on the first worker). */
  get pending() { return this.run || this.first.pending; }

  /** The i-th worker, started on first use; its status feeds the combined progress. */
  client(i) {
    if (!this.clients[i]) {
      const c = new SolverClient(this.workerUrl, { onStatus: (s) => this.clientStatus(i, s) });
      this.clients[i] = c;
    }
    return this.clients[i];
  }

  clientStatus(i, s) {
    // Outside a split run (or while the first worker counts the units) the first worker speaks.
    if (!this.run || this.run.count === 0) { if (i === 0 && (!this.run || s.state === 'progress' || s.state === 'failed')) this.onStatus(s); return; }
    if (s.state === 'progress') { this.run.partial[i] = Number(s.fraction) || 0; this.report(); }
    if (s.state === 'failed') this.onStatus(s);
  }

  report() {
    const r = this.run;
    const busy = r.partial.reduce((sum, f, i) => sum + (r.chunkOf[i] ? f * r.chunkOf[i].length : 0), 0);
    const fraction = Math.min(1, (r.done + busy) / r.count);
    const elapsed = (Date.now() - r.start) / 1000;
    const left = fraction > 0.02 ? Math.round(elapsed * (1 - fraction) / fraction) : null;
    const stage = `${r.done}/${r.count} units on ${r.workers} worker${r.workers === 1 ? '' : 's'}` +
      (left === null ? '' : `, about ${left} s left`);
    this.onStatus({ state: 'progress', fraction, stage, workers: r.workers });
  }

  /** Solves `request`; an experiment on every worker. Resolves like SolverClient.solve. */
  solve(request) {
    if (this.run) this.stopRun(true);
    if (!splittable(request) || this.size === 1) return this.first.solve(request);
    return this.solveSplit(request);
  }

  async solveSplit(request) {
    const run = { cancelled: false, superseded: false, partial: [], chunkOf: [], done: 0, count: 0, workers: 1, start: Date.now() };
    this.run = run;
    this.onStatus({ state: 'running' });
    const counted = await this.first.solve({ ...request, units: 'count' });
    if (run.cancelled || counted.cancelled) return { cancelled: true, superseded: run.superseded };
    // A worker that does not split (no unit_count) has answered the whole request already.
    if (counted.error || !(counted.unit_count >= 1)) { this.finish(run); return counted; }
    run.count = counted.unit_count;
    run.workers = Math.min(this.size, run.count);
    const queue = chunks(run.count, run.workers);
    const results = [];
    let failure = null;
    const work = async (i) => {
      const c = this.client(i);
      while (queue.length > 0 && !failure && !run.cancelled) {
        const units = queue.shift();
        run.chunkOf[i] = units;
        run.partial[i] = 0;
        const part = await c.solve({ ...request, units });
        run.chunkOf[i] = null;
        if (run.cancelled || part.cancelled) return;
        if (part.error) { failure = part; return; }
        results.push(...part.unit_results);
        run.done += units.length;
        this.report();
      }
    };
    this.report();
    await Promise.all(Array.from({ length: run.workers }, (_, i) => work(i)));
    if (run.cancelled) return { cancelled: true, superseded: run.superseded };
    if (failure) { this.finish(run); return failure; }
    const response = await this.first.solve({ ...request, unit_results: results });
    if (run.cancelled || response.cancelled) return { cancelled: true, superseded: run.superseded };
    this.finish(run);
    return response;
  }

  finish(run) {
    if (this.run === run) this.run = null;
    this.onStatus({ state: 'idle' });
  }

  /** Stops every worker of the split experiment. */
  stopRun(superseded) {
    const run = this.run;
    this.run = null;
    run.cancelled = true;
    run.superseded = superseded;
    for (const c of this.clients) if (c && c.pending) c.cancel(true);
    if (!superseded) this.onStatus({ state: 'cancelled' });
  }

  /** Stops the running request because its answer no longer matters (the inputs changed). */
  abandon() {
    if (this.run) { this.stopRun(true); this.onStatus({ state: 'idle' }); return; }
    this.first.abandon();
  }

  /** Stops the running request (if any), on every worker. */
  cancel() {
    if (this.run) { this.stopRun(false); return; }
    this.first.cancel();
  }
}
