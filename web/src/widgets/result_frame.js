// The opening of every view's result panel: the title and, after a failed solve, the error with
// the field it names, then a note that the last result that solved stays on screen.
import { h } from '../dom.js';
import { errorForPeople, forPeople } from '../words.js';

/**
 * @param {{ lastGood?: object }} view  keeps its last good response in view.lastGood
 * @param {{ response?: object, error?: object }} result
 * @returns {{ parts: Node[], response: object | undefined }} the nodes to show first, and the
 *          response to draw (the new one, or the last good one after an error)
 */
export function beginResult(view, result) {
  const parts = [h('h2', { id: 'result-title' }, 'Result')];
  if (result.error) {
    parts.push(errorBox(result.error));
    if (view.lastGood) parts.push(h('p', { class: 'hint' }, 'Showing the last result that solved:'));
  }
  if (result.response) view.lastGood = result.response;
  return { parts, response: result.response || view.lastGood };
}

/** Words for a JSON pointer of a request: "/joint/0/1" -> "P̂, row 1, column 2". */
const FIELD_WORDS = {
  joint: 'P̂', true_joint: 'P*', epsilon: 'ε', uncertainty: 'the uncertainty set', alpha: 'α', confidence: 'the confidence level',
  radius: 'the radius B', n: 'the sample size n', seed: 'the seed', grid: 'the grid', rows: 'rows', cols: 'columns', cell_km: 'the cell size',
  prior: 'the prior', min_distortion: 'd_m', approximation: 'Appendix C', threshold: 'the threshold', mechanism: 'the mechanism',
  weights: 'the weights', hot_cells: 'hot cells', background: 'background mass', problem: 'the problem', labels: 'the labels',
  values: 'the values of U', theta: 'θ', requests: 'request',
};
export function describeField(path) {
  const parts = String(path || '').split('/').filter(Boolean);
  const words = [];
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k];
    if (/^\d+$/.test(p)) {
      const matrixCell = k + 1 < parts.length && /^\d+$/.test(parts[k + 1]);
      if (matrixCell) { words.push(`row ${Number(p) + 1}, column ${Number(parts[k + 1]) + 1}`); k++; } else words.push(`entry ${Number(p) + 1}`);
    } else words.push(FIELD_WORDS[p] || p.replace(/_/g, ' '));
  }
  return words.join(', ');
}

/**
 * A failed solve for people: the message, the field in words, and the machine details (error
 * code, JSON pointer) behind a "details" disclosure.
 */
export function errorBox(error, { id = 'result-error', prefix = '' } = {}) {
  const where = error.path ? describeField(error.path) : '';
  const message = errorForPeople(error);
  const technical = [error.code ? `code ${error.code}` : null, error.path ? `field ${error.path}` : null,
    message !== error.message ? `the solver said: ${error.message}` : null].filter(Boolean);
  return h('div', { class: 'error-box', role: 'alert', id },
    h('p', { style: 'margin: 0' }, prefix, message, where && !message.includes(where) ? ` (in ${where})` : ''),
    ' ',  // (the message and the details stay separate words in the text)
    technical.length ? h('details', { class: 'notes' }, h('summary', {}, 'details'), h('code', {}, technical.join('; '))) : null);
}

/** Notes of the solver (stopping rules, tolerances), for the curious: behind a "details" disclosure. */
export function machineNotes(notes, summary = 'Solver notes') {
  const list = (notes || []).slice(0, 8).map((n) => forPeople(String(n)));
  if (!list.length) return null;
  return h('details', { class: 'notes', 'data-role': 'notes' }, h('summary', {}, `${summary} (${list.length})`),
    list.map((n) => h('p', {}, n)));
}
