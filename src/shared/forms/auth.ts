/** The password recovery's form (the sign-in form's rules are in login.ts). */
import { z } from 'zod';
import { Msg } from '../messages';
import { email } from '../validation';

export const recoveryForm = z.object({ identity: email(Msg.recoveryEmail, Msg.recoveryEmailInvalid) });
