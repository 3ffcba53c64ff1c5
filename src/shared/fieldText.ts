/**
 * A field's value as text, as its list column shows it: the phone's rows and the CSV export (written on
 * the server, src/server/domain/records/exports.ts) say each value the way the table does.
 */
import type { FieldDef } from './resource';
import { formatDateTime, formatDay, formatNumber, formatTimeOfDay, pad } from './format';
import { wallClock } from './madrid';

export interface TextOptions {
  /** A reference's titles: id → the referenced record's title. Without one, the id. */
  titles?: Map<unknown, string>;
  /** The reader's time zone for instants (an IANA name, e.g. "Europe/Madrid"); absent: this machine's. */
  zone?: string;
}

/** A decimal as the lists show it: "1.234,50". */
export const decimalText = (field: FieldDef, value: unknown) =>
  value == null ? '' : formatNumber(Number(value), field.decimals ?? 2, field.decimals ?? 2);

/**
 * "Sí"/"No", a choice's label, a referenced record's title, Spanish numbers, a calendar day as it is
 * ("2026-11-24" → "24/11/2026"), a wall-clock time as it is written and an instant in the reader's zone.
 * A field whose value alone does not say it has its own `text` (schemas).
 */
export function fieldText(field: FieldDef, record: Record<string, unknown>, { titles, zone }: TextOptions = {}): string {
  if (field.text) return field.text(record);
  const value = record[field.name];
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'boolean': return value ? 'Sí' : 'No';
    case 'select': return field.choices?.find((c) => c.value === value)?.label ?? String(value);
    case 'reference': return titles?.get(value) ?? String(value);
    case 'decimal': return decimalText(field, value);
    case 'date': return formatDay(value);
    case 'datetime': return dateTimeText(value, zone);
    case 'time': return formatTimeOfDay(value);
    case 'json': return JSON.stringify(value);
    default: return String(value);
  }
}

/** A stored wall-clock time ("2027-03-04 09:30:00", no zone): its own digits, whatever the reader's zone. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** "24/11/2026 09:30": a wall-clock time as written; an instant (ISO with its zone) in `zone`. */
export function dateTimeText(value: unknown, zone?: string): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const wall = typeof value === 'string' ? WALL_CLOCK.exec(value) : null;
  if (wall) return `${wall[3]}/${wall[2]}/${wall[1]} ${wall[4]}:${wall[5]}`;
  if (!zone) return formatDateTime(value);
  const instant = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(instant)) return '';
  const clock = new Date(wallClock(zone, instant));
  return `${pad(clock.getUTCDate())}/${pad(clock.getUTCMonth() + 1)}/${clock.getUTCFullYear()} `
    + `${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}`;
}
