/**
 * The text of a form field's error: react-hook-form keeps a string, react-admin sometimes a
 * `{ message, args }` object (e.g. for a field whose value is a list).
 */
export function errorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) return errorText((error as { message: unknown }).message);
  return undefined;
}
