// Typesets a TeX formula as MathML with the bundled KaTeX (no fonts or CDN). A prime (s') is
// written as the prime sign itself ({\prime}): KaTeX's s^{\prime} puts an already raised
// glyph into a superscript, which browsers' MathML draws floating far above the letter.
// KaTeX is half of the page's script and its start-up (macro tables) runs before anything else,
// so it is not in main.js: assets/katex.js (web/src/katex_global.js, inlined in the
// self-contained page) is loaded by loadMath() once the first result is shown (main.js), and a
// formula asked for before then shows its TeX source (data-tex="pending") until it is typeset.

let katex = null;
let loading = null;
const waiting = [];

function typeset(tex, element) {
  katex.render(String(tex).replace(/'/g, '{\\prime}'), element, { output: 'mathml', displayMode: true, throwOnError: false });
  delete element.dataset.tex;
}

export function renderTex(tex, element) {
  if (katex) { typeset(tex, element); return; }
  element.textContent = tex;
  element.dataset.tex = 'pending';
  waiting.push([tex, element]);
}

/** Loads KaTeX (once) and typesets every formula waiting for it. Resolves when they are typeset. */
export function loadMath() {
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      if (globalThis.privlabKatex) { resolve(); return; }
      const script = document.createElement('script');
      script.src = new URL('assets/katex.js', document.baseURI).href;
      script.onload = resolve;
      script.onerror = () => { loading = null; reject(new Error('KaTeX could not be loaded')); };
      document.head.append(script);
    }).then(() => {
      katex = globalThis.privlabKatex;
      for (const [tex, element] of waiting.splice(0)) typeset(tex, element);
    });
  }
  return loading;
}
