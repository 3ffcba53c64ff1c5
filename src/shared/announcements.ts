/** Who an announcement of the bulletin board is for (issue 17 §2). */
export const ALL_CLIENTS = 1;
export const CHOSEN_CLIENTS = 2;
export const STAFF_ONLY = 3;

export const ANNOUNCEMENT_AUDIENCES = [
  { value: ALL_CLIENTS, label: 'Todos los clientes' },
  { value: CHOSEN_CLIENTS, label: 'Clientes elegidos' },
  { value: STAFF_ONLY, label: 'Sólo personal' },
] as const;

/** One addressed user of an announcement, as "who has read it" lists them. */
export interface AnnouncementReader {
  user_id: number;
  name: string;
  username: string;
  /** The member's client; null for staff. */
  client_name: string | null;
  read_at: string | null;
}

/** An announcement as a reader's board shows it. */
export interface BoardAnnouncement {
  id: number;
  title: string;
  body: string;
  pinned: boolean;
  created_at: string;
  visible_until: string | null;
  /** A signed URL, or null. */
  attachment: string | null;
  read_at: string | null;
}
