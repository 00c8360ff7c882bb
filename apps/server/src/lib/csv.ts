// CSV the back office downloads and uploads: RFC 4180 cells, formula-guarded for spreadsheets.

/**
 * Spreadsheets run a cell that starts like a formula: such a cell is written with a leading '. A
 * plain number (a credit note's -59.80) is no formula and stays a number the sheet can add up.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
export const guardCell = (cell: string) =>
  FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
/** ...and read back without it ("'=1" is "=1"; "''=1" is "'=1"). */
export const unguardCell = (cell: string) => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** RFC 4180: quoted when it holds a quote, comma, line break or edge spaces; quotes doubled. */
const quoteCell = (cell: string) =>
  /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;

export function toCsv(rows: string[][]): string {
  // the byte-order mark tells Excel the file is UTF-8 (₹, accents)
  return `\uFEFF${rows.map((r) => r.map((c) => quoteCell(guardCell(c))).join(',')).join('\r\n')}\r\n`;
}
