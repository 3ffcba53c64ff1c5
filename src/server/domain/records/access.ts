/** Who may do what: the schema's roles per operation, and client members kept to their own client's rows. */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Operation, ResourceSchema } from '../../../shared/resource';
import { forbidden } from '../../errors';
import { isAdmin } from '../auth';
import type { SessionUser } from '../sessionUser';
import { inline, type Binder } from './binding';
import type { RecordContext, Row } from './context';
import { columnsOf } from './shape';

export function assertAccess(schema: ResourceSchema, op: Operation, user: SessionUser) {
  if (!schema.access[op].some((role) => user.roles.includes(role))) throw forbidden();
}

/** Rows the user may touch: client members only their own client's. */
export function scopeOf(schema: ResourceSchema, ctx: RecordContext, binder: Binder = inline()): SQL | undefined {
  if (isAdmin(ctx.user)) return undefined;
  binder.shape.push('member');
  const conditions: SQL[] = [];
  if (schema.clientScope) conditions.push(eq(columnsOf(schema)[schema.clientScope], binder.bind(ctx.user.client_id ?? -1)));
  const extra = ctx.hooks?.scope?.(ctx.user, binder);
  if (extra) conditions.push(extra);
  return conditions.length ? and(...conditions) : undefined;
}

/** A client member writes rows of its own client only, whatever it sends. */
export const memberScope = (schema: ResourceSchema, ctx: RecordContext): Row =>
  (!isAdmin(ctx.user) && schema.clientScope ? { [schema.clientScope]: ctx.user.client_id } : {});
