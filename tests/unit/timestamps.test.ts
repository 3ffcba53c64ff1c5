/** List rows send timestamps as the same ISO strings a Date would give, read straight from PostgreSQL's text. */
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../src/server/db/timestamps';

const viaDate = (text: string) => new Date(text).toISOString();

describe('isoTimestamp', () => {
  it('reads UTC text with 0 to 6 fractional digits as Date#toISOString does (milliseconds, truncated)', () => {
    for (const text of [
      '2026-11-23 01:32:15+00', '2026-11-23 01:32:15.1+00', '2026-11-23 01:32:15.12+00', '2026-11-23 01:32:15.123+00',
      '2026-11-23 01:32:15.1239+00', '2026-11-23 23:59:59.999999+00', '2024-02-29 00:00:00.000001+00', '0999-01-01 12:00:00+00',
    ]) expect(isoTimestamp(text), text).toBe(viaDate(text));
    expect(isoTimestamp('2026-11-23 01:32:15.5+00')).toBe('2026-11-23T01:32:15.500Z');
  });

  it('agrees with Date on random instants between 1970 and 2100', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2_000; i++) {
      const instant = new Date(Math.floor(random() * 4_102_444_800_000));
      const micros = String(Math.floor(random() * 1_000_000)).padStart(6, '0').slice(0, 1 + Math.floor(random() * 6));
      const text = `${instant.toISOString().slice(0, 10)} ${instant.toISOString().slice(11, 19)}.${micros}+00`;
      expect(isoTimestamp(text), text).toBe(viaDate(text));
    }
  });

  it('goes through Date when the session speaks another zone', () => {
    expect(isoTimestamp('2026-07-01 02:00:00+02')).toBe('2026-07-01T00:00:00.000Z');
    expect(isoTimestamp('2026-01-01 00:30:00.25-03:30')).toBe('2026-01-01T04:00:00.250Z');
  });
});
