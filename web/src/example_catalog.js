// The example picker's catalogue: the site's examples grouped by view and paper, each named as
// its paper names it ("Example 3: PolyOpt", "Figure 2a", "Section 9.2"), paper examples first.
// Pure (importable in Node): the page builds the <optgroup>s from groupExamples(index).

/** One group per view (family; a given matrix opens in the Evaluate view), in tab order, with the paper it follows. */
export const EXAMPLE_GROUPS = [
  { family: 'rldp', label: 'Robust LDP — Lopuhaä-Zwakenberg & Goseling (Entropy 2024)' },
  { family: 'rldp-mse', label: 'Robust MSE — robust optimisation of an MSE release' },
  { family: 'funnel', label: 'Privacy funnel — LDP and LIP guarantees' },
  { family: 'estimation', label: 'Estimation — Wang et al., privacy with estimation guarantees' },
  { family: 'game', label: 'Privacy game — Shokri, Stackelberg privacy games' },
  { family: 'evaluate', label: 'Evaluate a mechanism — your own matrix, any family' },
];

/** Names where the file's title does not read as the paper's own name of the case. */
const NAMES = {
  'rldp-example1.json': 'Examples 1 and 4: SRR on the 2×2 table',
  'rldp-example1-nr.json': 'Example 1: non-robust optimum (NR)',
  'rldp-example1-polyopt.json': 'Example 3: PolyOpt',
  'rldp-example1-polyopt-no-same-s.json': 'Example 3, variant: PolyOpt without the same-s rows',
  'rldp-curve-example1.json': 'Example 1: all mechanisms against ε',
  'rldp-example5-ir.json': 'Example 5: independent reporting (IR)',
  'rldp-sample.json': 'Draw P*, sample n, estimate P̂',
  'rldp-adult-sex-race.json': 'Figure 2 (top left): Adult sex × race',
  'rldp-adult-race-sex.json': 'Figure 2 (top right): Adult race × sex',
  'rldp-adult-occupation-education.json': 'Figure 2 (bottom left): Adult occupation × education',
  'funnel-adult-marital-status-relationship.json': 'Section VIII-C: Adult marital status × relationship',
  'funnel-adult-marital-status-sex.json': 'Section VIII-C: Adult marital status × sex',
  'funnel-opt-ldp.json': 'Theorem 2: optimal LDP protocol w.r.t. S',
  'funnel-opt-lip-simplex.json': 'Theorem 3: optimal LIP protocol on the simplex',
  'funnel-conditional-reporting.json': 'Algorithm 1: Conditional Reporting calibrated to ε-LIP',
  'rldp-mse-four-problems-nunp.json': 'Problem (7) NUNP: the naive LP',
  'rldp-mse-four-problems-nurp.json': 'Problem NURP: robust privacy, nominal utility',
  'rldp-mse-four-problems-runp.json': 'Problem (9) RUNP: robust utility only',
  'rldp-mse-four-problems-rurp.json': 'Problem (10) RURP: robust utility and privacy',
  'game-grid-distortion.json': 'LP (21): optimal distortion-privacy mechanism, 4×4 grid',
  'game-grid-dp.json': 'LP (22): optimal metric-DP mechanism, 4×4 grid',
  'game-grid-joint.json': 'LP (24): joint DP + distortion mechanism, 4×4 grid',
  'game-scenario1.json': 'Section 9.1: scenario 1 (small)',
  'game-scenario3.json': 'Section 9.1: scenario 3 (small)',
  'game-prior-mismatch.json': 'Section 9.2: a better-informed adversary',
  'game-prior-mismatch-study.json': 'Section 9.2: prior mismatch study (small)',
  'game-approximation.json': 'Appendix C: approximation on a 6×6 grid',
  'game-approximation-study.json': 'Appendix C, Figure 8 (small): approximation study',
  'game-figure8.json': 'Figure 8: privacy lost and solve time per threshold (reduced map, 10 users)',
};

/** Strips the paper's and the view's name from a title ("RLDP paper, Example 4: …" -> "Example 4: …"). */
export function exampleName(entry) {
  if (NAMES[entry.file]) return NAMES[entry.file];
  const title = String(entry.title || entry.file);
  return title
    .replace(/^(RLDP|Estimation|Privacy funnel|Privacy game)( paper| experiment)?[,:]?\s+/i, '')
    .replace(/\beps\b/g, 'ε').replace(/\beps\*/g, 'ε*')
    .replace(/^./, (c) => c.toUpperCase());
}

/** Sort key: worked examples, then figures, tables, sections and theorems, in the paper's order; then the rest. */
function rank(name) {
  const kinds = ['example', 'problem', 'lp', 'theorem', 'algorithm', 'figure', 'table', 'section', 'appendix'];
  const m = /^(Examples?|Problem|LP|Theorem|Algorithm|Figure|Table|Section|Appendix)\s+\(?([0-9IVX]+|[A-Z])/i.exec(name);
  if (!m) return [kinds.length, 0];
  const kind = kinds.indexOf(m[1].toLowerCase().replace(/s$/, ''));
  const roman = { I: 1, II: 2, III: 3, IV: 4, V: 5, VI: 6, VII: 7, VIII: 8, IX: 9, X: 10 };
  const number = /^\d+$/.test(m[2]) ? Number(m[2]) : roman[m[2].toUpperCase()] || m[2].charCodeAt(0);
  return [kind, number + (/variant/.test(name) ? 0.5 : 0)];
}

/**
 * The index grouped for the picker: [{ family, label, entries: [{ file, name, title }] }], groups
 * in tab order (only families in `families`, when given), entries sorted by rank then name.
 */
export function groupExamples(index, families = null) {
  return EXAMPLE_GROUPS.filter((g) => !families || families.includes(g.family)).map((group) => ({
    ...group,
    entries: index.filter((e) => (e.view || e.family) === group.family)
      .map((e) => ({ file: e.file, title: e.title, name: exampleName(e) }))
      .sort((a, b) => {
        const [ka, na] = rank(a.name);
        const [kb, nb] = rank(b.name);
        return ka - kb || na - nb || a.name.localeCompare(b.name, 'en');
      }),
  })).filter((g) => g.entries.length > 0);
}
