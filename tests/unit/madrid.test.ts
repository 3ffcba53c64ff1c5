import { describe, expect, it } from 'vitest';
import { madridDay, madridOffset, madridToday, madridWallClock } from '../../src/shared/madrid';

/** What a Madrid clock on the wall reads at an instant, as "YYYY-MM-DD HH:mm:ss", told by Intl alone. */
const wall = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const onTheWall = (instant: number) => wall.format(new Date(instant));
const shown = (wallClock: number) => new Date(wallClock).toISOString().slice(0, 19).replace('T', ' ');

describe('Madrid time', () => {
  it('reads the wall clock right every 5 minutes around the clock changes, each instant twice', () => {
    for (const day of ['2025-03-30', '2025-10-26', '2026-03-29', '2026-10-25']) {
      const from = Date.parse(`${day}T00:00:00Z`) - 3 * 3_600_000;
      for (let at = from; at < from + 6 * 3_600_000; at += 5 * 60_000 + 7_123) {
        expect(shown(madridWallClock(at)), new Date(at).toISOString()).toBe(onTheWall(at));
        expect(shown(madridWallClock(at)), 'asked again').toBe(onTheWall(at));
      }
    }
  });

  it('reads the wall clock right at instants spread over a century', () => {
    for (let at = Date.UTC(1950, 0, 1, 0, 0, 0, 1); at < Date.UTC(2060, 0, 1); at += 86_400_000 * 37 + 3_600_000 * 5 + 61_001) {
      expect(shown(madridWallClock(at)), new Date(at).toISOString()).toBe(onTheWall(at));
    }
  });

  it('gives winter +1 h and summer +2 h, and a summer day starts at 22:00 UTC the day before', () => {
    expect(madridOffset(Date.UTC(2026, 0, 15, 12))).toBe(3_600_000);
    expect(madridOffset(Date.UTC(2026, 6, 15, 12))).toBe(7_200_000);
    expect(madridDay('2026-07-15').start.toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(madridToday(Date.UTC(2026, 11, 31, 23, 30))).toBe('2027-01-01');
  });
});
