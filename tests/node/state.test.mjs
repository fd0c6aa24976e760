// web/src/state.js: the URL form of the page state round-trips, builds the CLI request, and
// survives hostile links (garbage, too long, markup) by falling back to the default example.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultState, parseHash, serializeHash, linkHash, stateToRequest, scenarioToState, describeTable, LIMITS } from '../../web/src/state.js';
import { ROOT } from './wasm_loader.mjs';

test('state: default state round-trips through the URL', () => {
  const s = defaultState();
  const { state, error } = parseHash(`#${serializeHash(s)}`);
  assert.equal(error, null);
  assert.deepEqual(state, s);
});

test('state: names with separators and unicode round-trip as text', () => {
  const s = { ...defaultState(), sNames: ['a,b;c', 'é&=#'], uNames: ['<b>x</b>', 'u 2'], truth: null, unc: 'radius', radius: '0.1' };
  const { state, error } = parseHash(serializeHash(s));
  assert.equal(error, null);
  assert.deepEqual(state, s);
});

test('state: every uncertainty choice and mechanism round-trips', () => {
  for (const unc of ['point', 'simplex', 'conf', 'radius'])
    for (const mech of ['grr', 'srr']) {
      const s = { ...defaultState(), unc, mech };
      assert.deepEqual(parseHash(serializeHash(s)).state, s);
    }
});

test('state: the request is the CLI request of examples/rldp-example1.json', () => {
  const scenario = JSON.parse(readFileSync(join(ROOT, 'examples', 'rldp-example1.json'), 'utf8'));
  const state = scenarioToState(scenario);
  const { request, errors } = stateToRequest(state);
  assert.equal(errors, undefined);
  for (const key of ['family', 'mechanism', 'joint', 'true_joint', 'n', 'epsilon', 'uncertainty'])
    assert.deepEqual(request[key], scenario[key], key);
});

test('state: hostile links fall back to the default example with a message', () => {
  const hostile = [
    '#garbage',                                           // no key=value: ignored, defaults
    '#v=1&mech=<script>alert(1)</script>',                // unknown mechanism
    '#v=1&p=%E0%A4%A',                                    // broken percent-encoding
    '#v=1&p=1,2;3',                                       // ragged table
    `#v=1&p=${'1,'.repeat(5000)}1`,                       // too long
    `#v=1&p=${Array(LIMITS.maxRows + 1).fill('1').join(';')}`, // too many rows
    '#v=x',                                               // bad version
    '#v=1&view=<img src=x onerror=alert(1)>',
  ];
  for (const hash of hostile) {
    const { state, error } = parseHash(hash);
    if (hash === '#garbage') { assert.equal(error, null); assert.deepEqual(state, defaultState()); continue; }
    assert.ok(error && error.length > 0, `no message for ${hash.slice(0, 40)}`);
    assert.deepEqual(state, defaultState());
  }
});

test('state: markup in names and cells is kept as inert text or dropped', () => {
  const { state } = parseHash('#v=1&p=0.5,0.5&s=%3Cscript%3Ealert(1)%3C%2Fscript%3E&u=a,b');
  assert.equal(state.sNames[0], '<script>alert(1)</script>'.slice(0, LIMITS.maxName));
  const cells = parseHash('#v=1&p=%3Cb%3E,0.5').state.joint;
  assert.equal(cells[0][0], '');  // not a number: emptied, the editor flags it
});

test('state: invalid cells are reported by field, not sent', () => {
  const s = { ...defaultState(), joint: [['0.5', 'abc'], ['-0.1', '0.6']], eps: '-1' };
  const { errors } = stateToRequest(s);
  const fields = errors.map((e) => e.field);
  assert.ok(fields.includes('/joint/0/1'));
  assert.ok(fields.includes('/joint/1/0'));
  assert.ok(fields.includes('/epsilon'));
});

test('state: describeTable tells probabilities, counts and non-distributions apart', () => {
  assert.equal(describeTable([['0.2', '0.3'], ['0.1', '0.4']]).kind, 'probabilities');
  assert.equal(describeTable([['2', '3'], ['1', '4']]).kind, 'counts');
  assert.equal(describeTable([['0.2', '0.3'], ['0.1', '0.3']]).kind, 'invalid');
  assert.equal(describeTable([['0.2', ''], ['0.1', '0.3']]).kind, 'incomplete');
  assert.equal(describeTable([['-1', '2']]).kind, 'invalid');
});

