import type { z } from 'zod';
import { fieldErrors } from '../../shared/validation';

/** A react-admin / react-hook-form `validate` function from a zod schema: `{ field: message }`. */
export const zodValidate = (schema: z.ZodType) => (values: unknown) => {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};
