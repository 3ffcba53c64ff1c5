import { uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { MailTemplateMsg } from '../src/shared/messages';
import { MAIL_KINDS, mailKind, templateProblem } from '../src/shared/mailTemplates';
import { table, timestamps } from './table';

/**
 * The text of each mail the product sends (issue 17 §5): one row per kind, made at start-up from the
 * defaults of src/shared/mailTemplates.ts. Nobody creates or deletes one (the kinds are the product's);
 * staff edit the subject and body, whose placeholders must be the kind's. The kind is sent with the
 * form so the same rule checks the placeholders in the browser and on the server, which refuses a change
 * of kind (resources/mailTemplate.ts).
 */
export const mailTemplate = defineResource({
  name: 'mailTemplate',
  label: { one: 'Plantilla', many: 'Plantillas' },
  titleField: 'subject',
  search: ['subject', 'body'],
  defaultSort: { field: 'id', order: 'ASC' },
  dialogWidth: 900,
  access: { ...ACCESS.officeOnly, create: [], delete: [] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    {
      name: 'kind', label: 'Correo', type: 'select', list: true, choices: MAIL_KINDS.map((k) => ({ value: k.kind, label: k.name })),
      validate: (r) => r.oneOf(MAIL_KINDS.map((k) => k.kind), MailTemplateMsg.kind), unique: MailTemplateMsg.kindFixed,
    },
    {
      name: 'subject',
      label: 'Asunto',
      type: 'text',
      list: true,
      fullWidth: true,
      validate: (r) => r.text(MailTemplateMsg.subject, { max: 200 }),
    },
    {
      name: 'body',
      label: 'Texto',
      type: 'textarea',
      fullWidth: true,
      validate: (r) => r.text(MailTemplateMsg.body, { max: 10_000 }),
    },
  ],
  refine(data, ctx) {
    const kind = mailKind(data.kind);
    if (!kind) return;
    for (const part of ['subject', 'body'] as const) {
      const problem = typeof data[part] === 'string' ? templateProblem(kind, data[part] as string, part) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: [part], message: problem });
    }
  },
});

/** Mail texts staff edit (subject and body per mail kind, with {{placeholders}}); defaults in code. */
export const mail_templates = table('mail_templates', (t) => ({
  id: t.serial('id').primaryKey(),
  kind: t.varchar('kind', { length: 40 }).notNull(),
  subject: t.varchar('subject', { length: 200 }).notNull(),
  body: t.text('body').notNull(),
  ...timestamps(t),
}), (t) => [uniqueIndex('mail_templates_kind_key').on(t.kind)]);
