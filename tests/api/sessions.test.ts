/** Session lifetime: idle and absolute expiry (50014), revocation by password change or disabling (50012). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/tables';
import { sha256 } from '../../src/server/domain/auth';
import { Code, Texts } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, jsonData, login, tokenOf } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; admin = tokens.admin; });

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const sessionRow = async (token: string) => (await t.ctx.db.select().from(sessions).where(eq(sessions.token_hash, sha256(token))))[0];
const setSession = (token: string, values: Partial<typeof sessions.$inferInsert>) =>
  t.ctx.db.update(sessions).set(values).where(eq(sessions.token_hash, sha256(token)));
const info = (token: string) => t.call('GET', '/api/auth/info', { token });

describe('session storage', () => {
  it('stores only a hash of the token', async () => {
    const token = await tokenOf(t, 'cliente', 'cliente1234');
    const row = await sessionRow(token);
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('allows several sessions of one user at once', async () => {
    const a = await tokenOf(t, 'cliente', 'cliente1234');
    const b = await tokenOf(t, 'cliente', 'cliente1234');
    expectOk(await info(a));
    expectOk(await info(b));
    expectOk(await info(a));
  });
});

describe('expiry', () => {
  it('answers 50014 once the session has been idle longer than the idle limit (8 h by default)', async () => {
    const token = await tokenOf(t, 'cliente', 'cliente1234');
    await setSession(token, { last_seen_at: ago(8 * HOUR - 60_000) });
    expectOk(await info(token)); // just inside the limit
    await setSession(token, { last_seen_at: ago(8 * HOUR + 60_000) });
    const res = await info(token);
    expectError(res, 401, Code.tokenExpired, Texts.sessionExpired);
  });

  it('refreshes the idle clock when the session is used', async () => {
    const token = await tokenOf(t, 'cliente', 'cliente1234');
    await setSession(token, { last_seen_at: ago(7 * HOUR) });
    expectOk(await info(token));
    const row = await sessionRow(token);
    expect(Date.now() - row.last_seen_at.getTime()).toBeLessThan(5 * 60_000);
  });

  it('answers 50014 after the absolute limit (7 days) even when used recently', async () => {
    const token = await tokenOf(t, 'cliente', 'cliente1234');
    await setSession(token, { created_at: ago(7 * 24 * HOUR + 60_000), last_seen_at: new Date() });
    expectError(await info(token), 401, Code.tokenExpired, Texts.sessionExpired);
    expectError(await t.call('GET', '/api/tax/all', { token }), 401, Code.tokenExpired);
  });
});

describe('revocation', () => {
  it('a password change through the profile ends the other sessions (50012) and keeps the current one', async () => {
    const user = await createUser(t, admin);
    const current = await tokenOf(t, user.username, user.password);
    const other = await tokenOf(t, user.username, user.password);
    const res = await t.call('POST', '/api/user/updateProfile', {
      token: current,
      body: jsonData({ id: user.id, password: 'nuevaClave99', password_confirm: 'nuevaClave99', current_password: user.password }),
    });
    expectOk(res, 20001);
    expectError(await info(other), 401, Code.sessionReplaced, Texts.sessionExpired);
    expectOk(await info(current));
    expectError(await login(t, user.username, user.password), 401, Code.error, Msg.loginFailed);
    expectOk(await login(t, user.username, 'nuevaClave99'));
  });

  it('an admin setting a user password ends every session of that user', async () => {
    const user = await createUser(t, admin);
    const token = await tokenOf(t, user.username, user.password);
    expectOk(
      await t.call('POST', '/api/user/update', {
        token: admin,
        body: jsonData({ id: user.id, password: 'otraClave123', password_confirm: 'otraClave123' }),
      }),
      20001,
    );
    expectError(await info(token), 401, Code.sessionReplaced, Texts.sessionExpired);
    expectOk(await info(admin));
  });

  it('saving a user without a password keeps its sessions', async () => {
    const user = await createUser(t, admin);
    const token = await tokenOf(t, user.username, user.password);
    expectOk(
      await t.call('POST', '/api/user/update', {
        token: admin,
        body: jsonData({ id: user.id, first_name: 'Otro', password: '', password_confirm: '' }),
      }),
      20001,
    );
    expectOk(await info(token));
    expectOk(await login(t, user.username, user.password));
  });

  it('an admin disabling a user: its tokens answer 50012 and it cannot log in until enabled again', async () => {
    const user = await createUser(t, admin);
    const token = await tokenOf(t, user.username, user.password);
    expectOk(await t.call('POST', '/api/user/update', { token: admin, body: jsonData({ id: user.id, active: false }) }), 20001);
    expectError(await info(token), 401, Code.sessionReplaced, Texts.sessionExpired);
    expectError(await t.call('GET', '/api/tax/all', { token }), 401, Code.sessionReplaced);
    expectError(await login(t, user.username, user.password), 401, Code.error, Msg.loginFailed);

    expectOk(await t.call('POST', '/api/user/update', { token: admin, body: jsonData({ id: user.id, active: true }) }), 20001);
    expectError(await info(token), 401, Code.sessionReplaced); // an ended session stays ended
    const fresh = await tokenOf(t, user.username, user.password);
    expectOk(await info(fresh));
  });

  it('an admin cannot disable itself nor change its own role', async () => {
    const me = expectOk(await info(admin)).user;
    expectError(await t.call('POST', '/api/user/update', { token: admin, body: jsonData({ id: me.id, active: false }) }), 403, Code.error);
    expectError(
      await t.call('POST', '/api/user/update', { token: admin, body: jsonData({ id: me.id, roles: 2, client_id: 1 }) }),
      403,
      Code.error,
    );
    expectOk(await info(admin));
  });
});
