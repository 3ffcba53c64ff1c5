import type { z } from 'zod';

/**
 * Maps zod issues to `{ field: message }`, first message per field, as the API's `error` and react-admin expect:
 * any zod's refusal, the classic API's or zod/mini's (the sign-in form's, which loads without the rest).
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_form';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
