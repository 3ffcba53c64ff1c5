/** Forgot password → mailed one-time link → changePassword (docs/api.md, docs/business-rules.md; docs/validation.md, docs/api.md). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { password_resets } from '../../src/server/db/tables';
import { passwordResetsSettled, sha256 } from '../../src/server/domain/auth';
import { Code, Texts } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { startTestApp, useTestApp, type TestApp } from '../support/app';
import { createUser, decodeQuotedPrintable, expectError, expectOk, login, multipart, resetCodeOf, tokenOf, type NewUser } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; admin = tokens.admin; });

const RECOVERY_SENT
  = 'Se ha enviado al correo electrónico un link para restablecer la contraseña asociada a esta cuenta.'
    + ' Si no aparece en unos minutos, revise la carpeta de Spam.';

// The endpoints are rate-limited per IP: every call comes from its own address.
let ipCounter = 1;
const ip = () => ({ 'x-forwarded-for': `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}` });

const forgot = (identity: unknown) => t.call('POST', '/api/external/forgotPassword', { body: { identity }, headers: ip() });
const change = (body: Record<string, unknown>) => t.call('POST', '/api/external/changePassword', { body, headers: ip() });
const check = (code: string) => t.call('GET', `/api/external/checkResetCode/${encodeURIComponent(code)}`, { headers: ip() });

/** Asks for a reset of `user` and returns the code from the newest mail. */
async function requestCode(user: NewUser, identity = user.username) {
  const before = t.outbox().length;
  expectOk(await forgot(identity));
  const mails = t.outbox();
  expect(mails.length).toBe(before + 1);
  return resetCodeOf(mails[mails.length - 1]);
}

