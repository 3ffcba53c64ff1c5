/**
 * The sign-in rules, with the messages the page shows under its fields: the sign-in form's (loginForm) and the
 * API's sign-in body's (loginRequest, POST /api/external/login), the same two fields under their two names.
 * In zod/mini: the sign-in page checks them as they are typed in, and the app's first list is counted with the
 * page's scripts (issue 46), where zod's classic API would bring the whole of zod for two fields. The client's
 * build serves this module with its own copy of the parts of zod it uses (scripts/selfContained.ts), not zod's
 * core shared with the forms.
 */
import { z } from 'zod/mini';
import { Msg } from '../messages';

/** The longest username, e-mail or password the sign-in takes: no account has a longer one. */
const MAX_LENGTH = 200;
const TOO_LONG = Msg.tooLong(MAX_LENGTH);

/** A username or an e-mail, as typed. A field never typed in is missing, not a string: the same message as an empty one. */
const identity = z.string({ error: Msg.username }).check(z.trim(), z.minLength(1, Msg.username), z.maxLength(MAX_LENGTH, TOO_LONG));
const password = z.string({ error: Msg.loginPassword }).check(z.minLength(1, Msg.loginPassword), z.maxLength(MAX_LENGTH, TOO_LONG));

export const loginForm = z.object({ username: identity, password });
export const loginRequest = z.object({ identity, password });
