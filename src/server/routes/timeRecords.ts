/**
 * Check-in (registro de jornada): staff (admin, taller) check in and out at the server's time and read
 * their own record; the office reads everyone's, writes corrections and downloads the reports. There is
 * no update or delete: a correction is a new entry with its reason.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatDay } from '../../shared/format';
import { Msg } from '../../shared/messages';
import { csvHead, csvRow } from '../../shared/csv';
import { timeRecordContracts as contract } from '../../shared/contracts/timeRecords';
import { DONE_LABELS } from '../../shared/timeRecords';
import type { AppContext } from '../context';
import { invalid } from '../errors';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import {
  checkIn, checkInStatus, correctEntry, everyonesDays, everyonesMonth, monthOf, staffWorkers, workerMonth,
} from '../domain/timeRecords';
import type { MonthView } from '../../shared/timeRecordAnswers';
import { renderTimeRecordReport } from '../documents/timeRecordReport';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const dayOf = (value: unknown, field: string) => {
  if (typeof value !== 'string' || !DAY.test(value) || Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()))
    throw invalid({ [field]: Msg.dateInvalid });
  return value;
};

export default async function timeRecordRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const sendReport = async (reply: FastifyReply, record: MonthView) => {
    const pdf = await renderTimeRecordReport(ctx, record);
    const filename = `registro-jornada-${record.worker.username}-${record.month}.pdf`.replace(/[^\w.-]/g, '_');
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
  };

  // ------------------------------------------------------------ the worker's own

  /** Where the caller stands and what it may write next. */
  route(app, contract.status, async (_input, request) => ok(await checkInStatus(ctx.db, request.me)));

  /** `{kind}`: in, pause_start, pause_end or out, at the server's time. */
  route(app, contract.checkIn, async ({ body }, request) => {
    const { status, kind } = await ctx.db.transaction((tx) => checkIn(tx, request.me, body.kind));
    return ok(status, DONE_LABELS[kind]);
  });

  route(app, contract.myMonth, async ({ params }, request) => ok(await workerMonth(ctx.db, request.me.id, params.month)));

  route(app, contract.myReport, async ({ params }, request, reply) =>
    sendReport(reply, await workerMonth(ctx.db, request.me.id, params.month)));

  // ------------------------------------------------------------ the office

  route(app, contract.workers, async () => ok(await staffWorkers(ctx.db)));

  /** Every staff user's totals of a month. */
  route(app, contract.everyonesMonth, async ({ params }) => ok(await everyonesMonth(ctx.db, params.month)));

  route(app, contract.workerMonth, async ({ params }) => ok(await workerMonth(ctx.db, params.user_id, params.month)));

  route(app, contract.workerReport, async ({ params }, _request, reply) =>
    sendReport(reply, await workerMonth(ctx.db, params.user_id, params.month)));

  /** `{action: change|void|add, entry_id | user_id, kind, day, time, reason}`: a new entry, the original kept. */
  route(app, contract.correct, async ({ body }, request) => {
    const row = await ctx.db.transaction((tx) => correctEntry(tx, request.me, body));
    return ok({ id: row.id, user_id: row.user_id }, Msg.timeCorrected);
  });

  /**
   * Everyone's record, day by day, as CSV: a month (`?month=2026-11`) or any span of days
   * (`?from=2022-01-01&to=2022-12-31`), records of any age included.
   */
  route(app, contract.csv, async ({ query }, _request, reply) => {
    const { month, from: fromParam, to: toParam } = query;
    let from: string;
    let to: string;
    if (month !== undefined) {
      const wanted = monthOf(month);
      from = `${wanted}-01`;
      to = `${wanted}-31`;
    } else {
      from = dayOf(fromParam, 'from');
      to = dayOf(toParam, 'to');
      if (to < from) throw invalid({ to: Msg.timeRangeOrder });
    }
    // Sent as it is read, a batch of a worker's rows at a time, the next read only once the last has gone
    // out (Readable.from pulls as the socket drains): the first bytes leave at once and memory stays flat.
    async function* csv(days: ReturnType<typeof everyonesDays>) {
      yield csvHead([
        'Trabajador',
        'Usuario',
        'Día',
        'Entradas y salidas',
        'Pausas',
        'Tiempo de pausa (h:mm)',
        'Tiempo trabajado (h:mm)',
        'Observaciones',
      ]);
      for await (const batch of days) {
        if (!batch.length) continue;
        yield batch
          .map(({ worker, day }) =>
            csvRow([
              worker.name,
              worker.username,
              formatDay(day.day),
              day.stretches.join(', '),
              day.pauses.join(', '),
              day.paused,
              day.worked,
              [day.corrected ? 'Corregido' : '', day.ongoing ? 'En curso' : '', day.incomplete ? 'Sin salida' : '']
                .filter(Boolean)
                .join(', '),
            ]),
          )
          .join('');
      }
    }
    const filename = month !== undefined ? `registro-jornada-${month}.csv` : `registro-jornada-${from}-a-${to}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(Readable.from(csv(everyonesDays(ctx.db, from, to)), { highWaterMark: 1 }));
  });
}
