// Shared set-up of the browser tests: serve build/site on a free loopback port, launch Debian's
// Chromium through playwright-core, and helpers to read the page.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, normalizePrefix } from '../../scripts/serve.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOTS = join(ROOT, 'build', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/** The browser and a server of build/site; with `prefix` the site is served under that sub-path. */
export async function openBrowser({ prefix = '/' } = {}) {
  const server = await startServer(join(ROOT, 'build', 'site'), 0, '127.0.0.1', { prefix });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-sync', '--disable-quic'],
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const base = `${origin}${normalizePrefix(prefix)}`;
  return {
    base, origin, browser, server,
    async close() { await browser.close(); await new Promise((ok) => server.close(ok)); },
  };
}

/** A new page that fails the test on any page error or dialog (a dialog means injected script ran). */
export async function newPage(browser, problems, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('dialog', async (d) => { problems.push(`dialog opened: ${d.message()}`); await d.dismiss(); });
  return { context, page };
}

/**
 * Waits until the page shows the result of its current state: the result panel is marked with
 * the state it was solved for, and that is the state in the address bar. (A view's follow-up
 * request, such as a curve, may still be running; tests wait for its own elements.)
 */
export async function waitForResult(page) {
  await page.waitForFunction(() => {
    const panel = document.querySelector('.results');
    return panel && panel.dataset.state === location.hash.slice(1);
  }, null, { timeout: 30000 });
}

/** The mechanism matrix as drawn in the heatmap (3-decimal numbers from the cells' tooltips). */
export async function readHeatmap(page) {
  return page.$$eval('#mechanism-heatmap g.cell title', (titles) => titles.map((t) => Number(t.textContent.split('= ').pop())));
}

export function cli(request) {
  return JSON.parse(execFileSync(join(ROOT, 'build', 'bin', 'privlab'), ['solve', '-'], { input: JSON.stringify(request), maxBuffer: 1 << 28 }).toString());
}

const AXE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

/** axe-core's critical and serious violations on the page (or frame), as readable lines. */
export async function axeViolations(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Text on the page that is a program's value leaking out ("null", "undefined", "NaN",
 * "[object Object]"), e.g. from replaceChildren(null). Returns the offending lines.
 */
export async function junkText(target) {
  return target.evaluate(() => document.body.innerText.split('\n')
    .filter((line) => /\b(null|undefined|NaN)\b|\[object Object\]/.test(line)).map((line) => line.slice(0, 120)));
}
