// The card of the preset the user loaded from the gallery: its title, one paragraph on what it
// shows and what the paper reports, and its key formula typeset by KaTeX (MathML, bundled).
// Only presets shipped with the site have a card: a link carries just the preset's file name,
// which is looked up in the site's own index; text from a link is never typeset.
import { renderTex } from './math.js';
import { h } from '../dom.js';
import { forPeople } from '../words.js';

/**
 * @param {{ file: string, title: string, explanation?: string, formula?: string }} entry
 * @param {{ edited: boolean, open?: boolean, onReload: () => void, extra?: Node | null }} opts
 */
export function presetCard(entry, { edited, open = true, onReload, extra = null }) {
  const formula = h('div', { class: 'formula', id: 'preset-formula' });
  if (entry.formula) renderTex(entry.formula, formula);
  return h('details', { class: 'about preset', id: 'preset-card', open, 'data-preset': entry.file },
    h('summary', {}, `Preset: ${forPeople(entry.title)}`),
    entry.explanation ? h('p', { id: 'preset-explanation' }, forPeople(entry.explanation)) : null,
    entry.formula ? formula : null,
    edited ? h('p', { class: 'hint', id: 'preset-edited' }, 'You have changed the inputs since loading this preset; ',
      'the numbers above refer to the preset as loaded. ',
      h('button', { type: 'button', id: 'preset-reload', onclick: onReload }, 'Load it again')) : null,
    extra);
}
