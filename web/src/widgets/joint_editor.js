// The editor of a joint distribution table P(S,U): rows are sensitive values s, columns are
// non-sensitive values u. Cells hold the user's raw text (never lost, even when not a number);
// names are editable; rows and columns can be added and removed. Shows marginals and says
// clearly whether the table is a distribution. Optional second table (the true P*) with the
// same shape.
import { h, fmt } from '../dom.js';
import { LIMITS, describeTable } from '../fields.js';

/** A name cell wide enough for the whole name (Adult's "Married-civ-spouse" is not cut to "Married"). */
const nameWidth = (name) => `width: ${Math.max(6, Math.min(LIMITS.maxName, String(name).length) + 2)}ch`;

/** Text copied from a spreadsheet as rows of cells (tabs and new lines), or null for one value. */
export function spreadsheetBlock(text) {
  const lines = String(text).replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  if (lines.length < 2 && !lines[0].includes('\t')) return null;
  return lines.map((line) => line.split('\t').map((cell) => cell.trim()));
}

export class JointEditor {
  /**
   * @param {HTMLElement} container
   * @param {{ onChange: (patch: object) => void }} hooks  patch: fields of the state to replace
   */
  constructor(container, { onChange }) {
    this.container = container;
    this.onChange = onChange;
  }

  render(state, fieldErrors = new Map()) {
    this.state = state;
    const blocks = [this.table('joint', 'P̂ — the estimate the mechanism is designed for', state.joint, fieldErrors)];
    blocks.push(h('label', { class: 'inline' },
      h('input', { type: 'checkbox', id: 'truth-toggle', checked: state.truth ? true : null,
        onchange: (e) => this.onChange({ truth: e.target.checked ? state.joint.map((r) => r.slice()) : null }) }),
      ' I know the true distribution P* (shows the privacy actually realized)'));
    if (state.truth) blocks.push(this.table('truth', 'P* — the true distribution', state.truth, fieldErrors));
    blocks.push(h('div', { class: 'shape-buttons' },
      h('button', { type: 'button', id: 'add-row', onclick: () => this.resize(1, 0) }, '+ row (s)'),
      h('button', { type: 'button', id: 'remove-row', onclick: () => this.resize(-1, 0), disabled: state.joint.length <= 1 ? true : null }, '− row'),
      h('button', { type: 'button', id: 'add-col', onclick: () => this.resize(0, 1) }, '+ column (u)'),
      h('button', { type: 'button', id: 'remove-col', onclick: () => this.resize(0, -1), disabled: state.joint[0].length <= 1 ? true : null }, '− column')));
    this.container.replaceChildren(...blocks);
  }

  table(key, caption, matrix, fieldErrors) {
    const field = key === 'joint' ? '/joint' : '/true_joint';
    const info = describeTable(matrix);
    const { sNames, uNames } = this.state;
    const head = h('tr', {}, h('th', { scope: 'col', class: 'corner' }, 'S \\ U'),
      uNames.map((name, c) => h('th', { scope: 'col' }, key === 'joint'
        ? h('input', { class: 'name', value: name, 'aria-label': `name of column ${c + 1}`, maxlength: LIMITS.maxName, title: name, style: nameWidth(name),
          onchange: (e) => this.rename('uNames', c, e.target.value) })
        : name)),
      h('th', { scope: 'col', class: 'marginal' }, 'P(s)'));
    const body = matrix.map((row, r) => h('tr', {},
      h('th', { scope: 'row' }, key === 'joint'
        ? h('input', { class: 'name', value: sNames[r], 'aria-label': `name of row ${r + 1}`, maxlength: LIMITS.maxName, title: sNames[r], style: nameWidth(sNames[r]),
          onchange: (e) => this.rename('sNames', r, e.target.value) })
        : sNames[r]),
      row.map((cell, c) => {
        const error = fieldErrors.get(`${field}/${r}/${c}`);
        return h('td', {}, h('input', {
          class: `cell${error ? ' invalid' : ''}`, value: cell, inputmode: 'decimal', 'data-table': key,
          'data-row': r, 'data-col': c, 'aria-label': `${key === 'joint' ? 'P̂' : 'P*'}(${sNames[r]}, ${uNames[c]})`,
          'aria-invalid': error ? 'true' : null, title: error || 'a probability or a count (decimal point or comma)',
          oninput: (e) => this.edit(key, r, c, e.target.value),
          onpaste: (e) => this.paste(e, key, r, c),
        }));
      }),
      h('td', { class: 'marginal' }, info.rowSums ? fmt(info.rowSums[r], 3) : '')));
    const foot = h('tr', {}, h('th', { scope: 'row', class: 'marginal' }, 'P(u)'),
      matrix[0].map((_, c) => h('td', { class: 'marginal' }, info.colSums ? fmt(info.colSums[c], 3) : '')), h('td'));
    const tableError = fieldErrors.get(field);
    return h('figure', { class: 'joint-table' },
      h('figcaption', {}, caption),
      h('div', { class: 'scroll-x' }, h('table', { id: `table-${key}` }, h('thead', {}, head), h('tbody', {}, body, foot))),
      h('p', { class: `table-status ${info.kind}`, role: 'status', id: `status-${key}` }, info.message),
      tableError ? h('p', { class: 'field-error' }, tableError) : null);
  }

