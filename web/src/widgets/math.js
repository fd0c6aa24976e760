// Typesets a TeX formula as MathML with the bundled KaTeX (no fonts or CDN). A prime (s') is
// written as the prime sign itself ({\prime}): KaTeX's s^{\prime} puts an already raised
// glyph into a superscript, which browsers' MathML draws floating far above the letter.
import katex from 'katex';

export function renderTex(tex, element) {
  katex.render(String(tex).replace(/'/g, '{\\prime}'), element, { output: 'mathml', displayMode: true, throwOnError: false });
}
