/**
 * Mail beyond the generic endpoints: the templates' preview with sample data and "Restaurar el texto original", and "Reintentar" on the
 * outbox.
 */
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../../schemas/mailOutbox';
import { mailTemplate } from '../../../schemas/mailTemplate';
import { mailTemplateContracts as contract } from '../../shared/contracts/mailTemplates';
import { MailTemplateMsg } from '../../shared/messages';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { getRecord } from '../domain/records';
import { previewMail, restoreMailTemplate } from '../domain/mailTemplates';
import { retryMail } from '../domain/mailQueue';
import { recordContext } from './context';

export default async function mailTemplateRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /** `{kind, subject, body}` → the mail as it would leave with the kind's sample values (not saved). */
  route(app, contract.preview, async ({ body }) => ok(previewMail(body)));

  route(app, contract.restore, async ({ params }, request) => {
    const restored = await ctx.db.transaction((tx) => restoreMailTemplate(tx, request.me, params.id));
    return ok(await getRecord(await recordContext(ctx, request, mailTemplate), mailTemplate, restored.id), MailTemplateMsg.restored);
  });

  /** "Reintentar" on the mail list: a mail that could not be sent goes back to the queue. */
  route(app, contract.retry, async ({ params }, request) => {
    await ctx.db.transaction((tx) => retryMail(tx, request.me.id, params.id));
    return ok(await getRecord(await recordContext(ctx, request, mailOutbox), mailOutbox, params.id), MailTemplateMsg.retried);
  });
}