  edit(key, r, c, value) {
    const matrix = this.state[key].map((row) => row.slice());
    matrix[r][c] = value.slice(0, 32);
    this.onChange({ [key]: matrix }, { keepFocus: true });
  }

  /**
   * A block copied from a spreadsheet (cells separated by tabs, rows by new lines) fills the table
   * from the cell pasted into, growing it within the page's limits; a single value is typed as usual.
   */
  paste(event, key, r0, c0) {
    const text = event.clipboardData ? event.clipboardData.getData('text/plain') : '';
    const block = spreadsheetBlock(text);
    if (!block) return;
    event.preventDefault();
    const { joint, truth, sNames, uNames } = this.state;
    const rows = Math.max(joint.length, r0 + block.length);
    const cols = Math.max(joint[0].length, c0 + Math.max(...block.map((row) => row.length)));
    if (rows > LIMITS.maxRows || cols > LIMITS.maxCols || rows * cols > LIMITS.maxCells) {
      this.onChange({}, { message: `The pasted block needs a ${rows}×${cols} table; the page solves tables up to ${LIMITS.maxRows}×${LIMITS.maxCols} (${LIMITS.maxCells} cells). Use the command-line tool for larger ones.` });
      return;
    }
    const grow = (m) => Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (m[r] && m[r][c] !== undefined ? m[r][c] : '0')));
    const target = grow(this.state[key]);
    block.forEach((row, i) => row.forEach((cell, j) => { target[r0 + i][c0 + j] = cell.slice(0, 32); }));
    const names = (ns, count, prefix) => Array.from({ length: count }, (_, i) => ns[i] || `${prefix}${i + 1}`);
    const patch = { [key]: target, sNames: names(sNames, rows, 's'), uNames: names(uNames, cols, 'u') };
    if (key === 'joint' && truth) patch.truth = grow(truth);
    if (key === 'truth') patch.joint = grow(joint);
    this.onChange(patch, { message: `Pasted a ${block.length}×${Math.max(...block.map((row) => row.length))} block at row ${r0 + 1}, column ${c0 + 1}.` });
  }

  rename(which, index, value) {
    const names = this.state[which].slice();
    names[index] = value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, LIMITS.maxName) || names[index];
    this.onChange({ [which]: names });
  }

  resize(dRows, dCols) {
    const { joint, truth, sNames, uNames } = this.state;
    const rows = joint.length + dRows;
    const cols = joint[0].length + dCols;
    if (rows < 1 || cols < 1) return;
    if (rows > LIMITS.maxRows || cols > LIMITS.maxCols || rows * cols > LIMITS.maxCells) {
      this.onChange({}, { message: `The page solves tables up to ${LIMITS.maxRows}×${LIMITS.maxCols} (${LIMITS.maxCells} cells); use the command-line tool for larger ones.` });
      return;
    }
    const reshape = (m) => Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (m[r] && m[r][c] !== undefined ? m[r][c] : '0')));
    const names = (ns, count, prefix) => Array.from({ length: count }, (_, i) => ns[i] || `${prefix}${i + 1}`);
    this.onChange({
      joint: reshape(joint), truth: truth ? reshape(truth) : null,
      sNames: names(sNames, rows, 's'), uNames: names(uNames, cols, 'u'),
    });
  }
}
