/**
 * CSV as a Spanish spreadsheet opens it: `;` between fields (the comma is the decimal separator), every
 * field quoted when it holds a separator, a quote or a line break, CRLF line ends and a byte-order mark
 * so that Excel reads the accents as UTF-8.
 *
 * Formulas: a cell a spreadsheet would run as a formula (OWASP "CSV injection": it starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return), e.g. a name typed as `=HYPERLINK(…)`, is written as text: a
 * single quote before it and the cell quoted. A number is not text: a JavaScript number, or a string that
 * is only a number as the lists write it (`-12,50`, `-1.234,5`), stays as it is so that the spreadsheet
 * still adds it up; it cannot hold a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Of the cells that start like a formula, the ones that are a negative number (the only number that can). */
const NEGATIVE_NUMBER = /^-(\d+|\d{1,3}(\.\d{3})+)(,\d+)?$|^-\d+\.\d+$/;

const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;

function cell(value: string | number | null | undefined): string {
  if (value == null) return '';
  const text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) return quoted(`'${text}`);
  return /[";\r\n]/.test(text) ? quoted(text) : text;
}

type Cells = Array<string | number | null | undefined>;

/** One row of a CSV file, with its line end. */
export const csvRow = (cells: Cells) => `${cells.map(cell).join(';')}\r\n`;

/** How a CSV file starts: the byte-order mark and the header row (a file sent in parts starts so). */
export const csvHead = (headers: string[]) => `\uFEFF${csvRow(headers)}`;
