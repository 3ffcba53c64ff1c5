/** Consignment calendar, traceability (bar codes, steps, labels) and order migration endpoints. */
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { Msg } from '../../shared/messages';
import { logisticsContracts as contract } from '../../shared/contracts/logistics';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { invalid, parseRowId } from '../errors';
import { barcodeView, consignmentOrders, markNextStep, ordersBetween, ordersInDay } from '../domain/logistics';
import { isStaff } from '../domain/auth';
import { findOrder } from '../domain/orders';
import { checkInBeforeMark } from '../domain/timeRecords';
import { importMigration, previewMigration } from '../domain/orderMigration';
import { renderLabels } from '../documents/labels';
import { readParts } from '../files/payload';
import { MAX_UPLOAD_BYTES, type Uploads } from '../plugins/uploads';
import { clients, order_items } from '../db/tables';

/** The migration takes several CSV files at once, in its `files` field. */
const MIGRATION_UPLOADS: Uploads = { fields: { files: MAX_UPLOAD_BYTES }, perField: 20 };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (value: unknown, field: string) => {
  if (typeof value !== 'string' || !dayPattern.test(value) || Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()))
    throw invalid({ [field]: Msg.dateInvalid });
  return value;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A mark's idempotency key: a UUID the phone made, or none. */
const optionalKey = (value: unknown) => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !uuidPattern.test(value)) throw invalid({ idempotency_key: Msg.markKeyInvalid });
  return value.toLowerCase();
};
/** An ISO 8601 instant with its offset (`2026-11-29T07:15:00.000Z`), or none. */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const optionalInstant = (value: unknown) => {
  if (value === undefined || value === null) return undefined;
  const instant = typeof value === 'string' && instantPattern.test(value) ? new Date(value) : null;
  if (!instant || Number.isNaN(instant.getTime())) throw invalid({ made_at: Msg.madeAtInvalid });
  return instant;
};

export default async function logisticsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, contract.ordersInDay, async ({ params }, request) => ok(await ordersInDay(ctx.db, request.me, dayOf(params.day, 'day'))));

  /** The order calendar's range (month or week view): finished orders by delivery day. */
  route(app, contract.deliveryCalendar, async ({ body }, request) => {
    const from = dayOf(body.from, 'from');
    const to = dayOf(body.to, 'to');
    if (to < from) throw invalid({ to: Msg.dateInvalid });
    return ok(await ordersBetween(ctx.db, request.me, from, to));
  });

  route(app, contract.consignmentOrders, async ({ params }, request) => ok(await consignmentOrders(ctx.db, request.me, params.id)));

  // ------------------------------------------------------------ traceability

  /** Public, as printed labels are scanned: the item, its order's state and its steps; who did them only for staff. */
  route(app, contract.barcode, async ({ params }, request) =>
    ok(await barcodeView(ctx.db, params.code, { staff: isStaff(request.user) })));

  // Office and workshop staff mark steps as the item goes through production.
  route(app, contract.markNextStep, async ({ body }, request) => {
    const code = typeof body.code === 'string' ? body.code : '';
    const stepId = body.step_id === undefined || body.step_id === null ? undefined : parseRowId(body.step_id, 'step_id');
    const key = optionalKey(body.idempotency_key);
    const madeAt = optionalInstant(body.made_at);
    if (body.check_in !== undefined && typeof body.check_in !== 'boolean') throw invalid({ check_in: Msg.markCheckInInvalid });
    const { view, checkedIn } = await ctx.db.transaction(async (tx) => {
      // Clocked in first, the mark then made at the check-in's time: within the clocked day (issue 44).
      const checkedIn = body.check_in ? await checkInBeforeMark(tx, request.me) : null;
      return { view: await markNextStep(tx, request.me, { code, stepId, key, madeAt: madeAt ?? checkedIn ?? undefined }), checkedIn };
    });
    return ok(view, checkedIn ? 'Entrada fichada y paso marcado como hecho' : 'Paso marcado como hecho');
  });

  /** The order's labels: one per item with its Code 128 bar code. */
  route(app, contract.labels, async ({ params }, request, reply) => {
    const order = await findOrder(ctx.db, request.me, params.id);
    const [client] = await ctx.db.select({ name: clients.name }).from(clients).where(eq(clients.id, order.client_id));
    const items = await ctx.db.select().from(order_items).where(eq(order_items.order_id, order.id)).orderBy(asc(order_items.id));
    const pdf = await renderLabels(
      items.map((item) => ({
        barcode: item.barcode,
        product: item.product_name,
        order: `Pedido nº ${order.id}`,
        client: client?.name ?? '',
        quantity: item.quantity_purchased,
      })),
    );
    return reply.type('application/pdf').header('content-disposition', `inline; filename="etiquetas-pedido-${order.id}.pdf"`).send(pdf);
  });

  // ------------------------------------------------------------ migration

  /** migrateOrdersFiles: multipart `files` (one or more CSV); `dry_run=true` answers the preview only. */
  route(app, contract.migrateOrders, async ({ query }, request) => {
    if (!request.isMultipart()) throw invalid({ files: Msg.migrationFiles });
    const parts = await readParts(request);
    const dryRun = (parts.fields.dry_run ?? query.dry_run) === 'true';
    const files = parts.files.map((file, index) => ({ filename: file.filename || `fichero-${index + 1}.csv`, data: file.data }));
    const binary = files.find((file) => file.data.includes(0));
    if (binary) throw invalid({ files: `${binary.filename}: ${Msg.migrationNotCsv}` });
    if (!files.length) throw invalid({ files: Msg.migrationFiles });
    if (dryRun) return ok(await previewMigration(ctx.db, files));
    const result = await importMigration(ctx.db, request.me, files);
    const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    return ok(result, `Se han importado ${count(result.orders, 'pedido', 'pedidos')} (${count(result.rows, 'fila', 'filas')})`);
  }, { config: { uploads: MIGRATION_UPLOADS } });
}
