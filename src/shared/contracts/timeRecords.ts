/** Check-in (registro de jornada): the staff's own record and the office's overview, corrections and reports. */
import { z } from 'zod';
import { ADMIN_ONLY, STAFF } from '../roles';
import { type Correction } from '../timeRecords';
import { checkInStatusAnswer, monthViewAnswer, workerAnswer, workerTotalsAnswer } from '../timeRecordAnswers';
import { defineContract } from './contract';

const tag = 'Registro de jornada';
const month = z.string().describe('aaaa-mm');
const monthParams = z.object({ month });
const workerParams = z.object({ user_id: z.string().describe('Id del trabajador'), month });

// Read loosely: the domain checks every field of a correction with the dialog's own rules (correctionErrors).
const loose = (description: string) => z.unknown().optional().describe(description);
const correctionBody = z.object({
  action: loose('change: nueva hora y tipo; void: anular; add: un fichaje que faltaba'),
  entry_id: loose('El fichaje que se corrige (change, void)'),
  user_id: loose('El trabajador (add)'),
  kind: loose('in, pause_start, pause_end u out'),
  day: loose('aaaa-mm-dd'),
  time: loose('hh:mm'),
  reason: loose('El motivo (obligatorio, como mucho 500 caracteres)'),
}) satisfies z.ZodType<{ [Field in keyof Correction]?: unknown }>;

export const timeRecordContracts = {
  status: defineContract({
    method: 'GET', path: '/api/timeRecords/status', access: STAFF, tag,
    summary: 'Mi fichaje: dónde estoy y qué puedo fichar ahora', data: checkInStatusAnswer,
  }),
  checkIn: defineContract({
    method: 'POST', path: '/api/timeRecords/checkIn', access: STAFF, tag,
    summary: 'Fichar: entrada, inicio o fin de pausa, salida (a la hora del servidor)',
    body: z.object({ kind: loose('in, pause_start, pause_end u out') }),
    data: checkInStatusAnswer,
  }),
  myMonth: defineContract({
    method: 'GET', path: '/api/timeRecords/mine/:month', access: STAFF, tag,
    summary: 'Mi registro de jornada de un mes', params: monthParams, data: monthViewAnswer,
  }),
  myReport: defineContract({
    method: 'GET', path: '/api/timeRecords/mine/:month/pdf', access: STAFF, tag,
    summary: 'Mi registro de jornada de un mes en PDF', params: monthParams, produces: 'application/pdf', heavy: true,
  }),
  workers: defineContract({
    method: 'GET', path: '/api/timeRecords/workers', access: ADMIN_ONLY, tag,
    summary: 'El personal que ficha', data: z.array(workerAnswer),
  }),
  everyonesMonth: defineContract({
    method: 'GET', path: '/api/timeRecords/month/:month', access: ADMIN_ONLY, tag,
    summary: 'Los totales de un mes de todo el personal', params: monthParams, data: z.array(workerTotalsAnswer),
  }),
  workerMonth: defineContract({
    method: 'GET', path: '/api/timeRecords/worker/:user_id/:month', access: ADMIN_ONLY, tag,
    summary: 'El registro de jornada de un trabajador de un mes', params: workerParams, data: monthViewAnswer,
  }),
  workerReport: defineContract({
    method: 'GET', path: '/api/timeRecords/worker/:user_id/:month/pdf', access: ADMIN_ONLY, tag,
    summary: 'El registro de jornada de un trabajador de un mes en PDF', params: workerParams, produces: 'application/pdf', heavy: true,
  }),
  correct: defineContract({
    method: 'POST', path: '/api/timeRecords/correct', access: ADMIN_ONLY, tag,
    summary: 'Corregir un fichaje (se guarda uno nuevo y se conserva el original)',
    body: correctionBody,
    data: z.object({ id: z.number().int().describe('El fichaje nuevo'), user_id: z.number().int().describe('Su trabajador') }),
  }),
  csv: defineContract({
    method: 'GET', path: '/api/timeRecords/csv', access: ADMIN_ONLY, tag,
    summary: 'El registro de jornada de todos en CSV (?month=AAAA-MM, o ?from=&to=)',
    description: 'Un mes, o cualquier intervalo de días, registros de cualquier antigüedad incluidos.',
    query: z.object({
      month: month.optional(),
      from: z.string().optional().describe('aaaa-mm-dd'),
      to: z.string().optional().describe('aaaa-mm-dd'),
    }),
    produces: 'text/csv', heavy: true,
  }),
};
