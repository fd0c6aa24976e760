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
