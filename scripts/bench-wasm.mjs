// Runs the benchmark request sets (bench/*.json) through the WASM module under Node and prints
// the same JSON report as `privlab bench`. With --native FILE (a saved `privlab bench --out`
// report) it adds the WASM/native ratio of median times per request.
//   node --no-experimental-fetch scripts/bench-wasm.mjs [--repeat N] [--only TEXT] [--native FILE] [--out FILE]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadPrivlab, ROOT } from '../tests/node/wasm_loader.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const repeat = Math.max(1, Number(option('--repeat', 15)));
const nativeFile = option('--native', null);
const outFile = option('--out', null);
const only = option('--only', '');

const m = await loadPrivlab();
const requests = [];
for (const file of readdirSync(join(ROOT, 'bench')).filter((f) => f.endsWith('.json')).sort())
  requests.push(...JSON.parse(readFileSync(join(ROOT, 'bench', file), 'utf8')).requests.filter((r) => !only || only.split('|').some((part) => part && r.name.includes(part))));

const native = nativeFile ? Object.fromEntries(JSON.parse(readFileSync(nativeFile, 'utf8')).results.map((r) => [r.name, r.median_ms])) : {};
const results = [];
for (const item of requests) {
  const text = JSON.stringify(item.request);
  const times = [];
  let exitCode = 0;
  const reps = Math.max(1, Math.min(repeat, item.max_repeat ?? repeat));  // as privlab bench
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    const out = m.solve(text);
    times.push(performance.now() - t0);
    exitCode = out.startsWith('{"error"') ? 1 : 0;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const row = { name: item.name, median_ms: median, repeat: reps, exit_code: exitCode };
  if (native[item.name]) row.ratio_to_native = median / native[item.name];
  results.push(row);
}
const report = { runner: 'wasm-node', version: m.version(), results };
console.log(JSON.stringify(report, null, 2));
if (outFile) writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
