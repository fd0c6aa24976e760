// Screenshots of the built site with Debian's headless Chromium, taken once the page says
// "Solved" (never mid-solve).
//   node scripts/screenshot.mjs [OUT.png]     the README's picture (docs/screenshot.png): the
//                                             Robust LDP view on the RLDP paper's Example 3 (PolyOpt)
//   node scripts/screenshot.mjs --views [DIR] every view on a phone (390 x 844, whole page) and
//                                             embedded in a course page (a 700 x 620 iframe), into
//                                             DIR (build/screenshots): phone-<view>.png, embed-<view>.png
//                                             (VIEWS=estimation,game: only those views)
// Run `bash scripts/setup` first; look at every picture before committing one.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { openBrowser, newPage, ROOT, SCREENSHOTS } from '../tests/e2e/harness.mjs';

const VIEWS = (process.env.VIEWS || 'rldp,rldp-mse,funnel,estimation,game,evaluate').split(',');
const PHONE = { width: 390, height: 844 };
const FRAME = { width: 700, height: 620 };

/**
 * Waits until the page (or the embedded frame) has finished the current state: the status bar
 * says "Solved" (it says so only after the follow-up requests too), or the game's "LP too large"
 * notice has nothing left to run. Fails after two minutes with what the status bar says.
 */
async function waitForSolved(target) {
  try {
    await target.waitForFunction(() => {
      const status = document.querySelector('#solver-status');
      const busy = document.querySelector('#status-bar.busy');
      return !busy && status && /^Solved\b/.test(status.textContent.trim());
    }, null, { timeout: 120000 });
  } catch (e) {
    const said = await target.$eval('#solver-status', (el) => el.textContent).catch(() => '(no status bar)');
    throw new Error(`not solved within 2 minutes; the status bar says: ${said}`, { cause: e });
  }
  await target.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));  // charts refitted
}

async function readmePicture(browser, base, problems, out) {
  const { page } = await newPage(browser, problems, { width: 1280, height: 860 });
  await page.goto(`${base}index.html`);
  await waitForSolved(page);
  await page.waitForSelector('#example-picker option[value="rldp-example1-polyopt.json"]', { state: 'attached' });
  await page.selectOption('#example-picker', 'rldp-example1-polyopt.json');
  await page.waitForSelector('#preset-card[data-preset="rldp-example1-polyopt.json"]', { timeout: 20000 });
  // The status still says "Solved" for the default state until the preset's solve starts: wait
  // for the preset's own result (PolyOpt) before waiting for the follow-up solves.
  await page.waitForSelector('text=Result: PolyOpt', { timeout: 120000 });
  await waitForSolved(page);
  await page.screenshot({ path: out });
  return [out];
}

async function viewPictures(browser, base, problems, dir) {
  mkdirSync(dir, { recursive: true });
  const written = [];
  for (const view of VIEWS) {
    const { page, context } = await newPage(browser, problems, PHONE);
    await page.goto(`${base}#v=1&view=${view}`);
    await waitForSolved(page);
    written.push(join(dir, `phone-${view}.png`));
    await page.screenshot({ path: written.at(-1), fullPage: true });
    await context.close();

    const course = await newPage(browser, problems, { width: FRAME.width + 40, height: FRAME.height + 80 });
    await course.page.goto(`${base}examples/index.json`);  // same origin as the frame
    await course.page.setContent(`<!doctype html><h1 style="margin:0 0 4px;font:16px sans-serif">Lecture 7: ${view}</h1>
      <iframe id="demo" title="privlab" src="${base}?embed=1#v=1&view=${view}" style="width:${FRAME.width}px;height:${FRAME.height}px;border:1px solid #999;display:block"></iframe>`);
    const frame = await (await course.page.$('#demo')).contentFrame();
    await frame.waitForLoadState();
    await waitForSolved(frame);
    written.push(join(dir, `embed-${view}.png`));
    await course.page.screenshot({ path: written.at(-1), clip: { x: 0, y: 0, width: FRAME.width + 2, height: FRAME.height + 26 } });
    await course.context.close();
  }
  return written;
}

const args = process.argv.slice(2);
const { base, browser, close } = await openBrowser();
const problems = [];
try {
  const written = args[0] === '--views'
    ? await viewPictures(browser, base, problems, args[1] || SCREENSHOTS)
    : await readmePicture(browser, base, problems, args[0] || join(ROOT, 'docs', 'screenshot.png'));
  if (problems.length) throw new Error(problems.join('\n'));
  for (const file of written) console.log(`screenshot written to ${file}`);
} finally {
  await close();
}
