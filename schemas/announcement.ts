import { z } from 'zod';
import { defineResource, type FileRule } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { ANNOUNCEMENT_AUDIENCES, CHOSEN_CLIENTS } from '../src/shared/announcements';
import { boolean, oneOf, rowId, text } from '../src/shared/validation';

/** A day as the day input emits it ("2026-11-25"); optional. Stored as the Madrid day's first or last instant. */
const day = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? v.trim() : v),
  z.string({ error: Msg.dateInvalid }).refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const date = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
    return date.getUTCFullYear() === +match[1] && date.getUTCMonth() === +match[2] - 1 && date.getUTCDate() === +match[3];
  }, Msg.dateInvalid).nullable(),
);

/** The chosen clients (audience 2): a list of client ids, none when missing. */
const clientIds = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : v),
  z.array(rowId(Msg.referenceMissing), { error: Msg.announcementClients })
    .max(1000, Msg.announcementClients)
    .transform((ids) => [...new Set(ids)]),
);

/** A PDF or an image, judged by content like every upload. */
const attachmentRule: FileRule = {
  kinds: ['pdf', 'png', 'jpeg', 'gif', 'webp'],
  typeMessage: Msg.announcementAttachmentType,
  maxBytes: 10_000_000,
};

/**
 * A bulletin-board announcement (issue 17 §2). Staff write; members read those addressed to their client
 * and visible now, workshop staff the staff-only ones (scope hook in src/server/resources/announcements.ts).
 */
export const announcement = defineResource({
  name: 'announcement',
  label: { one: 'Anuncio', many: 'Anuncios' },
  titleField: 'title',
  search: ['title', 'body'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  access: ACCESS.everyoneReads,
  dialogWidth: 720,
  // Staff alone get the chosen clients (a member never learns which other clients an announcement went to).
  answer: {
    client_ids: z.array(z.number().int()).optional().describe('Clientes elegidos; sólo para el personal'),
    user_id: z.number().int().nullable().describe('Usuario que lo publicó'),
    read_at: z.string().nullable().describe('Cuándo lo leyó quien pregunta; null si no lo ha leído'),
  },
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    { name: 'title', label: 'Título', type: 'text', list: true, fullWidth: true, validate: text(Msg.announcementTitle, { max: 200 }) },
    {
      name: 'body',
      label: 'Texto',
      type: 'textarea',
      fullWidth: true,
      validate: text(Msg.announcementBody, { max: 20_000 }),
      helperText: 'Admite **negrita**, *cursiva*, listas (líneas que empiezan por «- » o «1. ») y enlaces [texto](https://…)',
    },
    {
      name: 'audience',
      label: 'Destinatarios',
      type: 'select',
      choices: ANNOUNCEMENT_AUDIENCES,
      list: true,
      filter: true,
      validate: oneOf(
        ANNOUNCEMENT_AUDIENCES.map((a) => a.value),
        Msg.announcementAudience,
      ),
    },
    { name: 'client_ids', label: 'Clientes elegidos', type: 'json', validate: clientIds },
    { name: 'pinned', label: 'Fijado arriba', type: 'boolean', list: true, filter: true, validate: boolean() },
    { name: 'visible_from', label: 'Visible desde', type: 'date', list: true, validate: day },
    { name: 'visible_until', label: 'Visible hasta', type: 'date', list: true, validate: day },
    { name: 'attachment', label: 'Adjunto (PDF o imagen)', type: 'file', file: attachmentRule },
    { name: 'created_at', label: 'Publicado', type: 'datetime', list: true },
  ],
  refine(data, ctx) {
    if (Number(data.audience) === CHOSEN_CLIENTS && Array.isArray(data.client_ids) && !data.client_ids.length) {
      ctx.addIssue({ code: 'custom', path: ['client_ids'], message: Msg.announcementClients });
    }
    // Only two readable days are compared: an unreadable one has its own message.
    const [from, until] = [day.safeParse(data.visible_from).data, day.safeParse(data.visible_until).data];
    if (from && until && until < from) {
      ctx.addIssue({ code: 'custom', path: ['visible_until'], message: Msg.announcementUntilBeforeFrom });
    }
  },
});
