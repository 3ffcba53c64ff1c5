/**
 * Mail beyond the generic endpoints: the templates' preview with sample data and "Restaurar el texto original", and "Reintentar" on the
 * outbox.
 */
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../../schemas/mailOutbox';
import { mailTemplate } from '../../../schemas/mailTemplate';
import { MailTemplateMsg } from '../../shared/messages';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { getRecord } from '../domain/records';
import { previewMail, restoreMailTemplate } from '../domain/mailTemplates';
import { retryMail } from '../domain/mailQueue';
import { recordContext } from './context';

export default async function mailTemplateRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const admin = { config: { access: ['admin' as const] } };

  /** `{kind, subject, body}` → the mail as it would leave with the kind's sample values (not saved). */
  app.post(
    '/api/mailTemplate/preview',
    { config: { ...admin.config, docs: { summary: 'Vista previa de una plantilla de correo con datos de ejemplo (no se guarda)' } } },
    async (request) => ok(previewMail(request.body)),
  );

  app.post<{ Params: { id: string } }>(
    '/api/mailTemplate/restore/:id',
    { config: { ...admin.config, docs: { summary: 'Restaurar el texto original de una plantilla de correo' } } },
    async (request) => {
      const restored = await ctx.db.transaction((tx) => restoreMailTemplate(tx, request.me, request.params.id));
      return ok(await getRecord(await recordContext(ctx, request, mailTemplate), mailTemplate, restored.id), MailTemplateMsg.restored);
    },
  );

  /** "Reintentar" on the mail list: a mail that could not be sent goes back to the queue. */
  app.post<{ Params: { id: string } }>(
    '/api/mailOutbox/retry/:id',
    { config: { ...admin.config, docs: { summary: 'Reintentar un correo que no se ha podido enviar' } } },
    async (request) => {
      await ctx.db.transaction((tx) => retryMail(tx, request.me.id, request.params.id));
      return ok(await getRecord(await recordContext(ctx, request, mailOutbox), mailOutbox, request.params.id), MailTemplateMsg.retried);
    },
  );
}
