// Download buttons: files are built in the page (Blob + <a download>), nothing leaves the
// browser. Charts export as standalone SVG (styles inlined) or PNG (drawn on a canvas).
import { h } from '../dom.js';
import { matrixToCsv, matrixToJson, matrixToLatex } from '../export_formats.js';

export function download(filename, text, type) {
  const blob = text instanceof Blob ? text : new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename, style: 'display:none' });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const SVG_STYLE = `text{font-family:system-ui,sans-serif;font-size:11px;fill:#1b1b1f}.axis-title{fill:#5b5b66}.chart-title{font-weight:600;font-size:12px}`;

/** A standalone copy of an inline <svg>: namespace, white background and the page's text styles. */
export function standaloneSvg(svg) {
  const clone = svg.cloneNode(true);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = SVG_STYLE;
  clone.insertBefore(style, clone.firstChild);
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  for (const [k, v] of Object.entries({ width: '100%', height: '100%', fill: '#fff' })) bg.setAttribute(k, v);
  clone.insertBefore(bg, style.nextSibling);
  return new XMLSerializer().serializeToString(clone);
}

/** PNG of an inline <svg> at 2x. */
export async function svgToPng(svg) {
  const text = standaloneSvg(svg);
  const width = Number(svg.getAttribute('width')) * 2;
  const height = Number(svg.getAttribute('height')) * 2;
  const img = new Image();
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  await new Promise((ok, fail) => { img.onload = ok; img.onerror = () => fail(new Error('the chart could not be drawn')); img.src = url; });
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  canvas.getContext('2d').drawImage(img, 0, 0, width, height);
  URL.revokeObjectURL(url);
  return new Promise((ok) => canvas.toBlob(ok, 'image/png'));
}

/**
 * Buttons "SVG" and "PNG" for the chart inside `host` (looked up when clicked), after a visible
 * name of the chart (`label`, e.g. "Map" or "Cost against ε"); each button's accessible name
 * says what it downloads.
 */
export function chartExportButtons(host, basename, label = 'Chart') {
  const svgOf = () => host.querySelector('svg');
  return h('span', { class: 'export-group' }, `${label}: `,
    h('button', { type: 'button', 'data-export': `${basename}.svg`, 'aria-label': `SVG: download ${label.toLowerCase()} as ${basename}.svg`,
      onclick: () => svgOf() && download(`${basename}.svg`, standaloneSvg(svgOf()), 'image/svg+xml') }, 'SVG'),
    h('button', { type: 'button', 'data-export': `${basename}.png`, 'aria-label': `PNG: download ${label.toLowerCase()} as ${basename}.png`,
      onclick: async () => svgOf() && download(`${basename}.png`, await svgToPng(svgOf())) }, 'PNG'));
}

/**
 * Buttons "CSV", "JSON" and "LaTeX" for a mechanism matrix [output][input], downloaded as
 * `${basename}.csv|json|tex`; `meta` goes into the JSON beside the matrix.
 */
export function matrixExportButtons(basename, matrix, rowLabels, colLabels, meta = {}) {
  const button = (ext, label, type, text) => h('button', { type: 'button', 'data-export': `${basename}.${ext}`,
    'aria-label': `${label}: download ${basename}.${ext}`, onclick: () => download(`${basename}.${ext}`, text(), type) }, label);
  return [
    button('csv', 'CSV', 'text/csv', () => matrixToCsv(matrix, rowLabels, colLabels)),
    button('json', 'JSON', 'application/json', () => matrixToJson(matrix, rowLabels, colLabels, meta)),
    button('tex', 'LaTeX', 'text/x-tex', () => matrixToLatex(matrix)),
  ];
}

/**
 * The "Scenario (privlab solve)" button: `filename` with the text `scenarioText()` returns when
 * clicked (nothing is downloaded when it returns null: the state is not a valid request).
 */
export function scenarioExportButton(scenarioText, filename = 'scenario.json') {
  return h('button', { type: 'button', 'data-export': filename, 'aria-label': `Scenario (privlab solve): download ${filename}`,
    onclick: () => { const text = scenarioText(); if (text !== null) download(filename, text, 'application/json'); } }, 'Scenario (privlab solve)');
}

/**
 * "Edit in Evaluate": the designed matrix with the view's request as context, handed to
 * `openInEvaluate` (main.js), which opens the Evaluate view with it (issue 15: start from the
 * current design and edit its cells). `scenario()` returns { ...request, evaluate, title }.
 */
export function editInEvaluateButton(openInEvaluate, scenario) {
  return h('button', { type: 'button', class: 'edit-in-evaluate', 'aria-label': 'Edit in Evaluate: open this matrix in the Evaluate view',
    onclick: () => openInEvaluate(scenario()) }, 'Edit in Evaluate');
}
