/**
 * Stored mail templates (issue 17 §5): every kind has a row (made from the defaults if missing), each
 * mail is composed from its row, staff preview a text with sample values and restore the default.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { mailTemplate as mailTemplateSchema } from '../../../schemas/mailTemplate';
import {
  MAIL_KINDS,
  RETIRED_DEFAULT_BODIES,
  mailKind,
  renderTemplate,
  sampleValues,
  textToHtml,
  type MailKindName,
} from '../../shared/mailTemplates';
import { type ComposedMailAnswer } from '../../shared/mailTemplateAnswers';
import { validateRecord } from '../../shared/recordRules';
import type { Queryable, Tx } from '../db';
import { mail_templates } from '../db/tables';
import { invalid, notFound, parseRowId } from '../errors';
import { writeAudit } from './audit';
import type { SessionUser } from './sessionUser';

/**
 * Inserts the default text of every kind that has no row yet and brings a row still holding a retired
 * default up to the current one; edited rows stay as they are.
 */
export async function ensureMailTemplates(db: Queryable) {
  await db.insert(mail_templates).values(MAIL_KINDS.map((k) => ({ kind: k.kind, subject: k.subject, body: k.body }))).onConflictDoNothing();
  for (const kind of MAIL_KINDS) {
    const retired = RETIRED_DEFAULT_BODIES[kind.kind];
    if (!retired?.length) continue;
    await db.update(mail_templates).set({ body: kind.body, updated_at: new Date() })
      .where(and(eq(mail_templates.kind, kind.kind), inArray(mail_templates.body, [...retired])));
  }
}

/** A subject is one line, whatever a value holds (a list of links). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function compose(template: { subject: string; body: string }, values: Record<string, string>): ComposedMailAnswer {
  const text = renderTemplate(template.body, values);
  return { subject: oneLine(renderTemplate(template.subject, values)), text, html: textToHtml(text) };
}

/** A mail of a kind from its stored template (its default if the row is missing) and the values. */
export async function composeMail(db: Queryable, kind: MailKindName, values: Record<string, string>): Promise<ComposedMailAnswer> {
  const [row] = await db
    .select({ subject: mail_templates.subject, body: mail_templates.body })
    .from(mail_templates)
    .where(eq(mail_templates.kind, kind));
  return compose(row ?? mailKind(kind)!, values);
}

/** The posted subject and body of a kind rendered with its sample values, checked with the form's rule. */
export function previewMail(body: unknown): ComposedMailAnswer {
  const input = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const checked = validateRecord(mailTemplateSchema, 'update', input);
  if (!checked.ok) throw invalid(checked.errors);
  const kind = mailKind(checked.data.kind)!;
  return compose({ subject: checked.data.subject as string, body: checked.data.body as string }, sampleValues(kind));
}

/** Puts a template back to its kind's default text; the change is audited like any update. */
export async function restoreMailTemplate(tx: Tx, user: SessionUser, id: unknown) {
  const templateId = parseRowId(id);
  const [existing] = await tx.select().from(mail_templates).where(eq(mail_templates.id, templateId)).for('update');
  const kind = existing && mailKind(existing.kind);
  if (!kind) throw notFound();
  const [restored] = await tx.update(mail_templates).set({ subject: kind.subject, body: kind.body, updated_at: new Date() })
    .where(eq(mail_templates.id, templateId)).returning();
  await writeAudit(tx, user.id, 'mailTemplate', templateId, 'update', existing, restored);
  return restored;
}
