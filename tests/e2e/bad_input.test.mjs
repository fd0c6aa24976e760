// Bad input in the page: invalid cells are flagged where they are and the table is kept; core
// errors are shown next to the field; hostile links show a message, run no script, and fall back
// to the default example; oversize tables are refused with a message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openBrowser, newPage, waitForResult, SCREENSHOTS } from './harness.mjs';

let env;
before(async () => { env = await openBrowser(); });
after(async () => { await env.close(); });

test('e2e: negative, non-numeric and non-distribution tables are flagged, never lost', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  const cell = 'input[data-table="joint"][data-row="0"][data-col="1"]';

  await page.fill(cell, '-0.1');
  await page.waitForSelector(`${cell}.invalid`);
  assert.match(await page.textContent('#result-error'), /negative/);
  assert.equal(await page.inputValue(cell), '-0.1');

  await page.fill(cell, 'abc');
  await page.waitForSelector(`${cell}.invalid`);
  assert.match(await page.textContent('#status-joint'), /not numbers/);
  assert.equal(await page.inputValue(cell), 'abc');

  await page.fill(cell, '0.3');  // sums to 1.2: a core error naming /joint
  await page.waitForFunction(() => /not a distribution/.test(document.querySelector('#result-error')?.textContent || ''), null, { timeout: 20000 });
  assert.match(await page.textContent('#status-joint'), /Not a distribution/);
  await page.screenshot({ path: join(SCREENSHOTS, 'rldp-bad-table.png'), fullPage: true });

  await page.fill('#epsilon', '-2');
  await page.waitForSelector('#epsilon.invalid');
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: hostile links show a message naming what could not be read, run no script, and keep the default where unreadable', async () => {
  const hostile = [
    '#v=1&view=%3Cimg%20src=x%20onerror=alert(1)%3E',
    '#v=1&mech=%3Cscript%3Ealert(1)%3C/script%3E',
    '#v=1&p=%E0%A4%A',
    `#v=1&p=${'1,'.repeat(6000)}1`,
  ];
  for (const hash of hostile) {
    const problems = [];
    const { page, context } = await newPage(env.browser, problems);
    await page.goto(env.base + hash);
    await waitForResult(page);
    const message = await page.textContent('#message');
    assert.match(message, /could not be read|could not be used|too long/);
    assert.equal(await page.inputValue('input[data-table="joint"][data-row="0"][data-col="0"]'), '0.07');
    assert.equal(await page.$$eval('img', (imgs) => imgs.length), 0);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('e2e: markup in names is shown as text', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(`${env.base}#v=1&s=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E,s2&p=0.07,0.10;0.26,0.57`);
  await waitForResult(page);
  assert.equal(await page.$$eval('img', (imgs) => imgs.length), 0);
  assert.match(await page.textContent('#mechanism-heatmap'), /<img src=x/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: a table larger than the page solves is refused with a message', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  await page.goto(env.base);
  await waitForResult(page);
  for (let i = 0; i < 14; i++) await page.click('#add-row');
  await page.click('#add-row');  // 17 rows: over the limit
  assert.match(await page.textContent('#message'), /up to 16/);
  assert.equal(await page.$$eval('#table-joint tbody tr', (rows) => rows.length), 16 + 1);  // + marginal row
  assert.deepEqual(problems, []);
  await context.close();
});

test('e2e: an invalid edit stops the work still running for the previous state', async () => {
  const problems = [];
  const { page, context } = await newPage(env.browser, problems);
  // A worker ends only when the page terminates it (Cancel, or work no longer wanted).
  const terminated = [];
  page.on('worker', (w) => w.on('close', () => terminated.push(w.url())));
  // |X| = 8: the follow-up sweeps PolyOpt and NR over 13 epsilons, which takes seconds.
  await page.goto(`${env.base}#v=1&view=rldp&mech=srr&eps=1&p=5,8,3,9;7,2,6,4&unc=conf&alpha=2&conf=0.95&n=`);
  await waitForResult(page);
  await page.waitForFunction(() => /^Solved/.test(document.querySelector('#solver-status')?.textContent.trim() || ''), null, { timeout: 60000 });
  // A valid edit starts the new state's solve and its follow-up; an invalid one right after must
  // stop them. (The first visit's follow-up could end before the test looked on a loaded machine:
  // a clean-clone run waited 5 s for its Cancel in vain.)
  const cell = 'input[data-table="joint"][data-row="0"][data-col="0"]';
  await page.fill(cell, '6');
  await page.waitForSelector('#cancel', { timeout: 30000 });
  const before = terminated.length;
  await page.fill(cell, '-1');
  await page.waitForSelector(`${cell}.invalid`);
  await page.waitForFunction(() => !document.querySelector('#cancel'), null, { timeout: 10000 });
  // Chromium reports the ended worker about a second later.
  for (let waited = 0; terminated.length === before && waited < 15000; waited += 100) await page.waitForTimeout(100);
  assert.ok(terminated.length > before, 'the running worker was stopped, not left to finish');
  assert.match(await page.textContent('#solver-status'), /Solved in the browser/);
  assert.deepEqual(problems, []);
  await context.close();
});
