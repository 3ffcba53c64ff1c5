/** What the bulletin board's own endpoints answer (src/shared/contracts/announcements.ts), and its types. */
import { z } from 'zod';

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
