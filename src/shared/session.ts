/**
 * The session as `auth/info` answers it (docs/data.md): the signed-in user, its roles and its avatar, declared
 * once as zod. The server's contract checks the answer with it (contracts/auth.ts) and the browser reads the
 * same type (client/providers/session.ts).
 */
import { z } from 'zod';
import { ALL_ROLES } from './roles';

const id = z.number().int();
const role = z.enum(ALL_ROLES);

/** The signed-in user with what the app needs beside it (its client's fare and VAT, its cart, the maintenance banner). */
export const sessionUserAnswer = z.object({
  id,
  token: z.string().optional().describe('El token de la sesión, sólo a quien lo envió en la cabecera X-Token'),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  image: z.string().nullable().describe('URL firmada de la foto de perfil, o null'),
  client_id: id.nullable().describe('El cliente de un miembro; null para el personal'),
  client_fare_id: id.nullable().describe('La tarifa del cliente del miembro'),
  tax_id: id.nullable().describe('El IVA del cliente del miembro'),
  current_cart_order_id: id.nullable().describe('El pedido en preparación al que van los cálculos'),
  is_current_cart_order_a_draft: z.boolean().describe('Si ese pedido sigue siendo un carrito'),
  has_accepted_budgets: z.boolean().describe('Si hay presupuestos aceptados (el personal: de cualquiera; un miembro: de su cliente)'),
  roles: z.array(role),
  platform_scope_id: z.number().int(),
  maintenance_mode: z.boolean().describe('Si la aplicación está en mantenimiento (sólo entra el administrador)'),
  max_cover_side: z.number().int().describe('El lado máximo de un cobertor en metros: el largo A y el ancho B no pueden superarlo'),
});

export const sessionAnswer = z.object({
  user: sessionUserAnswer,
  roles: z.array(role),
  avatar: z.string().nullable().describe('URL firmada de la foto de perfil, o null'),
});

/** The session as the browser keeps it: the user with its roles (never a token: the app goes by its cookie). */
export type SessionData = Omit<z.output<typeof sessionUserAnswer>, 'token'>;
