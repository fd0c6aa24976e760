// Field parsing shared by every view's state schema: tolerant cleaning of text from links, and
// validation of numbers and tables that names the request field (a JSON pointer) at fault.

export const LIMITS = { maxRows: 16, maxCols: 16, maxCells: 256, maxHash: 8000, maxName: 24 };
/** A number as people type it: a decimal point or a decimal comma ("0.07", "0,07", "1e-3"). */
export const NUMBER_TEXT = /^[-+]?(\d+[.,]?\d*|[.,]\d+)([eE][-+]?\d+)?$/;
/** What the number fields accept, said where a cell or field is refused. */
export const NUMBER_HINT = 'a decimal point or comma both work: 0.07 or 0,07';

/** The value of a number typed with a decimal point or comma; NaN for anything else. */
export function toNumber(text) {
  const t = String(text).trim();
  return NUMBER_TEXT.test(t) ? Number(t.replace(',', '.')) : NaN;
}

/** Control characters removed and length capped. Rendering uses textContent, never HTML. */
export function cleanName(raw) {
  return String(raw).replace(/[\u0000-\u001f\u007f]/g, '').slice(0, LIMITS.maxName);
}

/**
 * A scenario's "uncertainty" as page state: 'point' | 'simplex' kept as they are, a Rényi ball
 * {alpha, radius} or {alpha, confidence} as unc 'radius' | 'conf' with its fields as text;
 * anything else is the point set. Returns only the keys it sets.
 */
export function scenarioUncertainty(u) {
  if (u === 'point' || u === 'simplex') return { unc: u };
  if (!u || typeof u !== 'object') return { unc: 'point' };
  const alpha = String(u.alpha ?? 2);
  return typeof u.radius === 'number' ? { unc: 'radius', alpha, radius: String(u.radius) }
    : { unc: 'conf', alpha, conf: String(u.confidence ?? 0.95) };
}

/** state[key] = params[key] when the link has that key and it is one of `allowed`; else throws `message`. */
export function readChoice(params, state, key, allowed, message) {
  if (params[key] === undefined) return;
  if (!allowed.includes(params[key])) throw new Error(message);
  state[key] = params[key];
}

/** A cell's text if it is a number, else '' (the editor then flags it). */
export function cleanCell(raw) {
  const text = String(raw).trim().slice(0, 32);
  return NUMBER_TEXT.test(text) ? text : '';
}

/**
 * The tables of a link: `p` (the estimate P-hat; a new one drops the old P*) and `t` (the true
 * P*, of P-hat's shape), read into state. checkJoint(joint) may refuse a P-hat the view cannot
 * solve (throws). Throws a readable Error.
 */
export function readLinkTables(params, state, checkJoint = () => {}) {
  if (params.p !== undefined) {
    state.joint = parseMatrix(safeDecode(params.p));
    checkJoint(state.joint);
    state.truth = null;
  }
  if (params.t !== undefined) {
    const truth = parseMatrix(safeDecode(params.t));
    if (truth.length !== state.joint.length || truth[0].length !== state.joint[0].length)
      throw new Error('the true distribution in the link has another shape than the estimate');
    state.truth = truth;
  }
}

/**
 * "a,b;c,d" -> [['a','b'],['c','d']] within LIMITS; throws a readable Error otherwise. Each cell is
 * percent-decoded once more: serializeMatrix escapes every value, so a decimal comma ("0%2C07")
 * never reads as a separator (old links hold plain numbers, which decode to themselves).
 */
export function parseMatrix(text) {
  const rows = text.split(';').map((r) => r.split(',').map((c) => cleanCell(safeDecode(c))));
  const cols = rows[0].length;
  if (rows.length > LIMITS.maxRows || cols > LIMITS.maxCols || rows.length * cols > LIMITS.maxCells)
    throw new Error(`the table in the link is larger than ${LIMITS.maxRows}x${LIMITS.maxCols}`);
  if (rows.some((r) => r.length !== cols)) throw new Error('the table in the link is not rectangular');
  return rows;
}

/** A table for a link: every value escaped (a decimal comma too), then the whole escaped again. */
export function serializeMatrix(m) {
  return encodeURIComponent(m.map((r) => serializeList(r)).join(';'));
}

/** Values joined by ',' with each one escaped (so "0,5" stays one value); parseList reads it back. */
export function serializeList(values) {
  return values.map((v) => encodeURIComponent(v)).join(',');
}

/** The values of serializeList(values), after the link's own decoding of the whole. */
export function parseList(text) {
  return text.split(',').map((v) => safeDecode(v));
}

