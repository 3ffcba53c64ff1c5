/** Consignment calendar, traceability (bar codes, steps, labels) and order migration endpoints. */
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { Msg } from '../../shared/messages';
import { STAFF } from '../../shared/roles';
import { barcodeAnswer } from '../../shared/publicAnswers';
import type { AppContext } from '../context';
import { ok, okAs } from '../plugins/envelope';
import { invalid } from '../errors';
import { barcodeView, consignmentOrders, markNextStep, ordersBetween, ordersInDay } from '../domain/logistics';
import { isStaff } from '../domain/auth';
import { findOrder } from '../domain/orders';
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

export default async function logisticsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const staff = { access: ['admin' as const] };

  app.get<{ Params: { day: string } }>(
    '/api/order/getClientOrdersInDay/:day',
    { config: { docs: { summary: 'Los pedidos con entrega en un día' } } },
    async (request) => ok(await ordersInDay(ctx.db, request.me, dayOf(request.params.day, 'day'))),
  );

  /** The order calendar's range (month or week view): finished orders by delivery day. */
  app.post<{ Body: { from?: unknown; to?: unknown } }>(
    '/api/order/getDeliveryCalendar',
    { config: { docs: { summary: 'El calendario de entregas entre dos fechas' } } },
    async (request) => {
      const from = dayOf(request.body?.from, 'from');
      const to = dayOf(request.body?.to, 'to');
      if (to < from) throw invalid({ to: Msg.dateInvalid });
      return ok(await ordersBetween(ctx.db, request.me, from, to));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/order/getConsignmentOrders/:id',
    { config: { docs: { summary: 'Los pedidos de una expedición' } } },
    async (request) => ok(await consignmentOrders(ctx.db, request.me, request.params.id)),
  );

  // ------------------------------------------------------------ traceability

  /** Public, as printed labels are scanned: the item, its order's state and its steps; who did them only for staff. */
  app.get<{ Params: { code: string } }>(
    '/api/traceability/barCode/:code',
    {
      config: {
        access: 'public',
        rateLimit: { max: 120, timeWindow: '1 minute' },
        docs: { summary: 'Trazabilidad de un artículo por el código de barras de su etiqueta', answer: barcodeAnswer },
      },
    },
    async (request) => okAs(barcodeAnswer, await barcodeView(ctx.db, request.params.code, { staff: isStaff(request.user) })),
  );

  // Office and workshop staff mark steps as the item goes through production.
  app.post<{ Body: { code?: unknown } }>(
    '/api/traceability/markNextStep',
    {
      config: { docs: { summary: 'Marcar hecho el siguiente paso de producción de un artículo (por su código de barras)' }, access: STAFF },
    },
    async (request) => {
      const code = typeof request.body?.code === 'string' ? request.body.code : '';
      const view = await ctx.db.transaction((tx) => markNextStep(tx, request.me, code));
      return ok(view, 'Paso marcado como hecho');
    },
  );

  /** The order's labels: one per item with its Code 128 bar code. */
  app.get<{ Params: { id: string } }>(
    '/api/order/labels/:id',
    { config: { ...staff, docs: { summary: 'Las etiquetas del pedido en PDF', produces: 'application/pdf' } } },
    async (request, reply) => {
      const order = await findOrder(ctx.db, request.me, request.params.id);
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
    },
  );

  // ------------------------------------------------------------ migration

  /** migrateOrdersFiles: multipart `files` (one or more CSV); `dry_run=true` answers the preview only. */
  app.post<{ Querystring: { dry_run?: string } }>(
    '/api/order/migrateOrdersFiles',
    {
      config: {
        docs: { summary: 'Migrar pedidos desde archivos CSV (dry_run=true: sólo la vista previa)' },
        ...staff,
        uploads: MIGRATION_UPLOADS,
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw invalid({ files: Msg.migrationFiles });
      const parts = await readParts(request);
      const dryRun = (parts.fields.dry_run ?? request.query.dry_run) === 'true';
      const files = parts.files.map((file, index) => ({ filename: file.filename || `fichero-${index + 1}.csv`, data: file.data }));
      const binary = files.find((file) => file.data.includes(0));
      if (binary) throw invalid({ files: `${binary.filename}: ${Msg.migrationNotCsv}` });
      if (!files.length) throw invalid({ files: Msg.migrationFiles });
      if (dryRun) return ok(await previewMigration(ctx.db, files));
      const result = await importMigration(ctx.db, request.me, files);
      const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      return ok(result, `Se han importado ${count(result.orders, 'pedido', 'pedidos')} (${count(result.rows, 'fila', 'filas')})`);
    },
  );
}
