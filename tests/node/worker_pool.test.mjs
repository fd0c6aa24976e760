// web/src/worker_pool.js: pool size, which requests it splits, chunks; and, with workers that
// answer through the real core (the WASM module, or the native CLI when WASM is not built), an
// experiment split over 3 workers gives the same bytes as one worker, progress is combined,
// and Cancel stops every worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { poolSize, splittable, chunks, WorkerPool, MAX_WORKERS } from '../../web/src/worker_pool.js';
import { ROOT } from './wasm_loader.mjs';

test('poolSize: one per core, capped, at least one', () => {
  assert.equal(poolSize(4), 4);
  assert.equal(poolSize(64), MAX_WORKERS);
  assert.equal(poolSize(0), 1);
  assert.equal(poolSize(undefined), 1);
  assert.equal(poolSize('x'), 1);
});

test('splittable: whole experiments only', () => {
  assert.ok(splittable({ family: 'rldp-mse', experiment: 'figure2a', K: 3 }));
  assert.ok(!splittable({ family: 'rldp-mse', problem: 'nunp' }));
  assert.ok(!splittable({ family: 'rldp-mse', experiment: 'figure2a', units: [0] }));
  assert.ok(!splittable({ family: 'rldp-mse', experiment: 'figure2a', shard: [0, 2] }));
  assert.ok(!splittable({ family: 'rldp-mse', experiment: 'figure2a', unit_results: [] }));
  assert.ok(!splittable({ family: 'batch', requests: [] }));
});

test('chunks: cover 0..count-1 once, in order', () => {
  for (const [count, workers] of [[1, 4], [7, 2], [100, 3], [8000, 8]]) {
    const flat = chunks(count, workers).flat();
    assert.deepEqual(flat, Array.from({ length: count }, (_, i) => i));
    assert.ok(chunks(count, workers).length <= 4 * workers + 1);
  }
});

const WASM = join(ROOT, 'build', 'wasm', 'bin', 'privlab_node.cjs');
const CLI = join(ROOT, 'build', 'bin', 'privlab');

/** The core behind the stand-in workers: the WASM module when built, else the native CLI. */
async function core() {
  if (existsSync(WASM)) {
    const { loadPrivlab } = await import('./wasm_loader.mjs');
    const wasm = await loadPrivlab();
    return { version: () => wasm.version(), solve: (text, progress) => wasm.solveWithProgress(text, progress) };
  }
  const { execFileSync } = await import('node:child_process');
  return {
    version: () => 'native',
    solve: (text) => {
      try { return execFileSync(CLI, ['solve', '-'], { input: text, maxBuffer: 1 << 28 }).toString().trim(); } catch (e) { return e.stdout.toString().trim(); }
    },
  };
}

test('WorkerPool: 3 workers give the bytes of one; progress combined; cancel stops all', { skip: !existsSync(WASM) && !existsSync(CLI) }, async () => {
  const engine = await core();
  const live = new Set();
  // A stand-in for the browser's Worker: answers through the core on a later tick.
  globalThis.Worker = class {
    constructor() { this.terminated = false; live.add(this); setTimeout(() => this.onmessage({ data: { type: 'ready', version: engine.version() } }), 0); }
    postMessage({ id, request }) {
      setTimeout(() => {
        if (this.terminated) return;
        const response = engine.solve(request, (fraction, stage) => this.onmessage({ data: { id, type: 'progress', fraction, stage } }));
        this.onmessage({ data: { id, type: 'result', response } });
      }, 1);
    }
    terminate() { this.terminated = true; live.delete(this); }
  };
  const request = { family: 'rldp-mse', experiment: 'figure2cd', K: 2, N_values: [10, 100], problems: ['nunp', 'nurp'] };
  const statuses = [];
  const single = new WorkerPool('w.js', { size: 1 });
  const pool = new WorkerPool('w.js', { size: 3, onStatus: (s) => statuses.push(s) });
  const one = await single.solve(request);
  const many = await pool.solve(request);
  assert.ok(!one.error && !many.error, JSON.stringify(many).slice(0, 300));
  assert.equal(JSON.stringify(many), JSON.stringify(one));
  assert.equal(JSON.stringify(one), JSON.stringify(JSON.parse(engine.solve(JSON.stringify(request), () => {}))));
  const progress = statuses.filter((s) => s.state === 'progress');
  assert.ok(progress.some((s) => s.workers === 3 && /units on 3 workers/.test(s.stage)), JSON.stringify(progress.slice(0, 3)));
  for (let i = 1; i < progress.length; ++i) assert.ok(progress[i].fraction >= 0 && progress[i].fraction <= 1);
  assert.equal(statuses.at(-1).state, 'idle');
  // Cancel while the units run: every worker of the pool is stopped and the solve says so.
  const running = pool.solve({ ...request, K: 3 });
  await new Promise((r) => setTimeout(r, 5));
  const before = [...live].length;
  pool.cancel();
  assert.deepEqual(await running, { cancelled: true, superseded: false });
  assert.equal(statuses.at(-1).state, 'cancelled');
  assert.ok(pool.clients.every((c) => !c.pending), 'no worker is left running');
  assert.ok(before >= 3);
  delete globalThis.Worker;
});
