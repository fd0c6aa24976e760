// Page benchmark (not a test): time from navigation to the first solved view in headless
// Chromium, cold (a fresh browser context: nothing cached) and warm (a second visit in the same
// context: the HTTP cache and Chromium's cache of compiled WebAssembly), several runs, median and
// worst. Where the time goes comes from the page's performance marks (web/src/main.js
// `firstMark`, the worker's own times in its 'ready' message): the page's HTML, its script run
// (DOMContentLoaded), the worker's start, the Emscripten glue loaded, the .wasm fetched, the
// module compiled and ready, the first request sent, its answer back, the result drawn, and the
// follow-up done (the status says Solved). Also the CPU time until the first result (the main
// thread, and the renderer process with the solver's worker), the load average, and the gzip
// transfer size of what the page loads.
//   node scripts/bench-page.mjs [--repeat N] [--site DIR] [--out FILE.json]
import { gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from './serve.mjs';
import { ROOT } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const repeat = Number(option('--repeat', 5));
const outFile = option('--out', null);
const site = resolve(option('--site', join(ROOT, 'build', 'site')));

/** The marks, in order of a first visit; each is ms after navigation start. */
const MARKS = ['worker-start', 'worker-began', 'worker-glueLoaded', 'worker-wasmFetched', 'worker-ready',
  'warm-up-began', 'warm-up-ended', 'first-request', 'worker-solve-began', 'worker-solve-ended', 'first-response', 'first-result', 'settled'];

const server = await startServer(site, 0, '127.0.0.1');
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--no-first-run', '--disable-sync', '--disable-quic'],
});

const loaded = new Set();
/** One visit in `context`: navigation to the first result (and to the settled status), with its marks. */
async function visit(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });  // durations in thread CPU time
  page.on('response', (r) => { const p = new URL(r.url()).pathname; if (p.length > 1) loaded.add(p.slice(1)); });
  const t0 = Date.now();
  await page.goto(base);
  await page.waitForFunction(() => {
    const panel = document.querySelector('.results');
    return panel && panel.dataset.state === location.hash.slice(1) && document.querySelector('#metrics-table');
  }, null, { timeout: 60000, polling: 'raf' });
  const polled = Date.now() - t0;
  // CPU time until the first result, less distorted than wall time on a loaded machine.
  const metric = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const cpu = { main_thread_ms: Math.round(1000 * metric.TaskDuration), script_ms: Math.round(1000 * metric.ScriptDuration),
    layout_and_style_ms: Math.round(1000 * (metric.LayoutDuration + metric.RecalcStyleDuration)), renderer_process_ms: Math.round(1000 * metric.ProcessTime) };
  await page.waitForFunction(() => performance.getEntriesByName('privlab:settled').length > 0, null, { timeout: 60000 });
  const marks = await page.evaluate((names) => {
    const nav = performance.getEntriesByType('navigation')[0];
    const out = { html_ms: Math.round(nav.responseEnd), dom_content_loaded_ms: Math.round(nav.domContentLoadedEventEnd) };
    for (const name of names) { const m = performance.getEntriesByName(`privlab:${name}`)[0]; out[`${name}_ms`] = m ? Math.round(m.startTime) : null; }
    for (const p of performance.getEntriesByType('paint')) out[`${p.name}_ms`] = Math.round(p.startTime);  // first-paint, first-contentful-paint
    out.answered_by_warm_up = performance.getEntriesByName('privlab:answered-by-warm-up').length > 0;
    // When the page's own files arrived (the worker's are in its own timeline: its marks above).
    for (const r of performance.getEntriesByType('resource')) {
      const path = new URL(r.name).pathname.replace(/^.*\/(assets|examples)\//, '$1/');
      if (/^(assets|examples)\//.test(path)) out[`loaded ${path}_ms`] = Math.round(r.responseEnd);
    }
    return out;
  }, MARKS);
  await page.close();
  return { polled_first_result_ms: polled, ...marks, cpu };
}

/** Median and worst of one number over runs. */
function summary(runs, pick) {
  const v = runs.map(pick).filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return v.length ? { median: v[Math.floor(v.length / 2)], worst: v[v.length - 1] } : null;
}

const cold = [];
const warm = [];
const loadBefore = loadavg()[0];
for (let i = 0; i < repeat; i++) {
  const context = await browser.newContext();
  cold.push(await visit(context));
  warm.push(await visit(context));  // same context: the browser's caches are warm
  await context.close();
}
await browser.close();
await new Promise((ok) => server.close(ok));

function report(runs) {
  const keys = Object.keys(runs[0]).filter((k) => k.endsWith('_ms'));
  return {
    first_result_ms: summary(runs, (r) => r['first-result_ms']),
    answered_by_warm_up: runs.filter((r) => r.answered_by_warm_up).length,
    phases_ms: Object.fromEntries(keys.map((k) => [k, summary(runs, (r) => r[k])])),
    // Durations between the marks (per run, then median and worst).
    spans_ms: {
      html_to_script_done: summary(runs, (r) => r.dom_content_loaded_ms - r.html_ms),
      worker_boot: summary(runs, (r) => r['worker-began_ms'] - r['worker-start_ms']),
      glue: summary(runs, (r) => r['worker-glueLoaded_ms'] - r['worker-began_ms']),
      wasm_fetch: summary(runs, (r) => r['worker-wasmFetched_ms'] - r['worker-glueLoaded_ms']),
      wasm_compile_after_fetch: summary(runs, (r) => r['worker-ready_ms'] - r['worker-wasmFetched_ms']),
      warm_up_solve: summary(runs, (r) => r['warm-up-ended_ms'] - r['warm-up-began_ms']),
      request_to_worker: summary(runs, (r) => r['worker-solve-began_ms'] - r['first-request_ms']),
      first_solve_in_worker: summary(runs, (r) => r['worker-solve-ended_ms'] - r['worker-solve-began_ms']),
      answer_to_page: summary(runs, (r) => r['first-response_ms'] - r['worker-solve-ended_ms']),
      render: summary(runs, (r) => r['first-result_ms'] - r['first-response_ms']),
      follow_up: summary(runs, (r) => r.settled_ms - r['first-result_ms']),
    },
    cpu_until_first_result_ms: Object.fromEntries(Object.keys(runs[0].cpu).map((k) => [k, summary(runs, (r) => r.cpu[k])])),
    runs,
  };
}

let raw = 0;
let gzip = 0;
const perFile = {};
for (const f of ['index.html', ...loaded]) {
  try {
    const bytes = readFileSync(join(site, f));
    raw += statSync(join(site, f)).size;
    perFile[f] = gzipSync(bytes, { level: 9 }).length;
    gzip += perFile[f];
  } catch { /* not a file of the site */ }
}
const result = {
  runner: 'chromium', site, repeat,
  scenario: 'the default page (Robust LDP, SRR on Example 1 with P*, n = 100), no hash, no saved state',
  load_average: { before: +loadBefore.toFixed(2), after: +loadavg()[0].toFixed(2) },
  cold: report(cold),
  warm: report(warm),
  transfer_bytes: { raw, gzip, per_file_gzip: perFile },
};
console.log(JSON.stringify({ ...result, cold: { ...result.cold, runs: undefined }, warm: { ...result.warm, runs: undefined } }, null, 2));
if (outFile) writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
