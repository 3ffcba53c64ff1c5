/** User endpoints of docs/api.md beyond the generic ones, and the own-profile endpoints (docs/business-rules.md). */
import type { FastifyInstance } from 'fastify';
import { user as userSchema, NOTICE_FIELDS, PROFILE_FIELDS } from '../../../schemas/user';
import { Msg } from '../../shared/messages';
import type { ResourceSchema } from '../../shared/resource';
import { ALL_ROLES } from '../../shared/roles';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { forbidden, parseRowId } from '../errors';
import { confirmCurrentPassword, isAdmin } from '../domain/auth';
import { getRecord, listRecords, updateRecord } from '../domain/records';
import { readPayload } from '../files/payload';
import { uploadsOf } from '../plugins/uploads';
import { parseFilter, recordContext } from './context';

/** The profile is the user resource narrowed to what a user may change about itself. */
const profileSchema: ResourceSchema = {
  ...userSchema,
  access: { ...userSchema.access, read: ALL_ROLES, update: ALL_ROLES },
  fields: [
    ...userSchema.fields
      .filter(
        (f) =>
          f.name === 'id'
          || f.name === 'username'
          || f.name === 'image'
          || f.name === 'roles'
          || f.name === 'client_id'
          || (PROFILE_FIELDS as readonly string[]).includes(f.name),
      )
      .map((f) => (f.name === 'roles' || f.name === 'client_id' || f.name === 'username' ? { ...f, validate: undefined } : f)),
    ...NOTICE_FIELDS,
  ],
};

/** The avatar upload takes one image, under `image` (or `file`, as the spec's FormData calls it). */
const imageLimit = uploadsOf(profileSchema).uploads!.fields.image;
const avatarUploads = { fields: { image: imageLimit, file: imageLimit } };

export default async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const admin = { access: ['admin' as const] };

  app.get<{ Params: { page: string }; Querystring: { per_page?: string } }>(
    '/api/user/getAllUsers/page/:page',
    { config: { ...admin, docs: { summary: 'Usuarios: una página' } } },
    async (request) =>
      ok(
        await listRecords(await recordContext(ctx, request, userSchema), userSchema, {
          page: request.params.page,
          per_page: request.query.per_page,
        }),
      ),
  );

  app.post<{ Body: { page?: number; filter?: unknown; per_page?: number } }>(
    '/api/user/getFilteredUsers',
    { config: { ...admin, docs: { summary: 'Usuarios: una página filtrada (texto libre sobre nombre, usuario y correo)' } } },
    async (request) => {
      const filter = parseFilter(request.body?.filter);
      // A plain string filter searches names, username and e-mail.
      if (typeof request.body?.filter === 'string' && !Object.keys(filter).length) filter.q = request.body.filter;
      return ok(
        await listRecords(await recordContext(ctx, request, userSchema), userSchema, {
          page: request.body?.page,
          per_page: request.body?.per_page,
          filter,
        }),
      );
    },
  );

  /** Own profile, or any user's for an admin. */
  const profileContext = async (request: Parameters<typeof recordContext>[1], id: unknown) => {
    if (parseRowId(id) !== request.me.id && !isAdmin(request.me)) throw forbidden();
    return recordContext(ctx, request, profileSchema);
  };

  app.get<{ Params: { id: string } }>(
    '/api/user/profile/:id',
    { config: { docs: { summary: 'Un perfil de usuario (el propio; un administrador, cualquiera)' }, access: 'signedIn' } },
    async (request) => ok(await getRecord(await profileContext(request, request.params.id), profileSchema, request.params.id)),
  );

  app.post(
    '/api/user/updateProfile',
    {
      config: {
        docs: { summary: 'Guardar el perfil (el propio pide la contraseña actual)' },
        access: 'signedIn',
        ...uploadsOf(profileSchema),
      },
    },
    async (request) => {
      const payload = await readPayload(request);
      const context = await profileContext(request, payload.data.id);
      if (parseRowId(payload.data.id) === request.me.id) await confirmCurrentPassword(ctx.db, request.me.id, payload.data);
      const { current_password: _current, ...data } = payload.data;
      return ok(await updateRecord(context, profileSchema, { ...payload, data }), Msg.saved);
    },
  );

  app.post(
    '/api/user/updateUserImage',
    { config: { docs: { summary: 'Cambiar la foto de perfil' }, access: 'signedIn', uploads: avatarUploads } },
    async (request) => {
      const payload = await readPayload(request);
      const id = payload.data.id ?? payload.fields.id ?? request.me.id;
      const only = { data: { id }, files: { image: payload.files.image ?? payload.files.file }, fields: {} };
      if (!only.files.image) return ok(await getRecord(await profileContext(request, id), profileSchema, id));
      return ok(await updateRecord(await profileContext(request, id), profileSchema, only), Msg.saved);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/user/deleteUserImage/:id',
    { config: { docs: { summary: 'Quitar la foto de perfil' }, access: 'signedIn' } },
    async (request) => {
      // A missing user is the engine's own 404.
      const { id } = request.params;
      return ok(
        await updateRecord(await profileContext(request, id), profileSchema, {
          data: { id: parseRowId(id), image: null },
          files: {},
          fields: {},
        }),
        Msg.saved,
      );
    },
  );
}
