// Runs the benchmark request sets (bench/*.json) through the WASM module under Node and prints
// the same JSON report as `privlab bench`. With --native FILE (a saved `privlab bench --out`
// report) it adds the WASM/native ratio per request, of median wall times (ratio_to_native) and of
// CPU time per solve (cpu_ratio_to_native: less distorted on a loaded machine; native CPU counts
// every thread, the WASM module has none), and a summary over the requests that take at least
// --over MS natively (default 10): the median and worst ratio and the requests above 1.5x.
// --bin DIR picks the module (default build/wasm/bin), to compare two builds. Each request is
// solved --warmup N times (default 1) before it is timed: V8 compiles WebAssembly functions on
// their first call and optimises the hot ones in the background, which the native tool never does
// (the page pays that once per visit: scripts/bench-page.mjs).
//   node --no-experimental-fetch scripts/bench-wasm.mjs [--set FILE] [--repeat N] [--only TEXT]
//        [--native FILE] [--bin DIR] [--warmup N] [--over MS] [--out FILE]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
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

const m = await loadPrivlab(bin ? resolve(bin) : undefined);
const requests = [];
const setFile = option('--set', null);  // one request-set file instead of bench/*.json (as privlab bench --set)
const setFiles = setFile ? [resolve(setFile)] : readdirSync(join(ROOT, 'bench')).filter((f) => f.endsWith('.json')).sort().map((f) => join(ROOT, 'bench', f));
for (const file of setFiles)
  requests.push(...JSON.parse(readFileSync(file, 'utf8')).requests.filter((r) => !only || only.split('|').some((part) => part && r.name.includes(part))));

const native = nativeFile ? Object.fromEntries(JSON.parse(readFileSync(nativeFile, 'utf8')).results.map((r) => [r.name, r])) : {};
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const loadBefore = loadavg()[0];
const results = [];
for (const item of requests) {
  const text = JSON.stringify(item.request);
  const times = [];
  const cpu = [];
  let exitCode = 0;
  const reps = Math.max(1, Math.min(repeat, item.max_repeat ?? repeat));  // as privlab bench
  for (let w = 0; w < Math.min(warmup, reps); w++) m.solve(text);
  for (let r = 0; r < reps; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const out = m.solve(text);
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    exitCode = out.startsWith('{"error"') ? 1 : 0;
  }
  const row = { name: item.name, median_ms: median(times), cpu_ms_per_solve: median(cpu), repeat: reps, exit_code: exitCode };
  const n = native[item.name];
  if (n && n.median_ms) row.ratio_to_native = row.median_ms / n.median_ms;
  if (n && n.cpu_ms_per_solve) row.cpu_ratio_to_native = row.cpu_ms_per_solve / n.cpu_ms_per_solve;
  results.push(row);
}
const report = { runner: 'wasm-node', version: m.version(), bin: bin || 'build/wasm/bin', warmup, load_average: { before: +loadBefore.toFixed(2), after: +loadavg()[0].toFixed(2) }, results };
if (nativeFile) {
  const slow = results.filter((r) => native[r.name] && native[r.name].median_ms >= over);
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
