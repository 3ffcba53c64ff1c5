import { defineResource, type FileRule, type Rules } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { ANNOUNCEMENT_AUDIENCES, CHOSEN_CLIENTS } from '../src/shared/announcements';

/** A day as the day input emits it ("2026-11-25", spaces around it aside) when it is a real calendar day; else null. */
function calendarDay(value: unknown): string | null {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null;
  if (!match) return null;
  const date = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  const real = date.getUTCFullYear() === +match[1] && date.getUTCMonth() === +match[2] - 1 && date.getUTCDate() === +match[3];
  return real ? match[0] : null;
}

/** A day as the day input emits it; optional. Stored as the Madrid day's first or last instant. */
const day = (r: Rules) => r.z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? v.trim() : v),
  r.z.string({ error: Msg.dateInvalid }).refine((value) => calendarDay(value) !== null, Msg.dateInvalid).nullable(),
);

/** The chosen clients (audience 2): a list of client ids, none when missing. */
const clientIds = (r: Rules) => r.z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : v),
  r.z.array(r.rowId(Msg.referenceMissing), { error: Msg.announcementClients })
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
  answer: (r) => ({
    client_ids: r.z.array(r.z.number().int()).optional().describe('Clientes elegidos; sólo para el personal'),
    user_id: r.z.number().int().nullable().describe('Usuario que lo publicó'),
    read_at: r.z.string().nullable().describe('Cuándo lo leyó quien pregunta; null si no lo ha leído'),
  }),
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    {
      name: 'title',
      label: 'Título',
      type: 'text',
      list: true,
      fullWidth: true,
      validate: (r) => r.text(Msg.announcementTitle, { max: 200 }),
    },
    {
      name: 'body',
      label: 'Texto',
      type: 'textarea',
      fullWidth: true,
      validate: (r) => r.text(Msg.announcementBody, { max: 20_000 }),
      helperText: 'Admite **negrita**, *cursiva*, listas (líneas que empiezan por «- » o «1. ») y enlaces [texto](https://…)',
    },
    {
      name: 'audience',
      label: 'Destinatarios',
      type: 'select',
      choices: ANNOUNCEMENT_AUDIENCES,
      list: true,
      filter: true,
      validate: (r) => r.oneOf(
        ANNOUNCEMENT_AUDIENCES.map((a) => a.value),
        Msg.announcementAudience,
      ),
    },
    { name: 'client_ids', label: 'Clientes elegidos', type: 'json', validate: (r) => clientIds(r) },
    { name: 'pinned', label: 'Fijado arriba', type: 'boolean', list: true, filter: true, validate: (r) => r.boolean() },
    { name: 'visible_from', label: 'Visible desde', type: 'date', list: true, validate: (r) => day(r) },
    { name: 'visible_until', label: 'Visible hasta', type: 'date', list: true, validate: (r) => day(r) },
    { name: 'attachment', label: 'Adjunto (PDF o imagen)', type: 'file', file: attachmentRule },
    { name: 'created_at', label: 'Publicado', type: 'datetime', list: true },
  ],
  refine(data, ctx) {
    if (Number(data.audience) === CHOSEN_CLIENTS && Array.isArray(data.client_ids) && !data.client_ids.length) {
      ctx.addIssue({ code: 'custom', path: ['client_ids'], message: Msg.announcementClients });
    }
    // Only two readable days are compared: an unreadable one has its own message.
    const [from, until] = [calendarDay(data.visible_from), calendarDay(data.visible_until)];
    if (from && until && until < from) {
      ctx.addIssue({ code: 'custom', path: ['visible_until'], message: Msg.announcementUntilBeforeFrom });
    }
  },
});
