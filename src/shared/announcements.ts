/** Who an announcement of the bulletin board is for (issue 17 §2). */

export const ALL_CLIENTS = 1;
export const CHOSEN_CLIENTS = 2;
export const STAFF_ONLY = 3;

export const ANNOUNCEMENT_AUDIENCES = [
  { value: ALL_CLIENTS, label: 'Todos los clientes' },
  { value: CHOSEN_CLIENTS, label: 'Clientes elegidos' },
  { value: STAFF_ONLY, label: 'Sólo personal' },
] as const;
