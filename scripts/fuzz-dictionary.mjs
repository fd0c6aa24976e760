// Writes (or with --check, verifies) tests/fuzz/request_keys.dict, the libFuzzer dictionary of
// tests/fuzz/fuzz_solve.cpp, from the sources that define the request language, so that it cannot
// rot (issue 28):
//   keys   every field name in core/api/known_fields.cpp (the fields a family reads; unknown
//          fields are refused) and every request name of the fixed contract docs/json-api.md
//          (its "Request" bullets and the other request bullets; not the responses, errors or
//          the CLI sections)
//   values every enumerated value: the string lists of json_read::one_of calls and the *_names()
//          tables in core/, the "one of" lists of docs/json-api.md, and every short string value
//          of examples/*.json
// "allow_large" is left out: the harness skips inputs that contain it (command-line only).
//   node scripts/fuzz-dictionary.mjs           rewrite the dictionary
//   node scripts/fuzz-dictionary.mjs --check   exit 1 naming what is missing or extra (CTest
//                                              fuzz_dictionary; scripts/build-fuzzer.sh run)
import { readFileSync, readdirSync, writeFileSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv.find((a, i) => i > 1 && !a.startsWith('--')) ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const dictPath = join(root, 'tests/fuzz/request_keys.dict');
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const SKIPPED = new Set(['allow_large']);

function filesUnder(dir, ext) {
  const out = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, ext));
    else if (p.endsWith(ext)) out.push(p);
  }
  return out.sort();
}

/** Request names of docs/json-api.md: backticked names and the quoted names inside backticks,
 *  in every bullet except responses, certificates, errors and the CLI sections. */
function contractNames(md) {
  const keys = new Set(), values = new Set();
  let section = '';
  const bullets = [];
  for (const line of md.split('\n')) {
    if (line.startsWith('## ')) { section = line; continue; }
    if (/^## (Running it|Experiments in pieces)/.test(section)) continue;
    if (line.startsWith('- ')) bullets.push(line.slice(2));
    else if (line.startsWith('  ') && bullets.length) bullets[bullets.length - 1] += ' ' + line.trim();
  }
  for (const b of bullets) {
    if (/^(Response|Certificates|\*\*Realized|\*\*Units|\*\*Mechanisms)/.test(b)) continue;
    for (const [, tick] of b.matchAll(/`([^`]*)`/g)) {
      const pair = tick.match(/^([A-Za-z_]\w*):\s*"([^"]+)"$/);  // `family: "rldp"`
      if (pair) { keys.add(pair[1]); values.add(pair[2]); continue; }
      if (NAME.test(tick)) keys.add(tick);
      for (const [, q] of tick.matchAll(/"([A-Za-z_][\w-]*)"\s*(:?)/g)) (keys.has(q) || tick.includes(`"${q}":`) ? keys : values).add(q);
    }
    // "X: one of `a`, `b`" and "X is one of: ..." list values, not keys
    for (const [, list] of b.matchAll(/one of:?((?:,?\s*(?:or\s+)?`[^`]*`)+)/g))
      for (const [, v] of list.matchAll(/`([^`]*)`/g)) if (NAME.test(v)) { keys.delete(v); values.add(v); }
    for (const [, v] of b.matchAll(/`"([A-Za-z_][\w-]*)"`/g)) { keys.delete(v); values.add(v); }  // `"simplex"`
  }
  return { keys, values };
}

/** Field names of core/api/known_fields.cpp: every string literal but the families that key
 *  its table (`{"rldp", {{...`). */
function knownFields(cpp) {
  const families = new Set([...cpp.matchAll(/\{"([\w-]+)",\s*\{\{/g)].map((m) => m[1]));
  return new Set([...cpp.matchAll(/"([A-Za-z_]\w*)"/g)].map((m) => m[1]).filter((k) => !families.has(k)));
}

/** Enumerated values in core/: the brace lists of one_of(...) calls and of *_names() tables. */
function coreValues(files) {
  const values = new Set();
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    const lists = [...src.matchAll(/one_of\([^;]*?\{([^}]*)\}/g), ...src.matchAll(/_names\(\)\s*\{[^}]*?\{([^}]*)\}/g)];
    for (const [, list] of lists) for (const [, v] of list.matchAll(/"([^"\\]+)"/g)) if (NAME.test(v)) values.add(v);
  }
  return values;
}

/** Short string values of the examples (family, experiment, mechanism names, ...). */
function exampleValues(dir) {
  const values = new Set();
  const walk = (v, key) => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    else if (typeof v === 'string' && NAME.test(v) && v.length <= 32 && !['title', 'description', 'explanation', 'formula'].includes(key))
      values.add(v);
  };
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) walk(JSON.parse(readFileSync(join(dir, f), 'utf8')));
  return values;
}

const contract = contractNames(readFileSync(join(root, 'docs/json-api.md'), 'utf8'));
const keys = new Set([...knownFields(readFileSync(join(root, 'core/api/known_fields.cpp'), 'utf8')), ...contract.keys]);
const values = new Set([...coreValues(filesUnder(join(root, 'core'), '.cpp')), ...contract.values, ...exampleValues(join(root, 'examples'))]);
for (const s of SKIPPED) keys.delete(s), values.delete(s);

const label = (s) => s.replace(/[^A-Za-z0-9]/g, '_');
const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const lines = [
  '# libFuzzer dictionary for tests/fuzz/fuzz_solve.cpp (scripts/build-fuzzer.sh). Generated by',
  '# scripts/fuzz-dictionary.mjs from core/api/known_fields.cpp, docs/json-api.md, the enumerations',
  '# of core/ and examples/*.json; CTest fuzz_dictionary fails when it is out of date. Do not edit.',
  ...[...keys].sort(byName).map((k) => `key_${label(k)}="\\"${k}\\":"`),
  ...[...values].sort(byName).map((v) => `value_${label(v)}="\\"${v}\\""`),
  'value_Infinity="\\"Infinity\\""',  // how responses write an infinite number
  'number_inf="1e999"',
  'number_big="1e12"',
  'number_tiny="1e-300"',
  'number_neg="-1"',
  'number_zero="0"',
  'true="true"',
  'false="false"',
  'null="null"',
  '',
];
const text = lines.join('\n');
if (process.argv.includes('--check')) {
  let old = '';
  try { old = readFileSync(dictPath, 'utf8'); } catch { /* missing: everything differs */ }
  if (old === text) { console.log(`fuzz dictionary: ${keys.size} keys, ${values.size} values, up to date`); process.exit(0); }
  const oldSet = new Set(old.split('\n')), newSet = new Set(lines);
  const missing = lines.filter((l) => l && !oldSet.has(l)), extra = old.split('\n').filter((l) => l && !newSet.has(l));
  if (missing.length) console.error('missing from tests/fuzz/request_keys.dict:\n  ' + missing.join('\n  '));
  if (extra.length) console.error('in tests/fuzz/request_keys.dict but not in the sources:\n  ' + extra.join('\n  '));
  console.error('run: node scripts/fuzz-dictionary.mjs');
  process.exit(1);
}
writeFileSync(dictPath, text);
console.log(`wrote ${dictPath}: ${keys.size} keys, ${values.size} values`);
