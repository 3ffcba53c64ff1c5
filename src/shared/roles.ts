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
