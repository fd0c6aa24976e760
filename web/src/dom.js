// Building DOM nodes without ever parsing HTML: every string becomes a text node, so text
// from a URL or from the user can never turn into markup.

/**
 * h('div', { class: 'x', onclick: fn }, 'text', child, [more]) -> HTMLElement.
 * Attributes starting with "on" become listeners; `null`/`false` children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'value') el.value = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/**
 * Replaces an element's children as h() builds them: null, undefined and false are skipped and
 * arrays flattened (DOM replaceChildren would write "null" into the page).
 */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Same as h() for SVG elements. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined) continue;
    el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Formats a number for display: up to `digits` significant decimals; "∞" for "Infinity". */
export function fmt(value, digits = 4) {
  if (value === 'Infinity' || value === Infinity) return '∞';
  if (value === null || value === undefined) return '—';  // no value (e.g. Infinity - Infinity)
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  if (value !== 0 && Math.abs(value) < 1e-4) return value.toExponential(2);
  return value.toFixed(digits);
}
