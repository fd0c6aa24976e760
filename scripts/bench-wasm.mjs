// Runs the benchmark request sets (bench/*.json) through the WASM module under Node and prints
// the same JSON report as `privlab bench`. With --native FILE (a saved `privlab bench --out`
// report) it adds the WASM/native ratio per request, of median wall times (ratio_to_native) and of
// CPU time per solve (cpu_ratio_to_native: less distorted on a loaded machine; native CPU counts
// every thread, the WASM module has none), and a summary over the requests that take at least
// --over MS natively (default 10): the median and worst ratio and the requests above 1.5x.
// --paired TOOL (the native privlab) measures both in turn instead, request by request, --rounds K
// times (default 3), and gives each request the median of its K ratios: sequential runs minutes
// apart compare two speeds of this machine as much as two builds.
// --module-per-round (with --paired) loads the module in a new Node process for each round, as
// the native tool runs in a new process each round. This machine runs a process in one of two
// speeds, about 1.4x apart, kept for the process's life (game/dp (22) 6x6 cutting planes:
// native processes at 300 or 425 ms, module processes at 330 or 470 ms; docs/results/page.md,
// twelfth pass); with one module process for the whole run, every round pairs that process's
// speed with a fresh draw of the native tool's, and a slow draw of the module's reads as 1.6x.
// --bin DIR picks the module (default build/wasm/bin), to compare two builds. Each request is
// solved before it is timed, at least --warmup N times (default 1) and until --warmup-ms MS
// (default 2500) of solving have passed or 200 solves: V8 runs each WebAssembly function first
// from a quick baseline compile and recompiles the hot ones with its optimising compiler in the
// background, function by function, which the native tool never does. For GLPK's simplex that
// takes about a second of solving (game/distortion (21) 7x7: 75 ms a solve at first, 42 ms from
// the 17th solve on; native 35 ms). The ratio compares the code once compiled; --warmup-ms 0
// gives the first solves' ratio, and scripts/bench-page.mjs what a visit pays. Requests go in as UTF-8 bytes, as
// the page's worker sends them (web/src/worker.js); --strings passes the text instead.
//   node --no-experimental-fetch scripts/bench-wasm.mjs [--set FILE] [--repeat N] [--only TEXT]
//        [--native FILE | --paired TOOL [--rounds K] [--module-per-round]] [--bin DIR] [--warmup N] [--warmup-ms MS] [--over MS] [--strings] [--out FILE]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadPrivlab, ROOT } from '../tests/node/wasm_loader.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const repeat = Math.max(1, Number(option('--repeat', 15)));
const nativeFile = option('--native', null);
const outFile = option('--out', null);
const only = option('--only', '');
const bin = option('--bin', null);
const over = Number(option('--over', 10));
const warmup = Math.max(0, Number(option('--warmup', 1)));
const warmupMs = Math.max(0, Number(option('--warmup-ms', 2500)));
const kMaxWarmupSolves = 200;
const pairedTool = option('--paired', null);  // the native tool, run on each request in turn with the module
const rounds = Math.max(1, Number(option('--rounds', 3)));
const asStrings = args.includes('--strings');
const modulePerRound = pairedTool !== null && args.includes('--module-per-round');
const utf8 = new TextEncoder();

const m = await loadPrivlab(bin ? resolve(bin) : undefined);
const requests = [];
const setFile = option('--set', null);  // one request-set file instead of bench/*.json (as privlab bench --set)
const setFiles = setFile ? [resolve(setFile)] : readdirSync(join(ROOT, 'bench')).filter((f) => f.endsWith('.json')).sort().map((f) => join(ROOT, 'bench', f));
for (const file of setFiles)
  requests.push(...JSON.parse(readFileSync(file, 'utf8')).requests.filter((r) => !only || only.split('|').some((part) => part && r.name.includes(part))));

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

