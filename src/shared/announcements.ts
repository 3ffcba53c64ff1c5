/** Who an announcement of the bulletin board is for (issue 17 §2), and what its own endpoints answer. */
import { z } from 'zod';

export const ALL_CLIENTS = 1;
export const CHOSEN_CLIENTS = 2;
export const STAFF_ONLY = 3;

export const ANNOUNCEMENT_AUDIENCES = [
  { value: ALL_CLIENTS, label: 'Todos los clientes' },
  { value: CHOSEN_CLIENTS, label: 'Clientes elegidos' },
  { value: STAFF_ONLY, label: 'Sólo personal' },
] as const;

const instant = z.string().describe('Instante ISO 8601 (UTC)');

/** One addressed user of an announcement, as "who has read it" lists them. */
export const announcementReaderAnswer = z.object({
  user_id: z.number().int(),
  name: z.string(),
  username: z.string(),
  client_name: z.string().nullable().describe('El cliente del miembro; null para el personal'),
  read_at: instant.nullable().describe('Cuándo lo leyó; null si no lo ha leído'),
});
export type AnnouncementReader = z.output<typeof announcementReaderAnswer>;

/** An announcement as a reader's board shows it. */
export const boardAnnouncementAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  created_at: instant,
  visible_until: z.string().nullable().describe('El último día de Madrid en que se muestra (aaaa-mm-dd); null: sin fin'),
  attachment: z.string().nullable().describe('URL firmada del adjunto, o null'),
  read_at: instant.nullable().describe('Cuándo lo leyó el usuario; null si no lo ha leído'),
});
export type BoardAnnouncement = z.output<typeof boardAnnouncementAnswer>;
