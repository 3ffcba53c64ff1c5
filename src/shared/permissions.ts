/**
 * One permission map for both sides: the schema's access lists answer react-admin's
 * `canAccess({ resource, action })` in the browser, exactly as the server enforces them.
 */
import type { Operation, ResourceSchema } from './resource';
import type { Role } from './roles';

const ACTION_TO_OPERATION: Record<string, Operation> = {
  list: 'list', show: 'read', read: 'read', create: 'create', edit: 'update', update: 'update', delete: 'delete', export: 'list',
};

/** `schema`: the resource's declaration or its summary (`schemas/`), undefined when there is none. */
export function canAccessResource(roles: readonly Role[], schema: Pick<ResourceSchema, 'access'> | undefined, action: string): boolean {
  const operation = ACTION_TO_OPERATION[action];
  if (!schema || !operation) return false;
  return schema.access[operation].some((role) => roles.includes(role));
}

/** A route or menu entry with no role list is open to every signed-in user. */
export const hasAnyRole = (roles: readonly Role[], allowed?: readonly Role[]) => !allowed || allowed.some((role) => roles.includes(role));
