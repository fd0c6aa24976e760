// Writes the Adult census contingency tables the papers use as scenario files in examples/,
// tabulated by the core itself ({"family":"data"} through build/bin/privlab).
//   node scripts/make-adult-presets.mjs [--check] [path/to/adult.data[.gz]]
// The data default to the committed data/adult.data.gz (data/README.md). --check writes nothing
// and exits 1 when a preset differs from what the data give (CTest adult_presets).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const dataPath = args.find((a) => a !== '--check') || join(root, 'data', 'adult.data.gz');
const raw = readFileSync(dataPath);
const csv = (dataPath.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
const privlab = process.env.PRIVLAB || join(root, 'build', 'bin', 'privlab');

function table(s, u) {
  const out = execFileSync(privlab, ['solve', '-'], { input: JSON.stringify({ family: 'data', tabulate: [s, u], data_csv: csv }), maxBuffer: 1 << 24 });
  return JSON.parse(out.toString());
}

const PRESETS = [
  { family: 'rldp', s: 'sex', u: 'race', extra: { mechanism: 'polyopt', epsilon: 1, uncertainty: { alpha: 2, confidence: 0.95 } },
    about: 'RLDP paper Section 8.1 / Figure 2 (top left): S = sex, U = race.' },
  { family: 'rldp', s: 'race', u: 'sex', extra: { mechanism: 'polyopt', epsilon: 1, uncertainty: { alpha: 2, confidence: 0.95 } },
    about: 'RLDP paper Section 8.1 / Figure 2 (top right): S = race, U = sex.' },
  { family: 'rldp', s: 'occupation', u: 'education', extra: { mechanism: 'ir', epsilon: 1, uncertainty: { alpha: 2, confidence: 0.95 } },
    about: 'RLDP paper Section 8.1 / Figure 2 (bottom left): S = occupation, U = education (|X| = 240: the page runs IR, SRR and GRR; PolyOpt and NR, beyond the paper, run in the command-line tool).' },
  { family: 'funnel', s: 'marital-status', u: 'sex', extra: { mechanism: 'opt-lip', epsilon: 0.5, metric: 'lip' },
    about: 'Privacy funnel paper Section VIII-C: S = marital-status, X = sex.' },
  { family: 'funnel', s: 'marital-status', u: 'relationship', extra: { mechanism: 'opt-lip', epsilon: 0.5, metric: 'lip' },
    about: 'Privacy funnel paper Section VIII-C: S = marital-status, X = relationship.' },
];

let differ = 0;
for (const p of PRESETS) {
  const t = table(p.s, p.u);
  const scenario = {
    title: `Adult census: ${p.s} × ${p.u} (${p.family})`,
    description: `${p.about} Counts of the UCI Adult file (n = ${t.n}), "?" kept as a category.`,
    labels: { s: t.labels[0], u: t.labels[1] },
    family: p.family, joint: t.counts, ...p.extra,
  };
  const file = join(root, 'examples', `${p.family}-adult-${p.s}-${p.u}.json`);
  // The files also carry hand-written fields (explanation, formula): keep them, own the rest.
  const old = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (check) {
    const same = Object.keys(scenario).every((k) => JSON.stringify(old[k]) === JSON.stringify(scenario[k]));
    if (!same) differ += 1;
    console.log(`${file}: ${same ? 'same as' : 'DIFFERS from'} the counts of ${dataPath}`);
    continue;
  }
  writeFileSync(file, `${JSON.stringify({ ...old, ...scenario })}\n`);
  console.log(`${file}: ${t.labels[0].length} x ${t.labels[1].length}, n = ${t.n}`);
}
if (differ) process.exit(1);
