// Words for people: the one place that turns the machine text a student would otherwise read
// (identifiers, file paths, raw core messages in the solver's notes, experiment axes and legends,
// example texts) into the names the papers use. The core's and the CLI's texts stay as they are
// (scripts and the golden fixtures read them); the page shows them through these functions.
import { describeField } from './widgets/result_frame.js';

/** Series and column names of the core -> the papers' names. */
const NAMES = {
  grr: 'GRR', srr: 'SRR', ir: 'IR', nr: 'NR', polyopt: 'PolyOpt', oue: 'OUE', cr: 'CR',
  nunp: 'NUNP', nurp: 'NURP', runp: 'RUNP', rurp: 'RURP',
  epsilon: 'ε', eps: 'ε', eps_star: 'ε*', d_star: 'D*', nmi: 'NMI', nmi_mean: 'NMI (mean)',
  // The guarantees an audit re-measures (core/audit claims).
  rldp: 'robust LDP', 'rldp-simplex': 'RLDP over the whole simplex', 'rldp-mse': 'robust LDP', ldp: 'LDP', lip: 'LIP',
  srlip: 'SRLIP', 'srlip-measured': 'SRLIP', 'srlip-product': 'SRLIP (product)', 'metric-dp': 'metric DP', chi2: 'χ²-privacy',
};

/** Replacements in running text, in order: paths and file names out, identifiers to symbols. */
const REWRITES = [
  [/\((?:docs\/)?errata\.md\)/g, '(a checked erratum)'],
  [/\s*\((?:see )?(?:the )?(?:(?:core|docs)\/[\w/.-]+|[\w-]+\.md)\)/g, ''],
  [/;?\s*see (?:core\/[\w/.-]+|bench\/[\w.-]+|[\w-]+\.md|the \w+ README)(?: for [\w ]+)?/g, ''],
  [/\b(?:core|bench|docs|tests|web|examples)\/[\w/.-]*[\w/]|\b[\w-]+\.md\b/g, ''],
  [/\bERRATUM\b/g, 'Erratum'],
  [/\buse ir, srr or grr\b/g, 'use IR, SRR or GRR'],
  [/\bnmi_(\w+?) - nmi_(\w+)\b/g, (_, a, b) => `NMI of ${a.toUpperCase()} − NMI of ${b.toUpperCase()}`],
  [/\balpha_(\w+?) - alpha_(\w+)\b/g, (_, a, b) => `α of ${a.toUpperCase()} − α of ${b.toUpperCase()}`],
  [/\beps\*/g, 'ε*'],
  [/\beps_star\b/g, 'ε*'],
  [/\bepsilon\b/g, 'ε'],
  [/\beps\b/g, 'ε'],
  [/\bP-hat\b/g, 'P̂'],
  [/\brequest (\d+) of (\d+)/g, 'step $1 of $2'],
];

/** Running text (a note, an explanation, a title) with machine words replaced. */
export function forPeople(text) {
  let out = String(text ?? '');
  for (const [pattern, by] of REWRITES) out = out.replace(pattern, by);
  return out.replace(/\s+([.,;)])/g, '$1').replace(/\(\s*\)/g, '').trim();
}

/** A name from the core (a series, a column, a legend entry) as the paper writes it. */
export function nameForPeople(name) {
  const key = String(name ?? '');
  return NAMES[key.toLowerCase()] || forPeople(key);
}

/**
 * A core error message for people: "'epsilon' must lie in [0, 50], got 51" says which field in
 * words and what to type. Other messages keep their text, with machine words replaced.
 */
export function errorForPeople(error) {
  const message = String((error && error.message) || '');
  const where = error && error.path ? describeField(error.path) : '';
  const range = /^'([\w]+)' must lie in \[([^,\]]+), ([^\]]+)\], got (.+)$/.exec(message);
  if (range) return `${where || nameForPeople(range[1])} must be between ${range[2]} and ${range[3]} (it is ${range[4]})`;
  const whole = /^'([\w]+)' must be a whole number from (\S+) to (\S+)$/.exec(message);
  if (whole) return `${where || nameForPeople(whole[1])} must be a whole number from ${whole[2]} to ${whole[3]}`;
  const missing = /^the field '([\w]+)' is required$/.exec(message);
  if (missing) return `${where || nameForPeople(missing[1])} is missing`;
  const notNumber = /^expected a number, got (.+)$/.exec(message);
  if (notNumber) return `${where ? `${where}: ` : ''}a number is needed here (got ${notNumber[1]})`;
  return forPeople(message);
}
