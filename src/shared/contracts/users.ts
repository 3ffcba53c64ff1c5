/** The user endpoints beyond the generic ones (staff's lists) and the own-profile endpoints (docs/business-rules.md). */
import { z } from 'zod';
import { user, NOTICE_FIELDS, PROFILE_FIELDS } from '../../../schemas/user';
import { pageAnswer } from '../listPage';
import { defineResource } from '../resource';
import { ALL_ROLES } from '../roles';
import { defineContract, type RecordBody } from './contract';
import { listRowAnswer, recordAnswer } from './records';

type UserField = (typeof user.fields)[number];
/** What the profile shows beside what a user may change about itself. */
const PROFILE_KEYS = ['id', 'username', 'image', 'roles', 'client_id', ...PROFILE_FIELDS] as const;
type ProfileField = Extract<UserField, { name: (typeof PROFILE_KEYS)[number] }>;
const isProfileField = (field: UserField): field is ProfileField => (PROFILE_KEYS as readonly string[]).includes(field.name);
/** Shown on the profile, never changed there: the staff's rules for them do not apply. */
const SHOWN_ONLY: readonly string[] = ['roles', 'client_id', 'username'];

/** The profile is the user resource narrowed to what a user may change about itself, and its mail notices. */
export const profileSchema = defineResource({
  ...user,
  access: { ...user.access, read: ALL_ROLES, update: ALL_ROLES },
  fields: [
    ...user.fields.filter(isProfileField).map((field) => (SHOWN_ONLY.includes(field.name) ? { ...field, validate: undefined } : field)),
    ...NOTICE_FIELDS,
  ],
});

const tag = user.label.many;
const admin = ['admin'] as const;
/** The engine answers a profile as the whole user record (its `active` too), whatever the profile may change. */
const profile = recordAnswer(user);
const usersPage = pageAnswer(listRowAnswer(user));
/** A value the list engine reads itself (a page number as text or number; a filter as JSON text or an object). */
const loose = (meaning: string) => z.unknown().optional().describe(meaning);
const image = { name: 'image', label: 'Imagen' };

export const usersContracts = {
  page: defineContract({
    method: 'GET', path: '/api/user/getAllUsers/page/:page', access: admin, tag, summary: 'Usuarios: una página',
    params: z.object({ page: z.string().describe('Número de página, desde 1') }),
    query: z.object({ per_page: z.string().optional().describe('Filas por página (como mucho 100)') }),
    data: usersPage,
  }),
  filtered: defineContract({
    method: 'POST', path: '/api/user/getFilteredUsers', access: admin, tag,
    summary: 'Usuarios: una página filtrada (texto libre sobre nombre, usuario y correo)',
    body: z.object({
      page: loose('Número de página, desde 1'),
      per_page: loose('Filas por página (como mucho 100)'),
      filter: loose('Texto buscado en nombre, usuario y correo, o un filtro por campos'),
    }),
    data: usersPage,
  }),
  profile: defineContract({
    method: 'GET', path: '/api/user/profile/:id', access: 'signedIn', tag,
    summary: 'Un perfil de usuario (el propio; un administrador, cualquiera)',
    params: z.object({ id: z.string().describe('Id del usuario') }),
    data: profile,
  }),
  updateProfile: defineContract({
    method: 'POST', path: '/api/user/updateProfile', writes: true, access: 'signedIn', tag,
    summary: 'Guardar el perfil (el propio pide la contraseña actual)',
    description: 'Cambiar la contraseña o el correo del propio perfil pide `current_password`, la contraseña actual.',
    record: { schema: profileSchema, mode: 'update' } satisfies RecordBody,
    multipart: { files: [image] },
    data: profile,
  }),
  updateImage: defineContract({
    method: 'POST', path: '/api/user/updateUserImage', writes: true, access: 'signedIn', tag, summary: 'Cambiar la foto de perfil',
    description: 'Sin archivo, devuelve el perfil como está. `id`: el usuario (por omisión, el propio).',
    // Only the user's id is read beside the file (multipart `data`, or JSON without a file).
    body: z.object({ id: z.unknown().optional().describe('El usuario; por omisión, el propio') }),
    multipart: { files: [image, { name: 'file', label: 'Imagen (otro nombre del campo)' }] },
    data: profile,
  }),
  deleteImage: defineContract({
    method: 'POST', path: '/api/user/deleteUserImage/:id', writes: true, access: 'signedIn', tag, summary: 'Quitar la foto de perfil',
    params: z.object({ id: z.string().describe('Id del usuario') }),
    data: profile,
  }),
};
