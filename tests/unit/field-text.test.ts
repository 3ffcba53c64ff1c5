/** A field's value as text: the same words in the table, on a phone and in the CSV export. */
import { describe, expect, it } from 'vitest';
import { resources } from '../../schemas';
import { dateTimeText, fieldText } from '../../src/shared/fieldText';
import { isTimeZone } from '../../src/shared/madrid';
import type { FieldDef } from '../../src/shared/resource';

const field = (type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({ name: 'v', label: 'V', type, ...extra });
const text = (def: FieldDef, value: unknown, zone?: string) => fieldText(def, { v: value }, { zone });

describe('a field as text', () => {
  it('says yes and no, a choice by its label, a reference by its title (else its id)', () => {
    expect(text(field('boolean'), true)).toBe('Sí');
    expect(text(field('boolean'), false)).toBe('No');
    expect(text(field('select', { choices: [{ value: 1, label: 'Activo' }] }), 1)).toBe('Activo');
    expect(fieldText(field('reference'), { v: 7 }, { titles: new Map([[7, 'Agua Azul']]) })).toBe('Agua Azul');
    expect(text(field('reference'), 8)).toBe('8');
    expect(text(field('text'), null)).toBe('');
  });

  it('writes numbers the Spanish way, with the field\'s decimals', () => {
    expect(text(field('decimal'), 1234.5)).toBe('1.234,50');
    expect(text(field('decimal', { decimals: 3 }), '0.15')).toBe('0,150');
  });

  it('writes a calendar day as it is, whatever the zone', () => {
    expect(text(field('date'), '2026-03-01')).toBe('01/03/2026');
    expect(text(field('date'), '2026-03-01', 'America/Los_Angeles')).toBe('01/03/2026');
  });

  it('writes a wall-clock time as it is written, an instant in the reader\'s zone', () => {
    expect(dateTimeText('2027-03-04 09:30:00', 'Pacific/Auckland')).toBe('04/03/2027 09:30');
    // Midnight UTC on the last Sunday of March: 01:00 in Madrid before the change, 00:00 in the Canaries.
    expect(dateTimeText('2026-03-29T00:00:00.000Z', 'Europe/Madrid')).toBe('29/03/2026 01:00');
    expect(dateTimeText('2026-03-29T01:30:00.000Z', 'Europe/Madrid')).toBe('29/03/2026 03:30');
    expect(dateTimeText('2026-03-29T00:00:00.000Z', 'Atlantic/Canary')).toBe('29/03/2026 00:00');
    expect(dateTimeText('2026-12-31T23:59:00.000Z', 'UTC')).toBe('31/12/2026 23:59');
    expect(dateTimeText('no es una fecha', 'UTC')).toBe('');
    // A zone whose clocks change on the half hour (Lord Howe: +10:30 to +11 at 02:00 local, 15:30 UTC).
    expect(dateTimeText('2026-10-03T15:29:00.000Z', 'Australia/Lord_Howe')).toBe('04/10/2026 01:59');
    expect(dateTimeText('2026-10-03T15:31:00.000Z', 'Australia/Lord_Howe')).toBe('04/10/2026 02:31');
    // India: half-hour offset all year.
    expect(dateTimeText('2026-07-01T00:00:00.000Z', 'Asia/Kolkata')).toBe('01/07/2026 05:30');
  });

  it('knows the zones this machine knows, and no other', () => {
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Luna/Base')).toBe(false);
  });

  it('says what the schemas say where the value alone does not', () => {
    const visibility = resources.document.fields.find((f) => f.name === 'visibility')!;
    expect(fieldText(visibility, { visibility: 3, client_ids: [4, 9] })).toBe('Clientes elegidos (2)');
    const resource = resources.audit.fields.find((f) => f.name === 'resource')!;
    expect(fieldText(resource, { resource: 'order' })).toBe('Pedido');
    expect(fieldText(resource, { resource: 'orderItem' })).toBe('Línea de pedido');
  });
});
