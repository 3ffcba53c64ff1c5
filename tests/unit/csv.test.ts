/** The lists' CSV export, as a Spanish spreadsheet reads it. */
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/client/components/csv';

describe('CSV export', () => {
  it('has the labels as headers, ";" between fields and a byte-order mark', () => {
    expect(toCsv(['Nombre', 'Porcentaje'], [['IVA 21 %', '21,00'], ['Exento', '0,00']])).toBe('\uFEFFNombre;Porcentaje\r\nIVA 21 %;21,00\r\nExento;0,00\r\n');
  });
  it('quotes a field with a separator, a quote or a line break, and leaves empty values empty', () => {
    expect(toCsv(['a', 'b', 'c'], [['Calle Mayor; 3', 'El "bueno"', 'dos\nlíneas'], [null, undefined, 0]]))
      .toBe('\uFEFFa;b;c\r\n"Calle Mayor; 3";"El ""bueno""";"dos\nlíneas"\r\n;;0\r\n');
  });
});
