// Every export button of every view, pressed in the browser and parsed back: each mechanism's
// CSV, JSON and LaTeX agree with one another and are column-stochastic, every drawn chart comes
// out as SVG and PNG, other data files are JSON, and every scenario file solves with the CLI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openBrowser, newPage, cli } from './harness.mjs';
import { csvToMatrix, latexToMatrix } from '../../web/src/export_formats.js';
import { VIEWS, waitForView } from './views_table.mjs';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

/** Presses an export button; the file, or null when it offers nothing (a chart not drawn yet). */
async function grab(page, button) {
  const name = await button.getAttribute('data-export');
  const download = page.waitForEvent('download', { timeout: 4000 }).catch(() => null);
  await button.click();
  const dl = await download;
  if (!dl) return null;
  assert.equal(dl.suggestedFilename(), name);
  return { name, bytes: readFileSync(await dl.path()) };
}

function checkMechanism(base, files) {
  const fromJson = JSON.parse(files[`${base}.json`]).mechanism;
  const fromCsv = csvToMatrix(files[`${base}.csv`].toString()).matrix;
  assert.deepEqual(fromCsv, fromJson, `${base}: CSV = JSON`);
  const tex = latexToMatrix(files[`${base}.tex`].toString());
  tex.forEach((row, r) => row.forEach((v, c) => assert.ok(Math.abs(v - fromJson[r][c]) <= 5e-5, `${base}: LaTeX`)));
  for (let c = 0; c < fromJson[0].length; c++) {
    const sum = fromJson.reduce((acc, row) => acc + row[c], 0);
    assert.ok(Math.abs(sum - 1) <= 1e-9, `${base}: column ${c} sums to ${sum}`);
  }
}

for (const view of VIEWS) {
  test(`e2e views: every export of ${view.id} parses back`, async () => {
    const problems = [];
    const { page, context } = await newPage(env.browser, problems);
    await page.goto(`${env.base}#v=1&view=${view.id}`);
    await waitForView(page, view);
    await page.waitForFunction(() => !document.querySelector('#cancel'), null, { timeout: 60000 });  // curves drawn
    const files = {};
    for (const button of await page.$$('main button[data-export]')) {
      if (!(await button.isVisible())) continue;
      const got = await grab(page, button);
      if (got) files[got.name] = got.bytes;
    }
    const names = Object.keys(files);
    const mechanisms = names.filter((n) => n.endsWith('.tex')).map((n) => n.slice(0, -4));
    assert.ok(mechanisms.length >= 1, `${view.id}: a mechanism export (${names.join(', ')})`);
    for (const base of mechanisms) checkMechanism(base, files);
    assert.ok(names.some((n) => n.endsWith('.svg')) && names.some((n) => n.endsWith('.png')), `${view.id}: chart exports`);
    for (const name of names) {
      if (name.endsWith('.svg')) assert.match(files[name].toString(), /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/, name);
      else if (name.endsWith('.png')) assert.deepEqual([...files[name].subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], name);
      else if (name.endsWith('.json')) {
        const data = JSON.parse(files[name]);
        if (name.startsWith('scenario')) {
          const answer = cli(data);  // throws on a non-zero exit
          assert.equal(answer.error, undefined, name);
        }
      }
    }
    assert.ok(names.some((n) => n.startsWith('scenario')), `${view.id}: a scenario export`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
