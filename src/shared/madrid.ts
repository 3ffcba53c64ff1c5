/**
 * Europe/Madrid time, the business's clock: its calendar days ("today", a day's first and last
 * instants) whatever the server's or the browser's time zone; and any zone's wall clock (a reader's, for
 * the CSV exports). Pure: callers pass the instant.
 */
const MADRID = 'Europe/Madrid';
const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (making one costs far more than using it). Throws RangeError for a zone Intl does not know. */
function formatIn(zone: string) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** Wall-clock fields of an instant in `zone`, read as if they were UTC, asked of Intl (some µs a call). */
function wallClockByIntl(zone: string, instant: number): number {
  const p: Record<string, number> = {};
  for (const part of formatIn(zone).formatToParts(new Date(instant))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  // hourCycle h23 may still write midnight as "24" in some engines.
  return Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
}

const HOUR_MS = 3_600_000;
/**
 * Offsets by zone and UTC hour: one Intl call serves every instant of that hour, so a month of time records
 * or a year's export does not pay it per row (issue 30). An hour whose offset changes inside it (a zone
 * whose clocks change off the hour) is asked of Intl per instant. Bounded: cleared at ~11 years of hours.
 */
const offsetsByZone = new Map<string, Map<number, number | null>>();

/** Wall-clock fields of an instant in `zone` (an IANA name), read as if they were UTC (ms dropped). */
export function wallClock(zone: string, instant: number): number {
  const seconds = Math.floor(instant / 1000) * 1000;
  if (!Number.isFinite(seconds)) return wallClockByIntl(zone, seconds);
  let offsets = offsetsByZone.get(zone);
  if (!offsets) offsetsByZone.set(zone, (offsets = new Map()));
  const hour = Math.floor(seconds / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const first = wallClockByIntl(zone, hour * HOUR_MS) - hour * HOUR_MS;
    const last = wallClockByIntl(zone, (hour + 1) * HOUR_MS - 1000) - ((hour + 1) * HOUR_MS - 1000);
    offset = first === last ? first : null;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset === null ? wallClockByIntl(zone, seconds) : seconds + offset;
}

/** Madrid wall-clock fields of an instant, read as if they were UTC (ms dropped). */
export const madridWallClock = (instant: number): number => wallClock(MADRID, instant);

/** Whether Intl knows `zone` (an IANA name such as "Europe/Madrid", or "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    formatIn(zone);
    return true;
  } catch {
    return false;
  }
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
