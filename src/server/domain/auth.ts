/**
 * Sessions, login with lockout, password recovery (docs/api.md, docs/business-rules.md). Plain functions over the
 * database, unit-testable without HTTP.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { Code, Texts } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import { rolesOfGroup, STAFF } from '../../shared/roles';
import { fieldErrors } from '../../shared/validation';
import { loginRequest } from '../../shared/forms/login';
import { user as userSchema } from '../../../schemas/user';
import { recordValidator } from '../../shared/recordRules';
import { ApiError, invalid, sessionError, warning } from '../errors';
import { preparedFor, type Db, type Queryable } from '../db';
import { login_failures, password_resets, sessions, users } from '../db/tables';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords';
import { composeMail } from './mailTemplates';
import { queueMail } from './mailQueue';
import type { SessionUser } from './sessionUser';

export const isAdmin = (user: SessionUser | null | undefined) => !!user?.roles.includes('admin');
/** Office or workshop: the business's own people. */
export const isStaff = (user: SessionUser | null | undefined) => !!user?.roles.some((role) => STAFF.includes(role));

export interface SessionPolicy { idleMinutes: number; maxHours: number }

export const LOCKOUT_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_IDENTITY = 5;
export const MAX_FAILURES_PER_IP = 20;
export const RESET_CODE_TTL_MINUTES = 60;

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const randomToken = () => crypto.randomBytes(32).toString('base64url');

export async function createSession(db: Queryable, userId: number): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({ token_hash: sha256(token), user_id: userId });
  return token;
}

/** Resolves a token to its user, or says which session code the browser gets (50008/50012/50014). */
const sessionByTokenHash = preparedFor((db) => db
  .select({
    sessionId: sessions.id, created_at: sessions.created_at, last_seen_at: sessions.last_seen_at,
    revoked_reason: sessions.revoked_reason, id: users.id, username: users.username, first_name: users.first_name,
    last_name: users.last_name, email: users.email, roles: users.roles, client_id: users.client_id, active: users.active,
  })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.user_id))
  .where(eq(sessions.token_hash, sql.placeholder('hash')))
  .prepare('session_by_token_hash'));

