/** Forms of the auth pages, validated with the same messages on both sides. */
import { z } from 'zod';
import { Msg } from '../src/shared/messages';
import { email } from '../src/shared/validation';

export const recoveryForm = z.object({ identity: email(Msg.recoveryEmail, Msg.recoveryEmailInvalid) });

export const loginForm = z.object({
  username: z.string().trim().min(1, Msg.username),
  password: z.string().min(1, 'Introduzca la contraseña'),
});
