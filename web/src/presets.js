// The gallery presets of the page: their index, the card of the preset a state came from, and
// presets that run as one whole request (a paper experiment, a sampling request, a scenario the
// view cannot lay out): those run in the one-off worker and the card draws their response.
// The card says when the inputs were changed since the preset was loaded.
import { errorForPeople } from './words.js';
import { serializeHash, scenarioToState } from './state.js';
import { presetCard } from './widgets/preset_card.js';
import { drawResponse } from './widgets/response_view.js';
import { h } from './dom.js';

export class Presets {
  /**
   * @param {{ host: HTMLElement, fetchExample: (file: string) => Promise<object>,
   *           solve: (request: object) => Promise<object>, load: (file: string) => void,
   *           isEmbed: () => boolean, showCurrent?: (file: string | null) => void }} hooks
   */
  constructor(hooks) {
    Object.assign(this, hooks);
    this.index = new Map();   // file -> { file, family, view?, title, explanation, formula }
    this.known = new Map();   // file -> { baseline } (state as loaded, serialized) | { whole: scenario } | null (fetching)
    this.runs = new Map();    // file -> { status: 'running' | 'done' | 'failed' | 'cancelled', response?, message? }
    this.state = null;
  }

  setIndex(entries) { for (const entry of entries) this.index.set(entry.file, entry); }

  /** Remembers how `file` looked when loaded: the state it gave, or that it runs whole. */
  remember(file, scenario, state) {
    this.known.set(file, state ? { baseline: serializeHash(state) } : { whole: scenario });
  }

  /** Shows the card of state.preset (none for a state of the user's own). */
  render(state) {
    this.state = state;
    const entry = state && state.preset ? this.index.get(state.preset) : undefined;
    const showCurrent = this.showCurrent || (() => {});
    if (!entry || (entry.view || entry.family) !== state.view) { this.host.replaceChildren(); this.shownKey = null; showCurrent(null); return; }
    const info = this.known.get(entry.file);
    if (info === undefined) this.learn(entry.file);
    if (info && info.whole && !this.runs.has(entry.file)) this.run(entry.file, info.whole);
    const edited = Boolean(info && info.baseline && info.baseline !== serializeHash(state));
    showCurrent(edited ? null : entry.file);
    const run = this.runs.get(entry.file);
    const key = JSON.stringify([entry.file, edited, run ? run.status : '']);
    if (key === this.shownKey) return;  // typing goes on
    const shown = this.host.firstChild;
    const open = shown && shown.dataset.preset === entry.file ? shown.open : !this.isEmbed();
    const card = presetCard(entry, { edited, open, onReload: () => this.load(entry.file), extra: info && info.whole ? this.runPanel(entry, run) : null });
    this.shownKey = key;
    this.host.replaceChildren(card);
  }

  /** A preset opened from a link: read it once to know its baseline (or that it runs whole). */
  learn(file) {
    this.known.set(file, null);
    this.fetchExample(file).then((scenario) => {
      let state = null;
      try { state = { ...scenarioToState(scenario), preset: file }; } catch { /* runs whole */ }
      this.remember(file, scenario, state);
      this.render(this.state);
    }).catch(() => {});
  }

  async run(file, scenario) {
    this.runs.set(file, { status: 'running' });
    this.render(this.state);
    const response = await this.solve(scenario);
    const outcome = response.cancelled ? { status: 'cancelled' }
      : response.error ? { status: 'failed', message: errorForPeople(response.error) } : { status: 'done', response };
    this.runs.set(file, outcome);
    if (this.state && this.state.preset === file) this.render(this.state);
  }

  runPanel(entry, run) {
    const again = h('button', { type: 'button', id: 'preset-run', onclick: () => { this.runs.delete(entry.file); this.render(this.state); } }, 'Run again');
    const base = entry.file.replace(/\.json$/, '');
    if (!run || run.status === 'running')
      return h('div', { id: 'preset-result', 'data-status': 'running' }, h('p', { class: 'hint' }, 'This preset runs as one request in the background worker (progress and Cancel in the status bar)…'));
    if (run.status === 'cancelled') return h('div', { id: 'preset-result', 'data-status': 'cancelled' }, h('p', { class: 'hint' }, 'Cancelled. ', again));
    if (run.status === 'failed') return h('div', { id: 'preset-result', 'data-status': 'failed' }, h('p', { class: 'error-box' }, `The preset could not be computed: ${run.message}`), again);
    return h('div', { id: 'preset-result', 'data-status': 'done' },
      h('p', { class: 'hint' }, 'Computed in the browser from the preset as a whole request (the same result as privlab solve on its file). The view below keeps your own inputs.'),
      drawResponse(run.response, base));
  }
}
