/**
 * Local date helpers of the calendars. The server stores local times without a zone
 * ("YYYY-MM-DD HH:mm:ss"); the browser's local time is the calendar's, so nothing is shifted.
 * Shown as everywhere (shared/format.ts): dd/MM/yyyy and dd/MM/yyyy HH:mm; typed also as docs/business-rules.md
 * writes it, dd-MM-yyyy HH:mm:ss (default time 12:00:00).
 */
import { formatDateTime, formatDay } from '../../../../shared/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date's local day as year-month-day. */
export const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A Date's local time as the server's "YYYY-MM-DD HH:mm:ss". */
export const localDateTime = (date: Date) => `${dayOf(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

export function addDays(date: Date, days: number) {
  const copy = new Date(date);
  copy.setDate(copy.getDate() + days);
  return copy;
}

export const todayDay = () => dayOf(new Date());

function validParts(y: number, mo: number, d: number, h = 0, mi = 0, s = 0) {
  const date = new Date(y, mo - 1, d);
  return y >= 1000 && date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d && h <= 23 && mi <= 59 && s <= 59;
}

/** "YYYY-MM-DD[ HH:mm[:ss]]" (or with T) → a local Date; null when it is not one. */
export function parseStored(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  return validParts(y, mo, d, h, mi, s) ? new Date(y, mo - 1, d, h, mi, s) : null;
}

/** The stored day of a value ("2027-03-04 00:00:00" → "2027-03-04"). */
export const storedDay = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '');

/** "2027-03-04 09:30:00" → "04/03/2027 09:30" (no time-zone conversion). */
export function formatDateTimeText(value: unknown) {
  const date = parseStored(value);
  return date ? formatDateTime(date) : '';
}

export { formatDay };

/**
 * "04-03-2027 09:30:00", "04/03/2027 9:30" or "04-03-2027" (default time 12:00:00), also the stored
 * "2027-03-04 09:30[:00]" →
 * "2027-03-04 09:30:00"; null when it is not a real date and time.
 */
export function parseDateTimeText(text: string): string | null {
  const time = '(?:[ T]+(\\d{1,2}):(\\d{2})(?::(\\d{2}))?)?\\s*$';
  const spanish = new RegExp(`^\\s*(\\d{1,2})[/.-](\\d{1,2})[/.-](\\d{4})${time}`).exec(text);
  const iso = spanish ? null : new RegExp(`^\\s*(\\d{4})-(\\d{1,2})-(\\d{1,2})${time}`).exec(text);
  const m = spanish ?? iso;
  if (!m) return null;
  const [d, mo, y] = spanish ? [Number(m[1]), Number(m[2]), Number(m[3])] : [Number(m[3]), Number(m[2]), Number(m[1])];
  const [h, mi, s] = m[4] === undefined ? [12, 0, 0] : [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  return validParts(y, mo, d, h, mi, s) ? `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}` : null;
}
