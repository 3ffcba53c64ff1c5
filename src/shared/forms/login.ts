/**
 * The sign-in form's rules, with the messages the page shows under its fields. In zod/mini: the sign-in page
 * checks them as they are typed in, and the app's first list is counted with the page's scripts (issue 46),
 * where zod's classic API would bring the whole of zod for two fields. The client's build serves this module
 * with its own copy of the parts of zod it uses (scripts/selfContained.ts), not zod's core shared with the forms.
 */
import { z } from 'zod/mini';
import { Msg } from '../messages';

export const loginForm = z.object({
  // A field never typed in is missing, not a string: the same message as an empty one.
  username: z.string({ error: Msg.username }).check(z.trim(), z.minLength(1, Msg.username)),
  password: z.string({ error: 'Introduzca la contraseña' }).check(z.minLength(1, 'Introduzca la contraseña')),
});
