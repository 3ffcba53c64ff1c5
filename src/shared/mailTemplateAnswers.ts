/** What the mail template endpoints answer (src/shared/contracts/mailTemplates.ts). */
import { z } from 'zod';

/** A mail as it would leave (the templates' preview with sample values): subject, text and the same text in HTML. */
export const composedMailAnswer = z.object({
  subject: z.string().describe('El asunto, en una línea'),
  text: z.string().describe('El texto del correo'),
  html: z.string().describe('El mismo texto en HTML'),
});
export type ComposedMailAnswer = z.output<typeof composedMailAnswer>;
