// Takes the README's screenshot of the page (docs/screenshot.png) from the built site with
// Debian's headless Chromium: the Robust LDP view on the RLDP paper's Example 3 preset (PolyOpt).
//   bash scripts/setup && node scripts/screenshot.mjs [OUT.png]
// Look at the result before committing it.
import { join } from 'node:path';
import { openBrowser, newPage, waitForResult, ROOT } from '../tests/e2e/harness.mjs';

const out = process.argv[2] || join(ROOT, 'docs', 'screenshot.png');
const { base, browser, close } = await openBrowser();
const problems = [];
try {
  const { page } = await newPage(browser, problems, { width: 1280, height: 860 });
  await page.goto(`${base}index.html`);
  await waitForResult(page);
  await page.waitForSelector('#example-picker option[value="rldp-example1-polyopt.json"]', { state: 'attached' });
  await page.selectOption('#example-picker', 'rldp-example1-polyopt.json');
  await waitForResult(page);
  await page.waitForTimeout(500);  // the follow-up curve
  await page.screenshot({ path: out });
  if (problems.length) throw new Error(problems.join('\n'));
  console.log(`screenshot written to ${out}`);
} finally {
  await close();
}
