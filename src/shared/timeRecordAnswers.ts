/** What the time-record endpoints answer (src/shared/contracts/timeRecords.ts), and its types. */
import { z } from 'zod';
import { TIME_ENTRY_KINDS, type WorkState } from './timeRecords';

const hoursMinutes = (what: string) => z.string().describe(`${what}, en horas y minutos («7:45»)`);
const kind = z.enum(TIME_ENTRY_KINDS);
const madridDate = z.string().describe('Día de Madrid, aaaa-mm-dd');
const madridClock = z.string().describe('Hora de Madrid, hh:mm');

export const workerAnswer = z.object({ id: z.number().int(), name: z.string(), username: z.string(), active: z.boolean() });
export type Worker = z.output<typeof workerAnswer>;

export const checkInStatusAnswer = z.object({
  state: z.enum(['out', 'in', 'paused']) satisfies z.ZodType<WorkState>,
  label: z.string().describe('El estado, en español'),
  since: z.string().nullable().describe('Desde cuándo (ISO 8601); null fuera de la jornada'),
  actions: z.array(z.object({ kind, label: z.string().describe('El texto del botón') }))
    .describe('Lo que puede ficharse ahora, el paso habitual primero'),
  today: hoursMinutes('Lo trabajado hoy (día de Madrid)'),
  clocks_in: z.boolean().describe(
    'Si ficha: el taller siempre; la oficina, si ha fichado en los últimos 40 días. Sólo a quien ficha se le pregunta, '
    + 'al marcar un paso sin haber fichado la entrada, si quiere fichar antes',
  ),
});
export type CheckInStatus = z.output<typeof checkInStatusAnswer>;

export const entryViewAnswer = z.object({
  id: z.number().int(),
  kind,
  label: z.string(),
  at: z.string().describe('Instante ISO 8601 (UTC)'),
  time: madridClock,
  voided: z.boolean().describe('Anulado por una corrección: no cuenta'),
  added: z.boolean().describe('Añadido por la oficina'),
  original: z.object({ kind, label: z.string(), day: madridDate, time: madridClock }).nullable()
    .describe('El fichaje tal como se escribió, si una corrección lo cambió'),
  corrections: z.array(z.object({
    id: z.number().int(),
    label: z.string(),
    day: madridDate,
    time: madridClock,
    voids: z.boolean(),
    reason: z.string(),
    recorded_at: z.string().describe('Instante ISO 8601 (UTC)'),
    recorded_by: z.string().describe('Quién la escribió'),
  })),
  reason: z.string().nullable().describe('Por qué lo añadió la oficina'),
});
export type EntryView = z.output<typeof entryViewAnswer>;

export const dayViewAnswer = z.object({
  day: madridDate,
  entries: z.array(entryViewAnswer),
  stretches: z.array(z.string()).describe('«08:00–14:00», «15:00–en curso», «08:00–sin salida»'),
  pauses: z.array(z.string()),
  worked_ms: z.number().int(),
  worked: hoursMinutes('Lo trabajado'),
  paused_ms: z.number().int(),
  paused: hoursMinutes('Lo pausado'),
  incomplete: z.boolean().describe('Sin salida: no cuenta hasta que se corrija'),
  ongoing: z.boolean(),
  corrected: z.boolean(),
});
export type DayView = z.output<typeof dayViewAnswer>;

type CorrectionView = EntryView['corrections'][number];
/** A day laid out with each correction's author as `Author`: a name in an answer, an id where it is kept. */
export type DayViewBy<Author> = Omit<DayView, 'entries'> & {
  entries: Array<Omit<EntryView, 'corrections'> & { corrections: Array<Omit<CorrectionView, 'recorded_by'> & { recorded_by: Author }> }>;
};
/** A month laid out as it is kept (`work_months.view`): the authors by id, named when it is read. */
export interface KeptMonthView { days: Array<DayViewBy<number>>; worked_ms: number; paused_ms: number }

/** A production step the worker marked while not clocked in (issue 44: the day adds up). */
export const outsideMarkAnswer = z.object({
  day: madridDate,
  time: madridClock,
  at: z.string().describe('Instante ISO 8601 (UTC) del paso'),
  barcode: z.string().describe('El código del artículo'),
  order_id: z.number().int(),
  step: z.string().describe('El paso marcado'),
});
export type OutsideMark = z.output<typeof outsideMarkAnswer>;

export const monthViewAnswer = z.object({
  worker: workerAnswer,
  month: z.string().describe('aaaa-mm'),
  days: z.array(dayViewAnswer),
  outside_marks: z.array(outsideMarkAnswer)
    .describe('Pasos de producción que el trabajador marcó en el mes fuera de su jornada fichada, por orden de hora'),
  worked_ms: z.number().int(),
  worked: hoursMinutes('Lo trabajado en el mes'),
  paused_ms: z.number().int(),
  paused: hoursMinutes('Lo pausado en el mes'),
});
export type MonthView = z.output<typeof monthViewAnswer>;

/** A worker's month in the office's overview (one row of everyone's month). */
export const workerTotalsAnswer = z.object({
  worker: workerAnswer,
  days: z.number().int().describe('Días con algún fichaje'),
  worked_ms: z.number().int(),
  worked: hoursMinutes('Lo trabajado en el mes'),
  incomplete: z.number().int().describe('Días sin salida'),
  corrected: z.number().int().describe('Días corregidos'),
  outside_marks: z.number().int().describe('Pasos de producción marcados sin haber fichado'),
});
export type WorkerTotals = z.output<typeof workerTotalsAnswer>;
