/**
 * The sign-in form's rules (src/shared/forms/login.ts, zod/mini) with the reading of their refusals: loaded once
 * someone types, leaves a field or submits (`loadLoginRules`), so that the page's first scripts, which every
 * list opens with too, carry no zod.
 */
export { loginForm } from '../../shared/forms/login';
export { fieldErrors } from '../../shared/fieldErrors';
