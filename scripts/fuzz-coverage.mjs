// Summarises the fuzzer's run for scripts/build-fuzzer.sh: reads `llvm-cov export -summary-only`
// JSON (standard input) and libFuzzer's log (the file named by the first argument), and prints
// the line, function and region coverage of core/ per directory, with the run's executions per
// second and edges (libFuzzer's -print_final_stats and its last "cov:" line). The numbers of a
// dated run are kept in docs/results/fuzzing.md.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(0, 'utf8'));
const log = process.argv[2] ? readFileSync(process.argv[2], 'utf8') : '';
const dirs = new Map();
const add = (key, s) => {
  const d = dirs.get(key) ?? { lines: [0, 0], functions: [0, 0], regions: [0, 0] };
  for (const k of ['lines', 'functions', 'regions']) {
    d[k][0] += s[k].covered;
    d[k][1] += s[k].count;
  }
  dirs.set(key, d);
};
for (const data of report.data)
  for (const f of data.files) {
    const m = f.filename.match(/(?:^|\/)core\/([^/]+)\//);
    if (!m) continue;  // the harness itself, system headers
    const dir = m[1] === 'include' ? 'include' : m[1];
    add(`core/${dir}`, f.summary);
    add('core (all)', f.summary);
  }
const pct = ([c, n]) => (n ? ((100 * c) / n).toFixed(1) + ' %' : '-') + ` (${c}/${n})`;
const keys = [...dirs.keys()].filter((k) => k !== 'core (all)').sort();
keys.push('core (all)');
console.log('| directory | lines | functions | regions |');
console.log('|---|---|---|---|');
for (const k of keys) {
  const d = dirs.get(k);
  console.log(`| ${k} | ${pct(d.lines)} | ${pct(d.functions)} | ${pct(d.regions)} |`);
}
const stat = (name) => log.match(new RegExp(`stat::${name}:\\s*(\\d+)`))?.[1];
const covLines = [...log.matchAll(/#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)/g)];
const last = covLines[covLines.length - 1];
if (stat('number_of_executed_units'))
  console.log(`\nexecutions: ${stat('number_of_executed_units')}, ${stat('average_exec_per_sec')} per second; ` +
              (last ? `edges (cov): ${last[2]}, features (ft): ${last[3]}, corpus: ${last[4]} inputs` : 'no cov line'));
