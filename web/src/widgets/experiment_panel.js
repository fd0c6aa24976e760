// Runs a paper experiment of the view's family in the worker (progress and Cancel in the status
// bar), then draws the experiment's own plot specs and offers its table as CSV (response_view.js).
// experiments: [{ name, label, request(K) -> request object }].
import { h } from '../dom.js';
import { drawExperiment } from './response_view.js';
import { errorForPeople } from '../words.js';

const K_CHOICES = [3, 5, 10, 20];

export class ExperimentPanel {
  constructor({ experiments, solve, idPrefix }) {
    Object.assign(this, { experiments, solve, idPrefix });
    this.choice = experiments[0].name;
    this.k = 5;
    this.root = h('div', { class: 'experiment-panel', id: `${idPrefix}-experiments` });
    this.render();
  }

  render(status = null) {
    const pick = h('select', { id: `${this.idPrefix}-experiment`, onchange: (e) => { this.choice = e.target.value; } },
      this.experiments.map((x) => h('option', { value: x.name, selected: x.name === this.choice ? true : null }, x.label)));
    const k = h('select', { id: `${this.idPrefix}-experiment-k`, onchange: (e) => { this.k = Number(e.target.value); } },
      K_CHOICES.map((v) => h('option', { value: String(v), selected: v === this.k ? true : null }, `K = ${v}`)));
    this.root.replaceChildren(...[  // (replaceChildren would write a null as the text "null")
      h('div', { class: 'eps-row', style: 'flex-wrap: wrap; align-items: flex-end' },
        h('label', { class: 'field', style: 'margin: 0' }, 'Experiment', pick),
        h('label', { class: 'field', style: 'margin: 0' }, 'Instances', k),
        h('button', { type: 'button', id: `${this.idPrefix}-run-experiment`, onclick: () => this.run() }, 'Run')),
      status ? h('p', { class: 'hint', id: `${this.idPrefix}-experiment-status` }, status) : null,
      this.output].filter(Boolean));
  }

  async run() {
    const spec = this.experiments.find((x) => x.name === this.choice);
    this.output = null;
    this.render(`Running ${spec.label} with K = ${this.k} in the browser… (progress and Cancel in the status bar)`);
    const response = await this.solve(spec.request(this.k));
    if (response.cancelled) { this.render('Cancelled.'); return; }
    if (response.error) { this.render(`The experiment failed: ${errorForPeople(response.error)}`); return; }
    this.output = this.draw(spec, response);
    this.render(`${spec.label}: K = ${this.k} instances, ${response.rows.length} rows.`);
  }

  draw(spec, response) {
    return drawExperiment(response, spec.name);
  }
}
