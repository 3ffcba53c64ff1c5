/** Mail beyond the generic endpoints: the templates' preview and «Restaurar el texto original», «Reintentar» on the outbox. */
import { z } from 'zod';
import { mailOutbox } from '../../../schemas/mailOutbox';
import { mailTemplate } from '../../../schemas/mailTemplate';
import { composedMailAnswer } from '../mailTemplateAnswers';
import { ADMIN_ONLY } from '../roles';
import { defineContract } from './contract';
import { recordAnswer } from './records';

export const mailTemplateContracts = {
  preview: defineContract({
    method: 'POST', path: '/api/mailTemplate/preview', access: ADMIN_ONLY, tag: mailTemplate.label.many,
    summary: 'Vista previa de una plantilla de correo con datos de ejemplo (no se guarda)',
    // Read loosely: the template's own form rules check them (as saving does), each refusal under its field.
    body: z.object({
      kind: z.unknown().optional().describe('El tipo de correo'),
      subject: z.unknown().optional().describe('El asunto, con sus {{marcadores}}'),
      body: z.unknown().optional().describe('El texto, con sus {{marcadores}}'),
    }),
    data: composedMailAnswer,
  }),
  restore: defineContract({
    method: 'POST', path: '/api/mailTemplate/restore/:id', access: ADMIN_ONLY, tag: mailTemplate.label.many,
    summary: 'Restaurar el texto original de una plantilla de correo',
    params: z.object({ id: z.string().describe('Id de la plantilla') }),
    data: recordAnswer(mailTemplate),
  }),
  retry: defineContract({
    method: 'POST', path: '/api/mailOutbox/retry/:id', access: ADMIN_ONLY, tag: mailOutbox.label.many,
    summary: 'Reintentar un correo que no se ha podido enviar',
    params: z.object({ id: z.string().describe('Id del correo') }),
    data: recordAnswer(mailOutbox),
  }),
};
