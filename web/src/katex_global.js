// KaTeX as its own script (assets/katex.js): widgets/math.js loads it after the first result.
import katex from 'katex';

globalThis.privlabKatex = katex;
