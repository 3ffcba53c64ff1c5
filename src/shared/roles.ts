/** User groups (docs/api.md): the user record holds one group id, the session a list of role names. */
export type Role = 'admin' | 'client' | 'taller';

export const GROUPS = [
  { value: 1, name: 'admin', label: 'Administrador' },
  { value: 2, name: 'client', label: 'Cliente' },
  // Workshop staff (issue 17): check-in, its own records, the task calendar and traceability steps.
  { value: 3, name: 'taller', label: 'Taller' },
] as const satisfies ReadonlyArray<{ value: number; name: Role; label: string }>;

export const ADMIN_GROUP = 1;
export const CLIENT_GROUP = 2;
export const TALLER_GROUP = 3;

export function rolesOfGroup(groupId: number | null | undefined): Role[] {
  const group = GROUPS.find((g) => g.value === groupId);
  return group ? [group.name] : [];
}

export const ALL_ROLES: Role[] = ['admin', 'client', 'taller'];
export const ADMIN_ONLY: Role[] = ['admin'];
/** Staff: the company's own people (office and workshop), who check in and out. */
export const STAFF: Role[] = ['admin', 'taller'];
/** Who builds budgets and orders: office staff and client members (the meaning of a route's 'user' access). */
export const OFFICE_AND_MEMBERS: Role[] = ['admin', 'client'];

type AccessOperation = 'list' | 'read' | 'create' | 'update' | 'delete';

/**
 * Named access presets for a schema's `access` (schemas/README.md): who may list, read, create, update
 * and delete a resource's records. "Office" is the admin group; "staff" is the office and the workshop
 * (`taller`: the company's own people, who check in, follow the task calendar and mark production
 * steps, but never write catalogue, clients or prices); "members" are the client groups' users, who see
 * only their own client's rows where the schema names a `clientScope`. A resource that needs something
 * else spreads a preset and changes one operation: `{ ...ACCESS.officeOnly, create: [] }`.
 */
export const ACCESS = {
  /** Only the office sees and writes it (users, fares, invoicing companies). */
  officeOnly: { list: ADMIN_ONLY, read: ADMIN_ONLY, create: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
  /** Client members read it (the catalogue, taxes, documents); only the office writes. */
  membersRead: { list: OFFICE_AND_MEMBERS, read: OFFICE_AND_MEMBERS, create: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
  /** The workshop reads it too (tasks, production steps); only the office writes. */
  staffRead: { list: STAFF, read: STAFF, create: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
  /** Every signed-in user reads it (announcements); only the office writes. */
  everyoneReads: { list: ALL_ROLES, read: ALL_ROLES, create: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
} as const satisfies Record<string, Record<AccessOperation, Role[]>>;