describe('forgotPassword', () => {
  it('asks for the e-mail when the identity is empty or missing (40001 under identity)', async () => {
    for (const identity of ['', '   ', undefined, null, 42]) {
      const res = await forgot(identity);
      expectError(res, 400, Code.error, Msg.recoveryEmail, { identity: Msg.recoveryEmail });
      expect(res.body.error.identity).toBe('Introduzca su correo electrónico');
    }
  });

  it('answers the same 20000 and spec text for a known and an unknown identity', async () => {
    const known = await forgot('cliente@aguaazul.es');
    const unknown = await forgot('nadie@ninguna-parte.es');
    for (const res of [known, unknown]) {
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(20000);
      expect(res.body.message).toBe(RECOVERY_SENT);
      expect(res.body.message).toBe(Texts.recoverySent);
    }
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(known.body.data ?? null).toEqual(unknown.body.data ?? null);
  });

  it('answers before looking the identity up: the code and the mail follow the answer (same time, known or not)', async () => {
    // A mailer that holds every mail until released.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const sent: string[] = [];
    const app = await startTestApp({
      wrap: () => ({ mailer: { send: async (message) => { await gate; sent.push(String(message.to)); } } }),
    });
    try {
      for (const identity of ['cliente@aguaazul.es', 'nadie@ninguna-parte.es']) {
        // Straight through inject: the test helper's call() would wait for the background work.
        const res = await app.app.inject({ method: 'POST', url: '/api/external/forgotPassword', payload: { identity } });
        expect(JSON.parse(res.body)).toEqual({ code: 20000, message: Texts.recoverySent, data: null });
      }
      // Both answered while the mail was still held: nothing was sent, no code may be counted on yet.
      expect(sent).toEqual([]);
      release();
      await app.mailSettled();
      expect(sent).toEqual(['cliente@aguaazul.es']);
      expect((await app.ctx.db.select().from(password_resets)).length).toBe(1);
    } finally {
      release();
      await app.close();
    }
  });

  it('mails a one-time /resetPassword/{code} link to a known identity only', async () => {
    const user = await createUser(t, admin);
    const before = t.outbox().length;
    expectOk(await forgot('no-existe-este-usuario'));
    expect(t.outbox().length).toBe(before);

    expectOk(await forgot(user.email.toUpperCase()));
    const mails = t.outbox();
    expect(mails.length).toBe(before + 1);
    const mail = decodeQuotedPrintable(mails[mails.length - 1]);
    expect(mail).toMatch(new RegExp(`^To: ${user.email}`, 'm'));
    expect(mail).toMatch(/\/resetPassword\/[A-Za-z0-9_-]{43}\b/);
    expect(mail).toContain(user.username);
  });

  it('takes JSON only, as every public route (a multipart body is refused unread)', async () => {
    const user = await createUser(t, admin);
    const before = t.outbox().length;
    const form = multipart({ identity: user.username });
    const refused = await t.call('POST', '/api/external/forgotPassword', { payload: form.payload, headers: { ...form.headers, ...ip() } });
    expectError(refused, 415, Code.error, Msg.noFilesHere);
    const text = await t.call('POST', '/api/external/forgotPassword', {
      payload: `identity=${user.username}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...ip() },
    });
    expectError(text, 415, Code.error, Msg.jsonOnly);
    await passwordResetsSettled();
    expect(t.outbox().length).toBe(before);
  });

  it('sends nothing for a disabled user, with the same answer', async () => {
    const user = await createUser(t, admin);
    expectOk(
      await t.call('POST', '/api/user/update', { token: admin, body: { data: JSON.stringify({ id: user.id, active: false }) } }),
      20001,
    );
    const before = t.outbox().length;
    expect((await forgot(user.username)).body).toMatchObject({ code: 20000, message: RECOVERY_SENT });
    expect(t.outbox().length).toBe(before);
  });
});

describe('changePassword with the mailed code', () => {
  it('checks the pair of passwords with the user form messages', async () => {
    const user = await createUser(t, admin);
    const code = await requestCode(user);
    const mismatch = await change({ forgotten_password_code: code, password: 'nuevaClave1', password_confirm: 'nuevaClave2' });
    expectError(mismatch, 400, Code.error, Msg.passwordMismatch, { password_confirm: Msg.passwordMismatch });
    expect(mismatch.body.message).toBe('Las contraseñas no coinciden');

    const short = await change({ forgotten_password_code: code, password: 'corta', password_confirm: 'corta' });
    expectError(short, 400, Code.error, Msg.passwordShort);
    expect(short.body.error.password).toBe('Demasiado corta, debe tener min 8 caracteres');

    const missing = await change({ forgotten_password_code: code });
    expectError(missing, 400, Code.error);
    expect(missing.body.error.password).toBe(Msg.passwordShort);
    expect(missing.body.error.password_confirm).toBe(Msg.passwordRepeat);

    // None of the refusals used the code up.
    expect(expectOk(await check(code))).toEqual({ valid: true });
  });

  it('sets the new password once: old password refused, new accepted, code dead, other sessions ended', async () => {
    const user = await createUser(t, admin);
    const session = await tokenOf(t, user.username, user.password);
    const code = await requestCode(user);
    expect(expectOk(await check(code))).toEqual({ valid: true });

    const res = await change({ forgotten_password_code: code, password: 'recuperada123', password_confirm: 'recuperada123' });
    expectOk(res, 20001);
    expect(res.body.message).toBe(Msg.passwordChanged);

    expectError(await login(t, user.username, user.password), 401, Code.error, Msg.loginFailed);
    expectOk(await login(t, user.username, 'recuperada123'));
    expectError(await t.call('GET', '/api/auth/info', { token: session }), 401, Code.sessionReplaced, Texts.sessionExpired);

    const reused = await change({ forgotten_password_code: code, password: 'otraVez12345', password_confirm: 'otraVez12345' });
    expectError(reused, 409, Code.warning, Msg.resetInvalid);
    expect(expectOk(await check(code))).toEqual({ valid: false });
    expectOk(await login(t, user.username, 'recuperada123'));
  });

  it('refuses a missing, unknown or expired code with 30001', async () => {
    const pair = { password: 'valida12345', password_confirm: 'valida12345' };
    expectError(await change(pair), 409, Code.warning, Msg.resetInvalid);
    expectError(await change({ ...pair, forgotten_password_code: 'inventado' }), 409, Code.warning, Msg.resetInvalid);
    expect(expectOk(await check('inventado'))).toEqual({ valid: false });

    const user = await createUser(t, admin);
    const code = await requestCode(user);
    await t.ctx.db
      .update(password_resets)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(password_resets.code_hash, sha256(code)));
    expect(expectOk(await check(code))).toEqual({ valid: false });
    expectError(await change({ ...pair, forgotten_password_code: code }), 409, Code.warning, Msg.resetInvalid);
    expectOk(await login(t, user.username, user.password));
  });

  it('mails a code that expires one hour after the request', async () => {
    const user = await createUser(t, admin);
    const code = await requestCode(user);
    const [row] = await t.ctx.db.select().from(password_resets).where(eq(password_resets.code_hash, sha256(code)));
    const minutes = (row.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('each request gives a new code; a reset with any of them ends the others', async () => {
    const user = await createUser(t, admin);
    const first = await requestCode(user);
    const second = await requestCode(user);
    expect(first).not.toBe(second);
    expectOk(await change({ forgotten_password_code: first, password: 'primera1234', password_confirm: 'primera1234' }), 20001);
    expectOk(await login(t, user.username, 'primera1234'));
    expectError(
      await change({ forgotten_password_code: second, password: 'segunda1234', password_confirm: 'segunda1234' }),
      409,
      Code.warning,
      Msg.resetInvalid,
    );
    expectOk(await login(t, user.username, 'primera1234'));
  });

  it('a password changed by staff (or in the profile) ends every outstanding code', async () => {
    const user = await createUser(t, admin);
    const code = await requestCode(user);
    expectOk(
      await t.call('POST', '/api/user/update', {
        token: admin,
        body: { data: JSON.stringify({ id: user.id, password: 'cambiada1234', password_confirm: 'cambiada1234' }) },
      }),
      20001,
    );
    expect(expectOk(await check(code))).toEqual({ valid: false });
    expectError(
      await change({ forgotten_password_code: code, password: 'robada12345', password_confirm: 'robada12345' }),
      409,
      Code.warning,
      Msg.resetInvalid,
    );
    expectOk(await login(t, user.username, 'cambiada1234'));
  });
});
