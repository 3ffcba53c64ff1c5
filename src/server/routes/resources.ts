/** The generic endpoints of docs/api.md, mounted for every schema resource. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resourceList } from '../../../schemas';
import type { ResourceSchema } from '../../shared/resource';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { readPayload } from '../files/payload';
import { uploadsOf } from '../plugins/uploads';
import {
  allRecords, createRecord, deleteRecord, dropdown, dropdownById, getRecord, listRecords, tableOf, updateRecord, useTableFor,
  type DeclaredResource,
} from '../domain/records';
import { exportRecords, prepend } from '../domain/records/exports';
import { inReadOnlyTransaction } from '../db/heldTransaction';
import { Code } from '../../shared/codes';
import { attachmentDisposition } from '../../shared/documents';
import { Msg } from '../../shared/messages';
import { ApiError, parseCount } from '../errors';
import { resourceHooks } from '../resources';
import { parseFilter, recordContext } from './context';
import { route } from '../plugins/contracts';
import { resourceContracts } from '../../shared/contracts/records';

/**
 * CSV exports under way at once on this server: each holds a database connection (a cursor in its
 * transaction) while its reader downloads. One more waits for a slot to free, and is told so. One user
 * holds at most MAX_EXPORTS_PER_USER of them, so that somebody else's export always finds a slot; an
 * export's time is bounded too (plugins/answerDeadlines.ts), so no slot is held for ever.
 */
const MAX_EXPORTS = 4;
const MAX_EXPORTS_PER_USER = 2;

/** filteredDropdown's options: 50 unless the body asks for fewer, never more than 100. */
const DEFAULT_DROPDOWN_LIMIT = 50;
const MAX_DROPDOWN_LIMIT = 100;

export function mountResource(app: FastifyInstance, ctx: AppContext, schema: ResourceSchema, exports = new ExportSlots()) {
  const contract = resourceContracts(schema);
  const context = (request: Parameters<typeof recordContext>[1]) => recordContext(ctx, request, schema);
  // The contracts give each endpoint the schema's roles for its operation; the engine checks them again.

  route(app, contract.all, async ({ query }, request) =>
    ok(await allRecords(await context(request), schema, parseFilter(query.filter))));

  route(app, contract.page, async ({ params, query }, request) =>
    ok(await listRecords(await context(request), schema, { ...query, page: params.page, filter: parseFilter(query.filter) })));

  route(app, contract.csv, async ({ query }, request, reply) => {
    const { sort, order, filter, tz } = query;
    // Before anything waits on the database: a member over its share is told so at once.
    exports.take(reply, request.me.id);
    const asker = await context(request);
    const { filename, parts } = exportRecords(asker, schema, { sort, order, filter: parseFilter(filter), tz }, (referenced) => ({
      ...asker, hooks: resourceHooks[referenced.name],
    }));
    // On PostgreSQL the transaction cannot outlive the answer's deadline, even if this process stalls.
    const deadline = ctx.config.answerLimits.deadlineSeconds * 1000;
    const read = inReadOnlyTransaction(ctx.db, parts, ctx.dbKind === 'postgres' ? { timeoutMs: deadline } : {});
    // Its first part (the header) comes once the statement has run: an error is still this request's answer.
    const head = await read.next();
    const csv = head.done ? read : prepend(head.value, read);
    // The embedded database runs one transaction at a time for the whole server: the file is written
    // out first, so a slow download never holds everyone else's requests.
    const body = ctx.dbKind === 'pglite' ? await spooled(csv, reply) : Readable.from(csv, { highWaterMark: 1 });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(`${filename}.csv`))
      .send(body);
  });

  route(app, contract.dropdown, async (_input, request) => ok(await dropdown(await context(request), schema)));

  route(app, contract.filteredDropdown, async ({ body }, request) => {
    const query = typeof body.query === 'string' ? body.query : '';
    // A limit past 100 is capped; one that is not a whole number from 1 is refused (parseCount).
    const limit = Math.min(MAX_DROPDOWN_LIMIT, parseCount(body.limit, 'limit', DEFAULT_DROPDOWN_LIMIT));
    return ok(await dropdown(await context(request), schema, query, limit));
  });

  route(app, contract.dropdownById, async ({ params }, request) => ok(await dropdownById(await context(request), schema, params.id)));

  route(app, contract.data, async ({ params }, request) => ok(await getRecord(await context(request), schema, params.id)));

  const files = { config: uploadsOf(schema) };
  route(app, contract.create, async (_input, request) =>
    ok(await createRecord(await context(request), schema, await readPayload(request)), Msg.saved), files);

  route(app, contract.update, async (_input, request) =>
    ok(await updateRecord(await context(request), schema, await readPayload(request)), Msg.saved), files);

  route(app, contract.delete, async ({ body }, request) => ok(await deleteRecord(await context(request), schema, body.id), Msg.deleted));
}

/** Counts the exports under way, per user too; a slot frees when its answer has gone (or its reader left, or was cut off). */
class ExportSlots {
  private taken = 0;
  private byUser = new Map<number, number>();

  take(reply: FastifyReply, userId: number) {
    const own = this.byUser.get(userId) ?? 0;
    if (own >= MAX_EXPORTS_PER_USER) throw new ApiError(Code.warning, 429, Msg.ownExportsBusy(MAX_EXPORTS_PER_USER));
    if (this.taken >= MAX_EXPORTS) throw new ApiError(Code.warning, 503, Msg.exportsBusy);
    this.taken++;
    this.byUser.set(userId, own + 1);
    reply.raw.once('close', () => {
      this.taken--;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    });
  }
}

/** The parts written to a temporary file, read back as the answer; the file goes when the answer has. */
async function spooled(parts: AsyncIterable<string>, reply: FastifyReply) {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'cobertores-csv-'));
  const remove = () => fs.promises.rm(folder, { recursive: true, force: true });
  reply.raw.once('close', () => void remove());
  const file = path.join(folder, 'export.csv');
  await pipeline(Readable.from(parts), fs.createWriteStream(file));
  return fs.createReadStream(file);
}

/** Every resource of the schema index, with the table `db/tables` gives it. */
export const declaredResources = (): DeclaredResource[] => resourceList.map((schema) => ({ schema, table: tableOf(schema) }));

/** Mounts the generic endpoints of the given resources: by default, every declared one. */
export default async function resourceRoutes(
  app: FastifyInstance,
  { ctx, resources = declaredResources() }: { ctx: AppContext; resources?: DeclaredResource[] },
) {
  const exports = new ExportSlots();
  for (const { schema, table } of resources) {
    useTableFor(schema, table);
    mountResource(app, ctx, schema, exports);
  }
}
