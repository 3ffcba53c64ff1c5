/**
 * The sign-in page's rules (src/shared/forms/auth.ts) with the reading of their refusals: loaded once someone
 * types or submits there (`loadAuthRules`), so that the page's first scripts, which every list opens with too,
 * carry no zod.
 */
export { loginForm, recoveryForm } from '../../shared/forms/auth';
export { fieldErrors } from '../../shared/validation';
