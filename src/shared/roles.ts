/** User groups (DESIGN §4): the user record holds one group id, the session a list of role names. */
export type Role = 'admin' | 'client';

export const GROUPS = [
  { value: 1, name: 'admin', label: 'Administrador' },
  { value: 2, name: 'client', label: 'Cliente' },
] as const satisfies ReadonlyArray<{ value: number; name: Role; label: string }>;

export const ADMIN_GROUP = 1;
export const CLIENT_GROUP = 2;

export function rolesOfGroup(groupId: number | null | undefined): Role[] {
  const group = GROUPS.find((g) => g.value === groupId);
  return group ? [group.name] : [];
}

export const ALL_ROLES: Role[] = ['admin', 'client'];
export const ADMIN_ONLY: Role[] = ['admin'];
