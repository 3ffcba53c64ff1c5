/** Reading and picking days in the browser (how they are written: shared/format.ts). */
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
