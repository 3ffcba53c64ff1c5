/** User endpoints of docs/api.md beyond the generic ones, and the own-profile endpoints (docs/business-rules.md). */
import type { FastifyInstance } from 'fastify';
import { user as userSchema } from '../../../schemas/user';
import { profileSchema, usersContracts as contract } from '../../shared/contracts/users';
import { Msg } from '../../shared/messages';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { forbidden, parseRowId } from '../errors';
import { confirmCurrentPassword, isAdmin } from '../domain/auth';
import { getRecord, listRecords, updateRecord } from '../domain/records';
import { readPayload } from '../files/payload';
import { uploadsOf } from '../plugins/uploads';
import { parseFilter, recordContext } from './context';

/** The avatar upload takes one image, under `image` (or `file`, as the spec's FormData calls it). */
const imageLimit = uploadsOf(profileSchema).uploads!.fields.image;
const avatarUploads = { fields: { image: imageLimit, file: imageLimit } };

export default async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, contract.page, async ({ params, query }, request) =>
    ok(await listRecords(await recordContext(ctx, request, userSchema), userSchema, { page: params.page, per_page: query.per_page })));

  route(app, contract.filtered, async ({ body }, request) => {
    const filter = parseFilter(body.filter);
    // A plain string filter searches names, username and e-mail.
    if (typeof body.filter === 'string' && !Object.keys(filter).length) filter.q = body.filter;
    const asker = await recordContext(ctx, request, userSchema);
    return ok(await listRecords(asker, userSchema, { page: body.page, per_page: body.per_page, filter }));
  });

  /** Own profile, or any user's for an admin. */
  const profileContext = async (request: Parameters<typeof recordContext>[1], id: unknown) => {
    if (parseRowId(id) !== request.me.id && !isAdmin(request.me)) throw forbidden();
    return recordContext(ctx, request, profileSchema);
  };

  route(app, contract.profile, async ({ params }, request) =>
    ok(await getRecord(await profileContext(request, params.id), profileSchema, params.id)));

  route(app, contract.updateProfile, async (_input, request) => {
    const payload = await readPayload(request);
    const context = await profileContext(request, payload.data.id);
    if (parseRowId(payload.data.id) === request.me.id) await confirmCurrentPassword(ctx.db, request.me.id, payload.data);
    const { current_password: _current, ...data } = payload.data;
    return ok(await updateRecord(context, profileSchema, { ...payload, data }), Msg.saved);
  }, { config: uploadsOf(profileSchema) });

  route(app, contract.updateImage, async (_input, request) => {
    const payload = await readPayload(request);
    const id = payload.data.id ?? payload.fields.id ?? request.me.id;
    const only = { data: { id }, files: { image: payload.files.image ?? payload.files.file }, fields: {} };
    if (!only.files.image) return ok(await getRecord(await profileContext(request, id), profileSchema, id));
    return ok(await updateRecord(await profileContext(request, id), profileSchema, only), Msg.saved);
  }, { config: { uploads: avatarUploads } });

  route(app, contract.deleteImage, async ({ params }, request) => {
    // A missing user is the engine's own 404.
    const { id } = params;
    const removed = { data: { id: parseRowId(id), image: null }, files: {}, fields: {} };
    return ok(await updateRecord(await profileContext(request, id), profileSchema, removed), Msg.saved);
  });
}
