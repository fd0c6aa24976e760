// One paragraph and the key formula for each view, shown above it. The TeX is typeset by KaTeX
// (bundled, MathML output: no fonts or CDN, works in the self-contained file too). All strings
// here are constants of this file; nothing from a link or the user is ever typeset or parsed.
import { renderTex } from '../widgets/math.js';
import { h } from '../dom.js';

const ABOUT = {
  rldp: {
    text: 'Robust local differential privacy (Lopuhaä-Zwakenberg & Goseling, Entropy 2024). A mechanism Q releases X = (S, U) and keeps the sensitive S private for every distribution P in an uncertainty set F around the estimate P̂ (Definition 1), while maximising the utility I(X;Y). F is a Rényi ball, here sized as a χ² confidence set from n samples.',
    tex: String.raw`\forall P\in\mathcal F,\ \forall y,s,s':\quad P_{X\sim P}(Y=y\mid S=s)\ \le\ e^{\varepsilon}\,P_{X\sim P}(Y=y\mid S=s'),\qquad \mathcal F=\{P : D_\alpha(\hat P\,\|\,P)\le B\}`,
  },
  'rldp-mse': {
    text: 'Robust optimisation of a mean-squared-error release. Y takes values of the real-valued U, S must stay ε-private, and the distortion E[(U−Y)²] is minimised. NU/RU means non-robust or robust utility; NP/RP means non-robust or robust privacy over the χ² confidence set F. The robust problems are solved by cutting planes and certified afterwards.',
    tex: String.raw`\min_{Q}\ \max_{P\in\mathcal F}\ \mathbb E_P\big[(U-Y)^2\big]\ \ \text{s.t.}\ \ \forall P\in\mathcal F:\ P(Y=y\mid s)\le e^{\varepsilon}P(Y=y\mid s'),\qquad \mathcal F=\Big\{P:\sum_x \tfrac{(\hat P_x-P_x)^2}{P_x}\le B\Big\}`,
  },
  funnel: {
    text: 'The privacy funnel with local guarantees. X is released and S is a secret correlated with it. Local information privacy (LIP) bounds how far any output can move the belief about S; LDP compares the secrets pairwise. The optimal protocols come from vertex enumeration and an LP; GRR, OUE and Conditional Reporting are calibrated to the target ε.',
    tex: String.raw`\max_{Q}\ I(X;Y)\quad\text{s.t.}\quad e^{-\varepsilon}\ \le\ \frac{P(Y=y\mid S=s)}{P(Y=y)}\ \le\ e^{\varepsilon}\quad\forall y,s\ \ \text{(LIP)}`,
  },
  estimation: {
    text: 'Privacy with estimation guarantees. The χ²-information between the secret S and the release measures how well any function of S can be estimated. It is the sum of the principal inertia components. The bounds say how much utility a given χ² budget allows; Formulation 1 designs a mapping with thresholds on chosen private functions.',
    tex: String.raw`\chi^2(S;X)=\sum_{i\ge 1}\lambda_i(S;X),\qquad \lambda_i=\sigma_i^2\big(D_S^{-1/2}P_{S,X}D_X^{-1/2}\big),\qquad \chi^2(S;Y)\le\varepsilon`,
  },
  game: {
    text: 'A Stackelberg privacy game (Shokri et al.). The user commits to an obfuscation p(o|s) of their location, and the adversary best-responds with an inference attack. The mechanism minimises the utility loss subject to distortion privacy (the attack errs by at least d_m), metric differential privacy, or both.',
    tex: String.raw`\min_{p}\sum_{s,o}\pi(s)p(o\mid s)c(o,s)\ \ \text{s.t.}\ \ \sum_o\min_{\hat s}\sum_{s}\pi(s)p(o\mid s)d(\hat s,s)\ge d_m,\ \ p(o\mid s)\le e^{\varepsilon d(s,s')}p(o\mid s')`,
  },
};

/** The "about" box of a view, or null when none is written. */
export function aboutBox(viewId) {
  const about = ABOUT[viewId];
  if (!about) return null;
  const formula = h('div', { class: 'formula', id: `formula-${viewId}` });
  renderTex(about.tex, formula);
  return h('details', { class: 'about', open: true }, h('summary', {}, 'What this view computes'), h('p', {}, about.text), formula);
}

/** The five papers, as the tabs show them (the view, the paper, how to find it). */
const PAPERS = [
  ['Robust LDP', 'M. Lopuhaä-Zwakenberg and J. Goseling, "Mechanisms for Robust Local Differential Privacy", Entropy 26(3):233, 2024. doi:10.3390/e26030233'],
  ['Robust MSE', 'J. Goseling and M. Lopuhaä-Zwakenberg, "Robust Optimization for Local Differential Privacy"'],
  ['Privacy funnel', 'M. Lopuhaä-Zwakenberg, H. Tong and B. Škorić, "Data Sanitisation Protocols for the Privacy Funnel with Differential Privacy Guarantees"'],
  ['Estimation', 'H. Wang, L. Vo, F. P. Calmon, M. Médard, K. R. Duffy and M. Varia, "Privacy with Estimation Guarantees", arXiv:1710.00447'],
  ['Privacy game', 'R. Shokri, "Privacy Games: Optimal User-Centric Data Obfuscation", Proceedings on Privacy Enhancing Technologies, 2015'],
];

/**
 * The About page (its own tab): what privlab is, what to try first, the five papers, how to cite
 * and how to embed a view. `embedSnippet`: the iframe of the current state.
 */
export function aboutPage({ embedSnippet }) {
  return h('section', { class: 'panel about-page', id: 'about-page', 'aria-labelledby': 'about-title' },
    h('h2', { id: 'about-title' }, 'About privlab'),
    h('p', {}, 'privlab designs privacy mechanisms for a small joint distribution of a secret S and useful data U, from five research papers, and checks them: every mechanism shown is audited (its columns are distributions and its privacy is measured again from the matrix). Everything runs in this browser (WebAssembly); nothing is sent anywhere.'),
    h('h3', {}, 'What to try first'),
    h('ul', {},
      h('li', {}, 'Robust LDP: move ε and watch the mechanism (the heatmap) and the privacy realized under the true distribution.'),
      h('li', {}, 'Example (top of the page): every worked example of the five papers, named as the paper names it, with a card that says what to look at.'),
      h('li', {}, 'Privacy game: pick a cell on the map and compare the three optimal mechanisms; "the paper\'s map (15 × 20)" is under Grid.')),
    h('h3', {}, 'The papers'),
    h('dl', { class: 'facts', id: 'about-papers' }, PAPERS.flatMap(([tab, paper]) => [h('dt', {}, tab), h('dd', {}, paper)])),
    h('h3', {}, 'How to cite'),
    h('p', {}, 'Cite the paper of the method you use (above). For a number from this page, give the page\'s link (Copy link): it reproduces the inputs exactly, and the status line names the privlab version that solved it.'),
    h('h3', {}, 'How to embed a view in course material'),
    h('p', {}, 'Press Embed (top of the page) in the view you want: it copies an iframe of that view with its inputs, shown without the page around it and with a link back to the full page. It is laid out for a 700 × 620 frame: the main picture beside the one or two controls that matter (ε, the mechanism), the rest below. This is the iframe of the state before you opened About:'),
    h('pre', { class: 'scroll-x', tabindex: '0', id: 'about-embed-snippet' }, embedSnippet),
    h('p', { class: 'hint' }, 'A page opened from a file on your computer gives file:// links that work only there: put it on a web server to share links and embeds.'));
}
