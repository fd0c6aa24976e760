// Text formats for exporting a mechanism matrix (pure functions; the page downloads them and
// the tests parse them back). rows = outputs y, columns = inputs x.

function csvCell(text) {
  const s = String(text);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV of a table with named columns (an experiment's {columns, rows}); cells as they are. */
export function tableToCsv(columns, rows) {
  return `${[columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

/** CSV: a header "y \ x" then the input labels; one line per output: label, probabilities. */
export function matrixToCsv(matrix, rowLabels, colLabels) {
  const lines = [['y \\ x', ...colLabels].map(csvCell).join(',')];
  matrix.forEach((row, r) => lines.push([csvCell(rowLabels[r]), ...row.map((v) => String(v))].join(',')));
  return `${lines.join('\n')}\n`;
}

/** Parses matrixToCsv's output (quoted cells allowed). */
export function csvToMatrix(text) {
  const rows = [];
  for (const line of text.trim().split(/\r?\n/)) {
    const cells = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (ch === '"') quoted = false; else cur += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') { cells.push(cur); cur = ''; } else cur += ch;
    }
    cells.push(cur);
    rows.push(cells);
  }
  const [header, ...body] = rows;
  return { colLabels: header.slice(1), rowLabels: body.map((r) => r[0]), matrix: body.map((r) => r.slice(1).map(Number)) };
}

/** JSON: { outputs, inputs, mechanism } (mechanism indexed [output][input], as the CLI). */
export function matrixToJson(matrix, rowLabels, colLabels, extra = {}) {
  return `${JSON.stringify({ ...extra, outputs: rowLabels, inputs: colLabels, mechanism: matrix }, null, 2)}\n`;
}

/** LaTeX: a bmatrix (amsmath) with `digits` decimals. */
export function matrixToLatex(matrix, digits = 4) {
  const body = matrix.map((row) => row.map((v) => v.toFixed(digits)).join(' & ')).join(' \\\\\n  ');
  return `\\begin{bmatrix}\n  ${body}\n\\end{bmatrix}\n`;
}

/** Parses matrixToLatex's output back to numbers. */
export function latexToMatrix(text) {
  const inner = text.replace(/\\begin\{bmatrix\}|\\end\{bmatrix\}/g, '').trim();
  return inner.split('\\\\').map((row) => row.split('&').map((v) => Number(v.trim())));
}