/** The native tool's `bench` on one request, in a set file of its own: {median_ms, cpu_ms_per_solve}. */
function nativeBench(item, reps) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wasm-'));
  try {
    writeFileSync(join(dir, 'set.json'), JSON.stringify({ requests: [{ ...item, max_repeat: reps }] }));
    execFileSync(resolve(pairedTool), ['bench', '--set', join(dir, 'set.json'), '--repeat', String(reps), '--out', join(dir, 'out.json')], { stdio: 'ignore' });
    return JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')).results[0];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same measurement (warm-up included) by this script in a new Node process: a new module. */
function wasmBenchInNewProcess(item, reps) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wasm-'));
  try {
    writeFileSync(join(dir, 'set.json'), JSON.stringify({ requests: [{ ...item, max_repeat: reps }] }));
    const own = ['--set', join(dir, 'set.json'), '--repeat', String(reps), '--warmup', String(warmup), '--warmup-ms', String(warmupMs), '--out', join(dir, 'out.json')];
    execFileSync(process.execPath, [...process.execArgv, process.argv[1], ...own, ...(bin ? ['--bin', bin] : []), ...(asStrings ? ['--strings'] : [])], { stdio: 'ignore' });
    return JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')).results[0];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The module's median wall and CPU time per solve over `reps` solves. */
function wasmBench(input, reps) {
  const times = [];
  const cpu = [];
  let out = '';
  for (let r = 0; r < reps; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    out = m.solve(input());
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { median_ms: median(times), cpu_ms_per_solve: median(cpu), exit_code: out.startsWith('{"error"') ? 1 : 0 };
}

const native = nativeFile ? Object.fromEntries(JSON.parse(readFileSync(nativeFile, 'utf8')).results.map((r) => [r.name, r])) : {};
const loadBefore = loadavg()[0];
const results = [];
for (const item of requests) {
  const text = JSON.stringify(item.request);
  const input = () => (asStrings ? text : utf8.encode(text));  // encoding is part of each timed solve
  const reps = Math.max(1, Math.min(repeat, item.max_repeat ?? repeat));  // as privlab bench
  let warmupSolves = 0;
  for (const began = performance.now(); !modulePerRound && (warmupSolves < warmup || (performance.now() - began < warmupMs && warmupSolves < kMaxWarmupSolves)); warmupSolves++)
    m.solve(input());
  if (!pairedTool) {
    const row = { name: item.name, ...wasmBench(input, reps), repeat: reps, warmup_solves: warmupSolves };
    const n = native[item.name];
    if (n && n.median_ms) row.ratio_to_native = row.median_ms / n.median_ms;
    if (n && n.cpu_ms_per_solve) row.cpu_ratio_to_native = row.cpu_ms_per_solve / n.cpu_ms_per_solve;
    results.push(row);
    continue;
  }
  // Paired: native and module alternate on this request, and each round's ratio compares runs
  // seconds apart (this machine's speed drifts by half between minutes; docs/results/page.md).
  const pairs = [];
  for (let k = 0; k < rounds; k++) {
    const n = nativeBench(item, reps);
    const w = modulePerRound ? wasmBenchInNewProcess(item, reps) : wasmBench(input, reps);
    pairs.push({ native_ms: n.median_ms, native_cpu_ms: n.cpu_ms_per_solve, wasm_ms: w.median_ms, wasm_cpu_ms: w.cpu_ms_per_solve, exit_code: w.exit_code, ...(modulePerRound ? { warmup_solves: w.warmup_solves } : {}) });
  }
  results.push({
    name: item.name, repeat: reps, rounds, warmup_solves: modulePerRound ? undefined : warmupSolves,  // else per pair
    native_median_ms: median(pairs.map((q) => q.native_ms)), median_ms: median(pairs.map((q) => q.wasm_ms)),
    ratio_to_native: median(pairs.map((q) => q.wasm_ms / q.native_ms)),
    cpu_ratio_to_native: median(pairs.map((q) => q.wasm_cpu_ms / q.native_cpu_ms)),
    // each side's fastest round against the other's: with --module-per-round, the two processes'
    // fast speeds compared (a median of two rounds is the larger ratio)
    best_ratio_to_native: Math.min(...pairs.map((q) => q.wasm_ms)) / Math.min(...pairs.map((q) => q.native_ms)),
    exit_code: pairs[0].exit_code, pairs,
  });
}
const report = { runner: 'wasm-node', version: m.version(), bin: bin || 'build/wasm/bin', warmup, warmup_ms: warmupMs, input: asStrings ? 'string' : 'utf-8 bytes', paired: pairedTool, rounds: pairedTool ? rounds : undefined, module_per_round: modulePerRound, node_flags: process.execArgv, load_average: { before: +loadBefore.toFixed(2), after: +loadavg()[0].toFixed(2) }, results };
if (nativeFile || pairedTool) {
  const nativeMs = (r) => (pairedTool ? r.native_median_ms : native[r.name] && native[r.name].median_ms);
  const slow = results.filter((r) => nativeMs(r) >= over);
  const summary = (key) => {
    const v = slow.map((r) => r[key]).filter((x) => typeof x === 'number');
    return v.length ? { median: median(v), worst: Math.max(...v), above_1_5: slow.filter((r) => r[key] > 1.5).map((r) => r.name) } : null;
  };
  report.over_ms = over;
  report.requests_over = slow.length;
  report.ratio_summary = { wall: summary('ratio_to_native'), cpu: summary('cpu_ratio_to_native') };
}
console.log(JSON.stringify(report, null, 2));
if (outFile) writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
