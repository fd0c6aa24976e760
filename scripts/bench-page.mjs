// Page benchmark (not a test): time from navigation to the first solved view in headless
// Chromium (median of N fresh contexts), and the gzip transfer size of what the page loads.
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
const loaded = new Map();
for (let i = 0; i < repeat; i++) {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  page.on('response', (r) => { const p = new URL(r.url()).pathname; if (p.length > 1) loaded.set(p, true); });
  const t0 = Date.now();
  await page.goto(env.base);
  await page.waitForFunction(() => {
    const panel = document.querySelector('.results');
    return panel && panel.dataset.state === location.hash.slice(1) && document.querySelector('#metrics-table');
  }, null, { timeout: 30000 });
  times.push(Date.now() - t0);
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
  first_solved_view_ms: { median: times[Math.floor(times.length / 2)], all: times },
  transfer_bytes: { raw, gzip, per_file_gzip: perFile },
  self_contained_gzip_bytes: selfContained,
};
console.log(JSON.stringify(report, null, 2));
if (outFile) writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
