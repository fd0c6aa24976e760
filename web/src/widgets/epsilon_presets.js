// Exact values of a natural-log ε (ln 2, 1, ln 3): buttons that set them, and the slider's
// snapping to them, so that a slider stepping by 0.01 gives ln 2 itself, not 0.69 or 0.71.
import { h } from '../dom.js';
import { toNumber } from '../fields.js';

// ln 3 as the correctly rounded double (Math.log(3) is one ulp off in some engines).
export const EPS_PRESETS = [['ln 2', Math.LN2], ['1', 1], ['ln 3', 1.0986122886681098]];

/** The slider's text value, replaced by an exact preset when it is the step nearest to one. */
export function snapEpsilon(text, step) {
  const v = toNumber(text);
  for (const [, exact] of EPS_PRESETS) if (!Number.isInteger(exact) && Math.abs(v - exact) <= step / 2 + 1e-12) return String(exact);
  return text;
}

/** Buttons "ln 2", "1", "ln 3"; the one equal to `current` is pressed. */
export function epsPresetButtons(current, onPick) {
  const value = toNumber(current);
  return h('span', { class: 'eps-presets', role: 'group', 'aria-label': 'exact values of ε' }, 'exact: ',
    EPS_PRESETS.map(([label, exact]) => h('button', {
      type: 'button', 'data-eps': label, 'aria-pressed': Math.abs(value - exact) < 1e-12 ? 'true' : 'false',
      'aria-label': `ε = ${label}${label.startsWith('ln') ? ` (${exact.toFixed(6)})` : ''}`, onclick: () => onPick(String(exact)),
    }, label)));
}