export async function resolveSession(db: Db, token: string, policy: SessionPolicy): Promise<SessionUser | ApiError> {
  const [row] = await sessionByTokenHash(db).execute({ hash: sha256(token) });
  if (!row || row.revoked_reason === 'logout') return sessionError(Code.invalidToken, Texts.sessionExpired);
  if (row.revoked_reason || !row.active) return sessionError(Code.sessionReplaced, Texts.sessionExpired);
  const now = Date.now();
  if (now - row.last_seen_at.getTime() > policy.idleMinutes * 60_000 || now - row.created_at.getTime() > policy.maxHours * 3_600_000) {
    return sessionError(Code.tokenExpired, Texts.sessionExpired);
  }
  // Touch at most once a minute: a write per request would cost more than the lookup.
  if (now - row.last_seen_at.getTime() > 60_000) {
    await db.update(sessions).set({ last_seen_at: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id, sessionId: row.sessionId, username: row.username, first_name: row.first_name, last_name: row.last_name,
    email: row.email, roles: rolesOfGroup(row.roles), client_id: row.client_id,
  };
}

export async function revokeSession(db: Queryable, sessionId: number, reason: 'logout') {
  await db.update(sessions).set({ revoked_at: new Date(), revoked_reason: reason }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change, user disabled), except optionally the current one. */
export async function revokeUserSessions(db: Queryable, userId: number, reason: 'password' | 'disabled', exceptSessionId?: number) {
  const conditions = [eq(sessions.user_id, userId), isNull(sessions.revoked_at)];
  if (exceptSessionId) conditions.push(sql`${sessions.id} <> ${exceptSessionId}`);
  await db.update(sessions).set({ revoked_at: new Date(), revoked_reason: reason }).where(and(...conditions));
}

const findByIdentity = (db: Queryable, identity: string) =>
  db.select().from(users).where(sql`lower(${users.username}) = ${identity} or lower(${users.email}) = ${identity}`).limit(1);

/**
 * An attempt whose check has not ended this long after it began never will (its process died): it counts
 * as a failure. A check takes a fraction of a second, and a request ends within 44 s (app.ts).
 */
const STALE_ATTEMPT_SECONDS = 60;
/** How long an attempt waits for a slot while the account's or address's are all being checked. */
const SLOT_WAIT_MS = 15_000;
/** Between two looks at the slots when no attempt of this process ended meanwhile (another instance's may). */
const SLOT_POLL_MS = 100;

/** Recent rows of an account or an address: failures (a stale pending attempt is one) and checks under way. */
async function countAttempts(db: Queryable, column: typeof login_failures.identity | typeof login_failures.ip, value: string) {
  const now = Date.now();
  const since = new Date(now - LOCKOUT_WINDOW_MINUTES * 60_000);
  const stale = new Date(now - STALE_ATTEMPT_SECONDS * 1000);
  const [row] = await db
    .select({
      failed: sql<number>`count(*) filter (where not ${login_failures.pending} or ${login_failures.created_at} <= ${stale})::int`,
      checking: sql<number>`count(*) filter (where ${login_failures.pending} and ${login_failures.created_at} > ${stale})::int`,
    })
    .from(login_failures)
    .where(and(eq(column, value), gt(login_failures.created_at, since)));
  return row;
}

/** A request body as an object: a missing or non-object body validates as an empty form (Spanish field messages). */
const asObject = (body: unknown) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {});

/**
 * Logs in by username or e-mail. After 5 failures for one account, whether typed as its username or its
 * e-mail (or for one identity nobody has), or 20 from one IP, in 15 minutes, every attempt answers
 * 30001 until the window passes, even with the right password. During maintenance a member is told so
 * before its password is looked at: right or wrong, the same 90001.
 */
export async function login(
  db: Db, body: unknown, ip: string, opts: { maintenance: boolean },
): Promise<{ token: string; user: typeof users.$inferSelect }> {
  const parsed = loginRequest.safeParse(asObject(body));
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const typed = parsed.data.identity.toLowerCase();
  const [user] = await findByIdentity(db, typed);
  // Failures count per account, however it is typed; an identity nobody has counts on its own.
  const identity = user ? `user:${user.id}` : typed;
  const attempt = await takeSlot(db, identity, ip);
  let signsIn = false;
  try {
    const passwordOk = await verifyPassword(user?.password_hash ?? (await timingDummyHash()), parsed.data.password);
    signsIn = !!user && passwordOk && user.active;
    // In maintenance every refusal is the maintenance answer, an admin's wrong password too: the answer
    // must not tell which accounts are admins.
    if (opts.maintenance && !(signsIn && rolesOfGroup(user.roles).includes('admin')))
      throw new ApiError(Code.maintenance, 503, Msg.maintenance);
    if (!signsIn) throw new ApiError(Code.error, 401, Msg.loginFailed);
  } catch (error) {
    // Whatever did not sign in is a failure (an error while checking too: a guess must not escape the count).
    await db.update(login_failures).set({ pending: false }).where(eq(login_failures.id, attempt));
    slotFreed(identity);
    throw error;
  }
  // The right password clears the account's failures and its own slot; checks of other attempts still
  // under way keep theirs, so a wrong guess among them is still counted when it ends.
  const stale = new Date(Date.now() - STALE_ATTEMPT_SECONDS * 1000);
  await db.delete(login_failures).where(and(
    eq(login_failures.identity, identity),
    or(eq(login_failures.id, attempt), eq(login_failures.pending, false), sql`${login_failures.created_at} <= ${stale}`),
  ));
  slotFreed(identity);
  return { token: await createSession(db, user!.id), user: user! };
}

/**
 * Attempts of this process waiting for a slot, per account, oldest first: each check that ends wakes the
 * account's oldest (one slot, one waiter: the others would only find it taken again). Other instances'
 * checks wake nobody here: every waiter also looks again every SLOT_POLL_MS.
 */
const slotWaiters = new Map<string, Array<() => void>>();
function slotFreed(identity: string) {
  slotWaiters.get(identity)?.[0]?.();
}
const nextSlotLook = (identity: string) => new Promise<void>((resolve) => {
  const queue = slotWaiters.get(identity) ?? [];
  slotWaiters.set(identity, queue);
  const wake = () => {
    clearTimeout(timer);
    const at = queue.indexOf(wake);
    if (at >= 0) queue.splice(at, 1);
    if (!queue.length) slotWaiters.delete(identity);
    resolve();
  };
  const timer = setTimeout(wake, SLOT_POLL_MS);
  queue.push(wake);
});

/**
 * A slot to check one password in. Failures and checks under way together never pass the limits (5 per
 * account, 20 per address): an attempt is written, pending, before its password is checked, so concurrent
 * wrong guesses get no more checks than sequential ones (40 at once: 5 checked). Only failures lock: when
 * the slots are all taken by checks under way, the attempt waits for one to end instead of being refused,
 * so a small office signing in to one shared account at once all get in. Each look is one step per account
 * and per address (advisory locks, which hold across instances on PostgreSQL).
 */
async function takeSlot(db: Db, identity: string, ip: string): Promise<number> {
  const deadline = Date.now() + SLOT_WAIT_MS;
  for (;;) {
    const slot = await reserveAttempt(db, identity, ip);
    if (slot !== 'busy') return slot;
    if (Date.now() > deadline) throw warning(Msg.loginBusy);
    await nextSlotLook(identity);
  }
}

async function reserveAttempt(db: Db, identity: string, ip: string): Promise<number | 'busy'> {
  return db.transaction(async (tx) => {
    // Always the account first, then the address: two attempts never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${identity}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-ip:${ip}`}, 0))`);
    const account = await countAttempts(tx, login_failures.identity, identity);
    const address = await countAttempts(tx, login_failures.ip, ip);
    if (account.failed >= MAX_FAILURES_PER_IDENTITY || address.failed >= MAX_FAILURES_PER_IP) throw warning(Msg.loginLocked);
    if (account.failed + account.checking >= MAX_FAILURES_PER_IDENTITY || address.failed + address.checking >= MAX_FAILURES_PER_IP)
      return 'busy';
    const [row] = await tx.insert(login_failures).values({ identity, ip, pending: true }).returning({ id: login_failures.id });
    return row.id;
  });
}

/** Reset work started after its answer and not finished yet (tests and shutdown wait for it). */
const pendingResets = new Set<Promise<void>>();

/** Resolves once every password reset requested so far has written its code and queued its mail. */
export async function passwordResetsSettled(): Promise<void> {
  while (pendingResets.size) await Promise.all([...pendingResets]);
}

/**
 * Always the same answer, in the same time, whether or not the identity exists (no account
 * enumeration): only the identity's shape is checked before answering; looking the account up,
 * writing the code and queueing the mail happen after the answer, in the background.
 */
export function requestPasswordReset(db: Db, publicUrl: string, body: unknown, onFailure?: (error: Error) => void): void {
  const identity
    = typeof (body as { identity?: unknown })?.identity === 'string' ? (body as { identity: string }).identity.trim().toLowerCase() : '';
  if (!identity) throw invalid({ identity: Msg.recoveryEmail });
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => queuePasswordReset(db, publicUrl, identity))
    .catch((error: Error) => onFailure?.(error))
    .finally(() => pendingResets.delete(work));
  pendingResets.add(work);
}

/** The code and its mail, in one transaction: a code is never written without its mail, nor the mail without it. */
async function queuePasswordReset(db: Db, publicUrl: string, identity: string) {
  const [user] = await findByIdentity(db, identity);
  if (!user || !user.active) return;
  const code = randomToken();
  const link = `${publicUrl}/resetPassword/${code}`;
  // The answer has left already: a failure cannot tell that the account exists; it is only logged.
  // The text is the stored "Recuperación de contraseña" template (Configuración › Plantillas).
  await db.transaction(async (tx) => {
    await tx.insert(password_resets).values({
      code_hash: sha256(code), user_id: user.id, expires_at: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
    });
    await queueMail(tx, {
      to: user.email,
      ...(await composeMail(tx, 'password_recovery', { nombre: user.first_name, usuario: user.username, enlace: link })),
    });
  });
}

/** The password pair, validated with the user form's own rules and messages. */
const passwordPair = recordValidator(
  { ...userSchema, fields: userSchema.fields.filter((f) => f.name === 'password' || f.name === 'password_confirm') },
  'create',
);

export function validatePasswordPair(body: unknown): string {
  const parsed = passwordPair.safeParse(asObject(body));
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return (parsed.data as { password: string }).password;
}

export async function setPassword(db: Queryable, userId: number, password: string, exceptSessionId?: number) {
  await db.update(users).set({ password_hash: await hashPassword(password), updated_at: new Date() }).where(eq(users.id, userId));
  await revokeUserSessions(db, userId, 'password', exceptSessionId);
  await endPasswordResets(db, userId);
}

/**
 * Changing one's own password or e-mail takes the current password: a session left open on a shared
 * computer must not be enough to take the account over. Anything else of the profile does not.
 */
export async function confirmCurrentPassword(db: Queryable, userId: number, data: Record<string, unknown>) {
  const [user] = await db.select({ hash: users.password_hash, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const changesPassword = typeof data.password === 'string' && data.password !== '';
  const changesEmail = typeof data.email === 'string' && data.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();
  if (!changesPassword && !changesEmail) return;
  const current = data.current_password;
  if (typeof current !== 'string' || !current) throw invalid({ current_password: Msg.currentPassword });
  if (!(await verifyPassword(user.hash, current))) throw invalid({ current_password: Msg.currentPasswordWrong });
}

/** A new password ends every reset code still outstanding for the user: none of them may set another. */
export async function endPasswordResets(db: Queryable, userId: number) {
  await db
    .update(password_resets)
    .set({ used_at: new Date() })
    .where(and(eq(password_resets.user_id, userId), isNull(password_resets.used_at)));
}

/** Resets a password with a mailed code: one use, one hour; every session of the user ends. */
export async function resetPasswordWithCode(db: Db, body: unknown) {
  const code = (body as { forgotten_password_code?: unknown })?.forgotten_password_code;
  const password = validatePasswordPair(body);
  if (typeof code !== 'string' || !code) throw warning(Msg.resetInvalid);
  await db.transaction(async (tx) => {
    const [reset] = await tx.select().from(password_resets)
      .where(and(eq(password_resets.code_hash, sha256(code)), isNull(password_resets.used_at), gt(password_resets.expires_at, new Date())))
      .for('update');
    if (!reset) throw warning(Msg.resetInvalid);
    await tx.update(password_resets).set({ used_at: new Date() }).where(eq(password_resets.id, reset.id));
    await setPassword(tx, reset.user_id, password);
  });
}

export async function isResetCodeValid(db: Db, code: string) {
  const [reset] = await db.select({ id: password_resets.id }).from(password_resets)
    .where(and(eq(password_resets.code_hash, sha256(code)), isNull(password_resets.used_at), gt(password_resets.expires_at, new Date())));
  return !!reset;
}
