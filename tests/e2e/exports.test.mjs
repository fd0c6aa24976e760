// Every export of the RLDP view, downloaded from the page and parsed back: the matrix as CSV,
// JSON and LaTeX equals the CLI's; charts are valid SVG and PNG; the scenario file solves with
// the CLI to the numbers on the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openBrowser, newPage, waitForResult, cli } from './harness.mjs';
import { csvToMatrix, latexToMatrix } from '../../web/src/export_formats.js';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

async function grab(page, name) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`button[data-export="${name}"]`)]);
  assert.equal(dl.suggestedFilename(), name);
  return readFileSync(await dl.path());
}

test('e2e: exports parse back to what the page shows and the CLI computes', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  await page.waitForSelector('#utility-curve svg');

  const scenario = JSON.parse(await grab(page, 'scenario.json'));
  const expected = cli(scenario);
  assert.equal(expected.mutual_information.toFixed(4), await page.textContent('#mi-estimate'));

  const csv = csvToMatrix((await grab(page, 'mechanism-srr.csv')).toString());
  assert.deepEqual(csv.matrix, expected.mechanism);
  assert.deepEqual(csv.colLabels, ['s1,u1', 's1,u2', 's2,u1', 's2,u2']);
  assert.deepEqual(JSON.parse(await grab(page, 'mechanism-srr.json')).mechanism, expected.mechanism);
  const tex = latexToMatrix((await grab(page, 'mechanism-srr.tex')).toString());
  tex.forEach((row, r) => row.forEach((v, c) => assert.ok(Math.abs(v - expected.mechanism[r][c]) <= 5e-5)));

  for (const name of ['mechanism-srr.svg', 'utility-vs-epsilon.svg']) {
    const svg = (await grab(page, name)).toString();
    assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.match(svg, /<\/svg>$/);
  }
  for (const name of ['mechanism-srr.png', 'utility-vs-epsilon.png']) {
    const png = await grab(page, name);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.ok(png.length > 2000);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
