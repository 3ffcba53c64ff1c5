import { defineResource, imageRule, type FieldDef, type Rules } from '../src/shared/resource';
import { Msg } from '../src/shared/messages';
import { ACCESS, CLIENT_GROUP, GROUPS } from '../src/shared/roles';

const password = (r: Rules) => r.z.string({ error: Msg.passwordShort }).min(8, Msg.passwordShort).max(200, 'Máximo 200 caracteres');

export const user = defineResource({
  name: 'user',
  label: { one: 'Usuario', many: 'Usuarios' },
  titleField: 'username',
  extraField: 'email',
  search: ['username', 'email', 'first_name', 'last_name'],
  defaultSort: { field: 'id', order: 'ASC' },
  dialogWidth: 500,
  access: ACCESS.officeOnly,
  // The member's cart (the order its calculations go to) and its mail notices, set on its own profile.
  answer: (r) => ({
    current_cart_order_id: r.z.number().int().nullable(),
    notify_order_validated: r.z.boolean(),
    notify_consignment: r.z.boolean(),
  }),
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    {
      name: 'username',
      label: 'Usuario',
      type: 'text',
      list: true,
      edit: 'readonly',
      validate: (r) => r.text(Msg.username, { max: 60 }),
      unique: Msg.usernameTaken,
    },
    { name: 'first_name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.userFirstName, { max: 100 }) },
    { name: 'last_name', label: 'Apellidos', type: 'text', list: true, validate: (r) => r.text(Msg.userLastName, { max: 150 }) },
    {
      name: 'email',
      label: 'Email',
      type: 'email',
      list: true,
      validate: (r) => r.email(Msg.email, Msg.emailInvalid),
      unique: Msg.emailTaken,
    },
    { name: 'phone', label: 'Teléfono', type: 'text', list: true, validate: (r) => r.phone(Msg.phoneInvalid) },
    {
      name: 'roles',
      label: 'Rol',
      type: 'select',
      list: true,
      filter: true,
      choices: GROUPS,
      validate: (r) => r.oneOf(
        GROUPS.map((g) => g.value),
        Msg.role,
      ),
    },
    {
      name: 'client_id',
      label: 'Cliente',
      type: 'reference',
      reference: 'client',
      list: true,
      filter: true,
      showIf: { field: 'roles', equals: CLIENT_GROUP },
      validate: (r) => r.reference(Msg.client),
    },
    { name: 'active', label: 'Activo', type: 'boolean', list: true, filter: true, validate: (r) => r.boolean(true) },
    {
      name: 'password',
      label: 'Contraseña',
      type: 'password',
      writeOnly: true,
      blankKeepsOnUpdate: true,
      validate: (r) => password(r),
    },
    {
      name: 'password_confirm',
      label: 'Repetir contraseña',
      type: 'password',
      writeOnly: true,
      blankKeepsOnUpdate: true,
      validate: (r) => r.z.string({ error: Msg.passwordRepeat }).min(1, Msg.passwordRepeat).min(8, Msg.passwordShort),
    },
    { name: 'image', label: 'Imagen', type: 'image', file: imageRule(Msg.imageType) },
  ],
  refine(data, ctx) {
    if ((data.password !== undefined || data.password_confirm !== undefined) && data.password !== data.password_confirm) {
      ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: Msg.passwordMismatch });
    }
  },
});

/** What every user may change on its own profile (docs/business-rules.md). */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password', 'password_confirm'] as const;

/**
 * The mail notices a member may turn off in its profile (issue 17 §5): on the profile only, not in the
 * staff's user form.
 */
export const NOTICE_FIELDS = [
  {
    name: 'notify_order_validated',
    label: 'Avisarme cuando se valide un pedido',
    type: 'boolean',
    validate: (r) => r.boolean(true),
  },
  { name: 'notify_consignment', label: 'Avisarme cuando se programe un envío', type: 'boolean', validate: (r) => r.boolean(true) },
] as const satisfies readonly FieldDef[];
