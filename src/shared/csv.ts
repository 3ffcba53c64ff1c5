/**
 * CSV as a Spanish spreadsheet opens it: `;` between fields (the comma is the decimal separator), every
 * field quoted when it holds a separator, a quote or a line break, CRLF line ends and a byte-order mark
 * so that Excel reads the accents as UTF-8.
 */
const quote = (value: string) => (/[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function toCsv(headers: string[], rows: Array<Array<string | number | null | undefined>>): string {
  const line = (cells: Array<string | number | null | undefined>) => cells.map((cell) => quote(cell == null ? '' : String(cell))).join(';');
  return `\uFEFF${[line(headers), ...rows.map(line)].join('\r\n')}\r\n`;
}