/** `count` names from "a,b,c" (each percent-encoded), defaulting to prefix1, prefix2, ... */
export function parseNames(text, count, prefix) {
  const names = text === undefined ? [] : text.split(',').map((n) => cleanName(safeDecode(n)));
  return Array.from({ length: count }, (_, i) => (names[i] ? names[i] : `${prefix}${i + 1}`));
}

export function serializeNames(names) {
  return names.map((n) => encodeURIComponent(n)).join(',');
}

export function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new Error('the link is not properly encoded');
  }
}

/** A number from text, or NaN with an error naming `field` pushed to `errors`. */
export function numberField(text, field, label, errors) {
  const value = toNumber(text);
  if (!Number.isFinite(value)) errors.push({ field, message: `${label} must be a number (${NUMBER_HINT})` });
  return value;
}

/** A table of non-negative numbers, errors named /field/row/col. */
export function matrixField(m, field, label, errors) {
  return m.map((row, r) => row.map((cell, c) => {
    const v = numberField(cell, `${field}/${r}/${c}`, `${label} cell (${r + 1}, ${c + 1})`, errors);
    if (v < 0) errors.push({ field: `${field}/${r}/${c}`, message: 'probabilities and counts cannot be negative' });
    return v;
  }));
}

/** A scenario file's table as editor text, through the same limits as links. */
export function scenarioMatrix(m, field) {
  if (!Array.isArray(m) || m.length === 0 || !Array.isArray(m[0])) throw new Error(`${field} must be a table`);
  return parseMatrix(m.map((r) => (Array.isArray(r) ? r.map((v) => String(v)).join(',') : '')).join(';'));
}

/** Marginals and the kind of table, for an editor's live feedback. */
export function describeTable(matrix) {
  const values = matrix.map((row) => row.map(toNumber));
  const flat = values.flat();
  if (flat.some((v) => !Number.isFinite(v))) return { kind: 'incomplete', message: `Some cells are empty or not numbers (${NUMBER_HINT}).` };
  if (flat.some((v) => v < 0)) return { kind: 'invalid', message: 'Negative entries: not a distribution.' };
  const total = flat.reduce((a, b) => a + b, 0);
  const rowSums = values.map((r) => r.reduce((a, b) => a + b, 0));
  const colSums = values[0].map((_, c) => values.reduce((a, r) => a + r[c], 0));
  if (total <= 0) return { kind: 'invalid', message: 'The table has no mass.', rowSums, colSums, total };
  if (Math.abs(total - 1) <= 1e-6) return { kind: 'probabilities', message: 'Probabilities summing to 1.', rowSums, colSums, total };
  if (flat.every((v) => Number.isInteger(v)))
    return { kind: 'counts', message: `Counts: n = ${total}, normalised to probabilities.`, rowSums: rowSums.map((v) => v / total), colSums: colSums.map((v) => v / total), total };
  return { kind: 'invalid', message: `Not a distribution: the entries sum to ${+total.toFixed(6)}, not 1 (and are not whole-number counts).`, rowSums, colSums, total };
}

/**
 * A CSV of raw samples, one "s,u" pair per line (comma, semicolon or tab; an optional header line
 * "s,u"; blank lines and lines starting with # skipped) as a count table: labels sorted
 * (numbers numerically), counts [s][u]. Throws a readable Error naming the line at fault.
 */
export function samplesToTable(text) {
  const pairs = [];
  const lines = String(text).split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const cells = line.split(/[,;\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (cells.length !== 2 || cells[0] === '' || cells[1] === '') throw new Error(`line ${i + 1} is not "s,u"`);
    if (pairs.length === 0 && /^s$/i.test(cells[0]) && /^u$/i.test(cells[1])) return;  // header
    pairs.push(cells.map(cleanName));
  });
  if (pairs.length === 0) throw new Error('the file has no samples');
  const order = (a, b) => a.localeCompare(b, undefined, { numeric: true });
  const sNames = [...new Set(pairs.map((p) => p[0]))].sort(order);
  const uNames = [...new Set(pairs.map((p) => p[1]))].sort(order);
  if (sNames.length > LIMITS.maxRows || uNames.length > LIMITS.maxCols || sNames.length * uNames.length > LIMITS.maxCells)
    throw new Error(`${sNames.length} values of s and ${uNames.length} of u: the page takes at most ${LIMITS.maxRows}×${LIMITS.maxCols}`);
  const counts = sNames.map(() => uNames.map(() => 0));
  for (const [s, u] of pairs) counts[sNames.indexOf(s)][uNames.indexOf(u)] += 1;
  return { sNames, uNames, counts, n: pairs.length };
}
