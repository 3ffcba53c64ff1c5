/** Reading and picking days in the browser (how they are written: shared/format.ts). */
import { Msg } from '../shared/messages';

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether year, month (1–12) and day make a real calendar day (years from 1000). */
export function isRealDay(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "20/11/2026" (also 20-11-2026, 20.11.2026, 1/2/2026) → "2026-11-20"; null when it is not a real day. */
export function parseDay(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** Reads a typed date: its canonical text, or null when the text is not one. */
type DateParser = (text: string) => string | null;

/**
 * A typed day (or date and time, with `parse` = calendar/dates.ts parseDateTimeText) as the inputs read
 * it: `value` is '' when the text is empty, what `parse` makes of it, or null while it is not one; then
 * `error` is the Spanish message the input reports ("Introduzca una fecha válida"), else null.
 */
export function readDateText(text: string, parse: DateParser = parseDay): { value: string | null; error: string | null } {
  if (text.trim() === '') return { value: '', error: null };
  const value = parse(text);
  return { value, error: value === null ? Msg.dateInvalid : null };
}

/** What a form keeps of a typed date: null when empty, the date when it is one, else the text as typed (the schema's rule reports it). */
export function formDateValue(text: string, parse: DateParser = parseDay): string | null {
  const { value } = readDateText(text, parse);
  return value === '' ? null : value ?? text;
}

/** Today in the user's time zone, as year-month-day. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Opens the browser's own picker of a (hidden) date input; focuses it where showPicker is missing or refused. */
export function openPicker(input: HTMLInputElement | null) {
  const field = input as (HTMLInputElement & { showPicker?: () => void }) | null;
  try {
    field?.showPicker?.();
  } catch {
    field?.focus();
  }
}
