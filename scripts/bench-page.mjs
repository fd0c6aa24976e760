// Page benchmark (not a test): time from navigation to the first solved view in headless
// Chromium (median of N fresh contexts), where it goes (the page's performance marks: the worker
// started, the WebAssembly module compiled and ready, the first result shown; the page's own
// script parsed at DOMContentLoaded), the CPU time spent until then (the main thread, and the
// renderer process with the solver's worker), and the gzip transfer size of what the page loads.
//   node scripts/bench-page.mjs [--repeat N] [--out FILE]
import { gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const repeat = Number(option('--repeat', 5));
const outFile = option('--out', null);
const site = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', 'build', 'site');

const env = await openBrowser();
const times = [];
const phases = [];
const busy = [];
const loaded = new Map();
for (let i = 0; i < repeat; i++) {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });  // durations in thread CPU time
  page.on('response', (r) => { const p = new URL(r.url()).pathname; if (p.length > 1) loaded.set(p, true); });
  const t0 = Date.now();
  await page.goto(env.base);
  await page.waitForFunction(() => {
    const panel = document.querySelector('.results');
    return panel && panel.dataset.state === location.hash.slice(1) && document.querySelector('#metrics-table');
  }, null, { timeout: 30000 });
  times.push(Date.now() - t0);
  // CPU time until the first result, less distorted than wall time on a loaded machine: the page's
  // main thread (its tasks: script, layout and style) and the whole renderer process (with the
  // solver's worker: the module's compile, the first solve, background tier-up compiles).
  const metric = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  busy.push({ main_thread_ms: Math.round(1000 * metric.TaskDuration), script_ms: Math.round(1000 * metric.ScriptDuration),
    layout_and_style_ms: Math.round(1000 * (metric.LayoutDuration + metric.RecalcStyleDuration)), renderer_process_ms: Math.round(1000 * metric.ProcessTime) });
  phases.push(await page.evaluate(() => {
    const mark = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? Math.round(m.startTime) : null; };
    const nav = performance.getEntriesByType('navigation')[0];
    return { worker_start_ms: mark('privlab:worker-start'), dom_content_loaded_ms: Math.round(nav.domContentLoadedEventEnd),
      wasm_ready_ms: mark('privlab:ready'), first_result_ms: mark('privlab:first-result') };
  }));
  await context.close();
}
await env.close();
times.sort((a, b) => a - b);

const files = ['index.html', ...[...loaded.keys()].map((p) => p.replace(/^\//, ''))].filter((f, i, all) => all.indexOf(f) === i);
let raw = 0;
let gzip = 0;
const perFile = {};
for (const f of files) {
  try {
    const bytes = readFileSync(join(site, f));
    const z = gzipSync(bytes, { level: 9 }).length;
    raw += statSync(join(site, f)).size;
    gzip += z;
    perFile[f] = z;
  } catch { /* not a file of the site */ }
}
const selfContained = gzipSync(readFileSync(join(site, 'privlab.html')), { level: 9 }).length;
const report = {
  runner: 'chromium', repeat,
  first_solved_view_ms: { median: times[Math.floor(times.length / 2)], worst: times[times.length - 1], all: times },
  // Milliseconds after navigation start, per run (median over runs): where the time goes.
  phases_median_ms: Object.fromEntries(Object.keys(phases[0]).map((k) => {
    const v = phases.map((p) => p[k]).filter((x) => x !== null).sort((a, b) => a - b);
    return [k, v.length ? v[Math.floor(v.length / 2)] : null];
  })),
  cpu_until_first_result_median_ms: Object.fromEntries(Object.keys(busy[0]).map((k) => [k, busy.map((b) => b[k]).sort((a, b) => a - b)[Math.floor(busy.length / 2)]])),
  load_average: (await import('node:os')).loadavg().map((v) => +v.toFixed(2)),
  transfer_bytes: { raw, gzip, per_file_gzip: perFile },
  self_contained_gzip_bytes: selfContained,
};
console.log(JSON.stringify(report, null, 2));
if (outFile) writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