test('state: long states are linked compressed, parse back, and old readable links still work', () => {
  const big = { ...defaultState(), truth: null,
    joint: Array.from({ length: 12 }, (_, r) => Array.from({ length: 12 }, (_, c) => String((r * 12 + c) % 7 + 1))),
    sNames: Array.from({ length: 12 }, (_, i) => `row ${i}`), uNames: Array.from({ length: 12 }, (_, i) => `col ${i}`) };
  const plain = serializeHash(big);
  const link = linkHash(big);
  assert.match(link, /^v=1&z=/);
  assert.ok(link.length < 0.6 * plain.length, `${link.length} vs ${plain.length}`);
  assert.deepEqual(parseHash(link).state, big);
  assert.deepEqual(parseHash(plain).state, big);       // the readable form keeps working
  assert.equal(linkHash(defaultState()), serializeHash(defaultState()));  // short: readable
  assert.match(parseHash('v=1&z=NoT-LZ-DaTa').error, /could not be read/);
});

import { samplesToTable } from '../../web/src/fields.js';

test('fields: a CSV of raw samples becomes a count table with sorted labels', () => {
  const t = samplesToTable('s,u\nmale,young\nfemale,old\n\nmale,old\n# comment\n"male",young\nfemale;young\n');
  assert.deepEqual(t.sNames, ['female', 'male']);
  assert.deepEqual(t.uNames, ['old', 'young']);
  assert.deepEqual(t.counts, [[1, 1], [1, 2]]);
  assert.equal(t.n, 5);
  assert.deepEqual(samplesToTable('2,10\n10,2\n2,2').sNames, ['2', '10']);  // numeric order
  assert.throws(() => samplesToTable('a,b,c\n'), /line 1/);
  assert.throws(() => samplesToTable('s,u\n'), /no samples/);
  assert.throws(() => samplesToTable(Array.from({ length: 20 }, (_, i) => `s${i},u`).join('\n')), /at most/);
});

test('state: the gallery preset a state came from round-trips by file name; anything else is dropped', () => {
  const s = { ...defaultState(), preset: 'rldp-example4-srr.json' };
  assert.deepEqual(parseHash(serializeHash(s)).state, s);
  assert.deepEqual(parseHash(linkHash(s)).state, s);
  for (const hostile of ['../../etc/passwd', '<img src=x onerror=alert(1)>.json', 'x.json%00', 'rldp-example4-srr', 'A.json', `${'a'.repeat(90)}.json`]) {
    const { state, error } = parseHash(`v=1&view=rldp&preset=${hostile}`);
    assert.equal(error, null, hostile);
    assert.equal(state.preset, undefined, hostile);
    assert.ok(!serializeHash(state).includes('preset='), hostile);
  }
});

test('state: a decimal comma is a number, and every value is escaped in the link (issue 29)', () => {
  const s = { ...defaultState(), joint: [['0,07', '0.10'], ['0,26', '0,57']], eps: '0,7' };
  const hash = serializeHash(s);
  const back = parseHash(`#${hash}`);
  assert.equal(back.error, null);
  assert.deepEqual(back.state, s);
  assert.deepEqual(parseHash(linkHash(s)).state, s);
  const { request, errors } = stateToRequest(s);
  assert.equal(errors, undefined);
  assert.deepEqual(request.joint, [[0.07, 0.1], [0.26, 0.57]]);
  assert.equal(request.epsilon, 0.7);
  // A link of the old writer (the whole table escaped once) reads as before.
  assert.deepEqual(parseHash('#v=1&view=rldp&p=0.07%2C0.10%3B0.26%2C0.57').state.joint, [['0.07', '0.10'], ['0.26', '0.57']]);
  // What is not a number is said with the two ways to write one.
  const bad = stateToRequest({ ...defaultState(), eps: '0;7' }).errors;
  assert.match(bad[0].message, /0\.07 or 0,07/);
});

test('state: a link with an unreadable part keeps the view and the rest, and names the part (issue 29)', () => {
  const { state, error } = parseHash('#view=game&r=15&c=20&eps=0.7&mech=dp');
  assert.equal(state.view, 'game');
  assert.equal(state.eps, '0.7');
  assert.equal(state.mech, 'dp');
  assert.match(error, /rows and columns must be a whole number from 1 to 10/);
  assert.match(error, /command-line tool/);
  const mech = parseHash('#v=1&view=rldp&mech=zz&eps=2&p=0.2,0.3;0.1,0.4');
  assert.equal(mech.state.eps, '2');
  assert.deepEqual(mech.state.joint, [['0.2', '0.3'], ['0.1', '0.4']]);
  assert.match(mech.error, /unknown mechanism/);
  assert.equal(mech.state.mech, defaultState().mech);
});
