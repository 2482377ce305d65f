/**
 * CSV cells for files people open in a spreadsheet (RFC 4180 quoting). Text that starts with `=`,
 * `+`, `-`, `@`, a tab or a carriage return would be read as a formula by Excel, LibreOffice and
 * Google Sheets (`=HYPERLINK(...)` in a shared user's name, say), so it gets a leading single quote
 * and is shown as text. A plain number (`-5`, `+1.5e3`) is no formula and is left as it is, so
 * negative readings stay numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function csvCell(v: unknown): string {
  let s = String(v ?? '');
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Rows of cells as CSV text, CRLF line ends, one after the last row too. */
export function csvText(rows: unknown[][]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
