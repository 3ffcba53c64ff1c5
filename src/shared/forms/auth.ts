/** Forms of the auth pages, validated with the same messages on both sides. */
import { z } from 'zod';
import { Msg } from '../messages';
import { email } from '../validation';

export const recoveryForm = z.object({ identity: email(Msg.recoveryEmail, Msg.recoveryEmailInvalid) });

export const loginForm = z.object({
  // A field never typed in is missing, not a string: the same message as an empty one.
  username: z.string({ error: Msg.username }).trim().min(1, Msg.username),
  password: z.string({ error: 'Introduzca la contraseña' }).min(1, 'Introduzca la contraseña'),
});
