// The opening of every view's result panel: the title and, after a failed solve, the error with
// the field it names, then a note that the last result that solved stays on screen.
import { h } from '../dom.js';

/**
 * @param {{ lastGood?: object }} view  keeps its last good response in view.lastGood
 * @param {{ response?: object, error?: object }} result
 * @returns {{ parts: Node[], response: object | undefined }} the nodes to show first, and the
 *          response to draw (the new one, or the last good one after an error)
 */
export function beginResult(view, result) {
  const parts = [h('h2', { id: 'result-title' }, 'Result')];
  if (result.error) {
    parts.push(h('p', { class: 'error-box', role: 'alert', id: 'result-error' },
      result.error.message, result.error.path ? ` (field ${result.error.path})` : ''));
    if (view.lastGood) parts.push(h('p', { class: 'hint' }, 'Showing the last result that solved:'));
  }
  if (result.response) view.lastGood = result.response;
  return { parts, response: result.response || view.lastGood };
}
