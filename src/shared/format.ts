/**
 * The one Spanish way numbers, amounts and dates are written, on screen and in documents: thousands
 * dot, decimal comma, dd/MM/yyyy and HH:mm. By hand, not Intl: its output differs between Node and
 * browsers (e.g. "1234" vs "1.234" for four digits in es-ES).
 */
/** Spanish whole number: 10000 → "10.000". */
export const formatInteger = (value: number): string => String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * A Spanish number rounded to `maxDecimals` (half-up) and showing at least `minDecimals`:
 * formatNumber(4.5, 2, 2) → "4,50"; formatNumber(0.15) → "0,15"; formatNumber(1234) → "1.234".
 */
export function formatNumber(value: number, maxDecimals = 2, minDecimals = 0): string {
  const scale = 10 ** maxDecimals;
  const scaled = Math.sign(value) * Math.floor(Math.abs(Math.round(value * scale * 1e4) / 1e4) + 0.5);
  const abs = Math.abs(scaled);
  const whole = formatInteger(Math.floor(abs / scale));
  let decimals = maxDecimals ? String(abs % scale).padStart(maxDecimals, '0') : '';
  while (decimals.length > minDecimals && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  return `${scaled < 0 ? '-' : ''}${whole}${decimals ? `,${decimals}` : ''}`;
}

/** A Spanish number with 2 decimals: 1234.5 → "1.234,50". */
export const formatDecimal = (value: number): string => formatNumber(value, 2, 2);

/** Spanish amount: 1234.5 → "1.234,50 €". */
export const formatEuros = (euros: number): string => `${formatDecimal(euros)} €`;

/** A shipping amount as every total says it, on screen and in the PDFs: nothing to pay is «Gratis». */
export const formatShipping = (euros: number): string => (Math.round(euros * 100) === 0 ? 'Gratis' : formatEuros(euros));

/** A length in metres with 2 decimals: 4.5 → "4,50 m". */
export const formatMetres = (metres: number): string => `${formatNumber(metres, 2, 2)} m`;

/** A percentage: 21 → "21 %", 0.15 → "0,15 %". */
export const formatPercent = (value: number): string => `${formatNumber(value, 2)} %`;

/** A weight: 12.824 → "12,82 kg". */
export const formatKilos = (value: number): string => `${formatNumber(value, 2)} kg`;

/**
 * A stored number as a form shows it for editing. With its field's `places`, written as everywhere else:
 * 1234.5 → "1.234,50", 8.5 → "8,50" (the comma says which mark is the decimal, so it reads back as the
 * same number). Without them (whole numbers, or places unknown) no thousands dot, since "1.234" alone may
 * be either: 0.15 → "0,15", 1234 → "1234".
 */
export function editableNumber(value: unknown, places?: number) {
  // A stored decimal may come as text ("6.82" from a numeric column); typed text ("6,8") stays as typed.
  const number = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number') return value;
  return places ? formatNumber(number, places, places) : String(number).replace('.', ',');
}

/**
 * A typed number read the Spanish way (docs/validation.md), the counterpart of `editableNumber`: decimals
 * after a comma ("1234,5") or a point ("1234.5", as numeric keypads and pasted figures write them), and
 * thousands dots in whole groups ("1.234,5", "1.234.567"). One point before exactly three digits
 * ("1.234", "2.000") may be either, so it is not guessed: 'ambiguous'. Anything else is NaN.
 */
export function readNumber(text: string): number | 'ambiguous' {
  const typed = text.trim();
  if (/^-?[1-9]\d{0,2}\.\d{3}$/.test(typed)) return 'ambiguous';
  if (/^-?\d+([.,]\d+)?$/.test(typed)) return Number(typed.replace(',', '.'));
  if (/^-?[1-9]\d{0,2}(\.\d{3})+(,\d+)?$/.test(typed)) return Number(typed.replaceAll('.', '').replace(',', '.'));
  return NaN;
}

/** Whether a form left a value out or emptied it (undefined, null, blank text). */
export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Empty inputs become undefined, so "missing" and "emptied" give the same required message. */
export const blankToUndefined = (v: unknown) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim() : v);

/** What a form sends for a number ("4,5", "4.5", "1.234,5", 4.5) as a number (readNumber); anything else as it came. */
export function toNumber(v: unknown) {
  const value = blankToUndefined(v);
  const number = typeof value === 'string' ? readNumber(value) : null;
  return typeof number === 'number' && !Number.isNaN(number) ? number : value;
}

/** Why a typed number was not read: "2.000" could be two thousand or two. */
export const ambiguousNumber = (text: string) => {
  const typed = text.trim();
  return `«${typed}» puede ser ${typed.replace('.', '')} o ${typed.replace('.', ',')}: escríbalo sin punto o con coma`;
};

/** A time of day stored as seconds since midnight (the time widget's value): 34200 → "09:30". */
export function formatTimeOfDay(seconds: unknown): string {
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds >= 86400) return '';
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}`;
}

/** A shop's receiving hours: "09:00–14:00", "desde 09:00", "hasta 14:00", or '' when it set none. */
export function formatTimeRange(from: unknown, until: unknown): string {
  const [start, end] = [formatTimeOfDay(from), formatTimeOfDay(until)];
  if (start && end) return `${start}–${end}`;
  return start ? `desde ${start}` : end ? `hasta ${end}` : '';
}

/** Two digits: 9 → "09" (hours, minutes, days, months). */
export const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day "2026-11-24" (or the day of a stored "2026-11-24 10:00:00") → "24/11/2026". */
export function formatDay(value: unknown): string {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** An instant in the reader's time: "24/11/2026". */
export function formatDate(value: string | Date | null | undefined): string {
  const d = asDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : '';
}

/** An instant in the reader's time: "24/11/2026 09:30". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = asDate(value);
  return d ? `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

function asDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Label of a reel (or any price) that has no row or whose row is not available (error 30001). */
export const NOT_AVAILABLE = 'No disponible';

/** Budget option label: "1.234,50 € sin IVA"; null (no available price) → "No disponible". */
export function formatPriceSinIva(euros: number | null): string {
  return euros == null ? NOT_AVAILABLE : `${formatEuros(euros)} sin IVA`;
}
