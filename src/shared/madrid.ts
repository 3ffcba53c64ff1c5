/**
 * Europe/Madrid time, the business's clock: its calendar days ("today", a day's first and last
 * instants) whatever the server's or the browser's time zone. Pure: callers pass the instant.
 */
const MADRID = 'Europe/Madrid';
let madridFormat: Intl.DateTimeFormat | undefined;

/** Madrid wall-clock fields of an instant, read as if they were UTC, asked of Intl (some µs a call). */
function wallClockByIntl(instant: number): number {
  madridFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: MADRID,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p: Record<string, number> = {};
  for (const part of madridFormat.formatToParts(new Date(instant))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

const HOUR_MS = 3_600_000;
/** Since 1902 Madrid's clocks change only on a UTC hour (before, local mean time did not). */
const WHOLE_HOUR_CHANGES = Date.UTC(1902, 0, 1);
/**
 * Madrid's offset by UTC hour: one Intl call serves every instant of that hour, so a month of time records
 * or a year's export does not pay it per row (issue 30). Bounded: cleared when it holds ~11 years of hours.
 */
const offsetByHour = new Map<number, number>();

/** Madrid wall-clock fields of an instant, read as if they were UTC (ms dropped). */
export function madridWallClock(instant: number): number {
  const seconds = Math.floor(instant / 1000) * 1000;
  if (seconds < WHOLE_HOUR_CHANGES || !Number.isFinite(seconds)) return wallClockByIntl(seconds);
  const hour = Math.floor(seconds / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = wallClockByIntl(hour * HOUR_MS) - hour * HOUR_MS;
    if (offsetByHour.size >= 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return seconds + offset;
}

/** Madrid's offset from UTC at an instant, in ms (+1 h in winter, +2 h in summer). */
export function madridOffset(instant: number): number {
  const seconds = Math.floor(instant / 1000) * 1000;
  return madridWallClock(seconds) - seconds;
}

/** The Madrid calendar day ("YYYY-MM-DD") of an instant: the business's "today". */
export function madridToday(instant = Date.now()): string {
  return new Date(madridWallClock(instant)).toISOString().slice(0, 10);
}

/** The first and last instants of a Madrid calendar day ("YYYY-MM-DD"), for date filters. */
export function madridDay(day: string): { start: Date; end: Date } {
  const [y, m, d] = day.split('-').map(Number);
  const wall = (h: number, mi: number, se: number, ms: number) => {
    const at = Date.UTC(y, m - 1, d, h, mi, se, ms);
    return new Date(at - madridOffset(at - madridOffset(at)));
  };
  return { start: wall(0, 0, 0, 0), end: wall(23, 59, 59, 999) };
}

/** The day `days` after a day ("YYYY-MM-DD"; calendar days, whatever the clocks do). */
export const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
