/** Login (username or e-mail), lockout, the X-Token header and cookie, auth/info and logout. */
import { describe, expect, it } from 'vitest';
import { Code, Texts } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, login, tokenOf } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; admin = tokens.admin; });

const SESSION_EXPIRED = 'La sesión ha caducado, por favor vuelva a loguear';

describe('login', () => {
  it('logs in by username and answers a token', async () => {
    const res = await login(t, 'admin', 'admin1234', '198.51.100.10');
    const data = expectOk(res);
    expect(Object.keys(data)).toEqual(['token']);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
  });

  it('logs in by e-mail, and identities are case-insensitive', async () => {
    for (const identity of ['admin@cobertores.local', 'Admin@Cobertores.LOCAL', 'ADMIN', '  admin  ']) {
      const res = await login(t, identity, 'admin1234', '198.51.100.11');
      expect(res.body.code, identity).toBe(Code.ok);
    }
    expect(expectOk(await login(t, 'CLIENTE@aguaazul.es', 'cliente1234', '198.51.100.11')).token).toBeTruthy();
  });

  it('gives each login its own token', async () => {
    const a = await tokenOf(t, 'cliente', 'cliente1234', '198.51.100.12');
    const b = await tokenOf(t, 'cliente', 'cliente1234', '198.51.100.12');
    expect(a).not.toBe(b);
  });

  it('refuses a wrong password or an unknown identity with the same 401 40001', async () => {
    const wrong = await login(t, 'admin', 'admin12345', '198.51.100.13');
    expectError(wrong, 401, Code.error, Msg.loginFailed);
    expect(wrong.body.message).toBe('Usuario o contraseña incorrectos');
    expect(wrong.response.headers['set-cookie']).toBeUndefined();
    const unknown = await login(t, 'nadie-por-aqui', 'admin1234', '198.51.100.13');
    expectError(unknown, 401, Code.error, Msg.loginFailed);
    // The password is case-sensitive even though the identity is not.
    expectError(await login(t, 'admin', 'ADMIN1234', '198.51.100.13'), 401, Code.error, Msg.loginFailed);
  });

  it('asks for identity and password when they are missing', async () => {
    const empty = await t.call('POST', '/api/external/login', { body: {}, headers: { 'x-forwarded-for': '198.51.100.14' } });
    // The sign-in page's own messages (src/shared/forms/login.ts): the same rules.
    expectError(empty, 400, Code.error, undefined, { identity: Msg.username, password: 'Introduzca la contraseña' });
    const none = await t.call('POST', '/api/external/login', { headers: { 'x-forwarded-for': '198.51.100.14' } });
    expectError(none, 400, Code.error);
    expect(none.body.error).toEqual({ identity: Msg.username, password: 'Introduzca la contraseña' });
    const blank = await t.call('POST', '/api/external/login', {
      body: { identity: '   ', password: 'x' },
      headers: { 'x-forwarded-for': '198.51.100.14' },
    });
    expectError(blank, 400, Code.error, Msg.username, { identity: Msg.username });
    const long = await t.call('POST', '/api/external/login', {
      body: { identity: 'a'.repeat(201), password: 'b'.repeat(201) },
      headers: { 'x-forwarded-for': '198.51.100.14' },
    });
    expectError(long, 400, Code.error, undefined, { identity: 'Máximo 200 caracteres', password: 'Máximo 200 caracteres' });
  });

  it('locks an identity after 5 failures: then 30001 even with the right password, from any IP', async () => {
    const user = await createUser(t, admin);
    for (let i = 0; i < 5; i++) {
      expectError(await login(t, user.username, `mala-${i}-clave`, `203.0.113.${i + 1}`), 401, Code.error, Msg.loginFailed);
    }
    const locked = await login(t, user.username, user.password, '203.0.113.50');
    expectError(locked, 409, Code.warning, Msg.loginLocked);
    expect(locked.response.headers['set-cookie']).toBeUndefined();
    // The identity is compared without case.
    expectError(await login(t, user.username.toUpperCase(), user.password, '203.0.113.51'), 409, Code.warning, Msg.loginLocked);
    // Other identities from the same IP are not affected.
    expectOk(await login(t, 'cliente', 'cliente1234', '203.0.113.50'));
  });

  it('counts concurrent guesses one by one: 40 at once get 5 checks, and the right password then is locked out', async () => {
    const user = await createUser(t, admin);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(t, user.username, `mala-${i}-clave`, `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409 && a.body.message === Msg.loginLocked)).toHaveLength(35);
    expectError(await login(t, user.username, user.password, '198.18.1.1'), 409, Code.warning, Msg.loginLocked);
  });

  it('lets 32 concurrent right passwords of one account, from one address, all sign in', async () => {
    // A small office sharing one account at 9:00: checks wait for a slot, they are not refused as failures.
    const user = await createUser(t, admin);
    const answers = await Promise.all(Array.from({ length: 32 }, () => login(t, user.username, user.password, '198.18.2.1')));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 32 }, () => 200));
    expect(new Set(answers.map((a) => a.body.data.token)).size).toBe(32);
    // None of them was left behind as a failure: 4 wrong guesses then the right password still sign in.
    for (let i = 0; i < 4; i++) expectError(await login(t, user.username, `mala-${i}`, '198.18.2.2'), 401, Code.error);
    expectOk(await login(t, user.username, user.password, '198.18.2.2'));
  });

  it('counts failures per account: its username and its e-mail are one account (5 guesses, not 10)', async () => {
    const user = await createUser(t, admin);
    for (let i = 0; i < 3; i++) expectError(await login(t, user.username, `mala-${i}`, `203.0.113.${70 + i}`), 401, Code.error);
    for (let i = 0; i < 2; i++) expectError(await login(t, user.email, `mala-e${i}`, `203.0.113.${80 + i}`), 401, Code.error);
    // Locked, however it is typed, even with the right password.
    expectError(await login(t, user.email, user.password, '203.0.113.90'), 409, Code.warning, Msg.loginLocked);
    expectError(await login(t, user.username, user.password, '203.0.113.91'), 409, Code.warning, Msg.loginLocked);
  });

  it('forgets the failures of an identity after a successful login', async () => {
    const user = await createUser(t, admin);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expectError(await login(t, user.username, 'incorrecta', '203.0.113.60'), 401, Code.error);
      expectOk(await login(t, user.username, user.password, '203.0.113.60'));
    }
  });

  it('locks an IP after 20 failures, for any identity; other IPs still log in', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) {
      expectError(await login(t, `desconocido${i}`, 'incorrecta', ip), 401, Code.error, Msg.loginFailed);
    }
    expectError(await login(t, 'admin', 'admin1234', ip), 409, Code.warning, Msg.loginLocked);
    expectOk(await login(t, 'admin', 'admin1234', '192.0.2.78'));
  });
});

describe('token transport', () => {
  it('sets the X-Token cookie on login', async () => {
    const res = await login(t, 'admin', 'admin1234', '198.51.100.20');
    const token = expectOk(res).token;
    const cookies = ([] as string[]).concat(res.response.headers['set-cookie'] ?? []);
    const cookie = cookies.find((c) => c.startsWith('X-Token='));
    expect(cookie).toBeDefined();
    expect(cookie).toContain(`X-Token=${token}`);
    expect(cookie).toMatch(/Path=\//);
    // It lasts as long as a session may (7 days by default): closing the browser does not sign out.
    expect(cookie).toMatch(/; Max-Age=604800/);
  });

  it('auth/info gives the token only to a caller that sent it in the header, never to the cookie alone', async () => {
    const token = expectOk(await login(t, 'admin', 'admin1234', '198.51.100.24')).token;
    expect(expectOk(await t.call('GET', '/api/auth/info', { token })).user.token).toBe(token);
    const byCookie = await t.call('GET', '/api/auth/info', { headers: { cookie: `X-Token=${token}` } });
    expect(expectOk(byCookie).user.id).toBeGreaterThan(0);
    expect(JSON.stringify(byCookie.body)).not.toContain(token);
  });

  it('the cookie is HttpOnly, and Secure over HTTPS only: directly or X-Forwarded-Proto from a trusted proxy', async () => {
    const cookieOf = (res: Awaited<ReturnType<typeof login>>) =>
      ([] as string[]).concat(res.response.headers['set-cookie'] ?? []).find((c) => c.startsWith('X-Token='))!;
    const plain = cookieOf(await login(t, 'admin', 'admin1234', '198.51.100.22'));
    expect(plain).toMatch(/; HttpOnly/);
    expect(plain).toMatch(/; SameSite=Lax/);
    expect(plain).not.toMatch(/; Secure/);
    // The tests stand behind a trusted proxy (TRUST_PROXY): its X-Forwarded-Proto says the client used TLS.
    const res = await t.call('POST', '/api/external/login', {
      body: { identity: 'admin', password: 'admin1234' },
      headers: { 'x-forwarded-for': '198.51.100.23', 'x-forwarded-proto': 'https' },
    });
    const tls = cookieOf(res);
    expect(tls).toMatch(/; HttpOnly/);
    expect(tls).toMatch(/; Secure/);
  });

  it('a dead session\'s cookie is cleared by the server (a script cannot)', async () => {
    const token = await tokenOf(t, 'cliente', 'cliente1234', '198.51.100.24');
    expectOk(await t.call('POST', '/api/auth/logout', { token }));
    const res = await t.call('GET', '/api/auth/info', { headers: { cookie: `X-Token=${token}` } });
    expectError(res, 401, Code.invalidToken);
    const cookies = ([] as string[]).concat(res.response.headers['set-cookie'] ?? []);
    expect(cookies.some((c) => /^X-Token=;/.test(c))).toBe(true);
    // The app's own call carries the header and the cookie alike: the dead cookie goes then too.
    const both = await t.call('GET', '/api/auth/info', { token, headers: { cookie: `X-Token=${token}` } });
    expect(([] as string[]).concat(both.response.headers['set-cookie'] ?? []).some((c) => /^X-Token=;/.test(c))).toBe(true);
  });

  it('accepts the token as the X-Token header and as the X-Token cookie', async () => {
    const token = await tokenOf(t, 'cliente', 'cliente1234', '198.51.100.21');
    const byHeader = await t.call('GET', '/api/auth/info', { headers: { 'X-Token': token } });
    expect(expectOk(byHeader).user.username).toBe('cliente');
    const byCookie = await t.call('GET', '/api/auth/info', { headers: { cookie: `X-Token=${encodeURIComponent(token)}` } });
    expect(expectOk(byCookie).user.username).toBe('cliente');
  });

  it('answers 50008 without a token, with a garbage token, or with an empty one', async () => {
    for (const headers of [{}, { 'x-token': 'basura' }, { 'x-token': 'A'.repeat(43) }, { cookie: 'X-Token=basura' }] as Array<
      Record<string, string>
    >) {
      const res = await t.call('GET', '/api/auth/info', { headers });
      expectError(res, 401, Code.invalidToken, Texts.sessionExpired);
      expect(res.body.message).toBe(SESSION_EXPIRED);
    }
  });
});

describe('auth/info', () => {
  it('sends the session data of docs/data.md for the admin', async () => {
    const token = await tokenOf(t, 'admin', 'admin1234', '198.51.100.30');
    const data = expectOk(await t.call('GET', '/api/auth/info', { token }));
    expect(data.user).toMatchObject({
      token,
      username: 'admin',
      first_name: 'Ana',
      email: 'admin@cobertores.local',
      image: null,
      client_id: null,
      client_fare_id: null,
      tax_id: null,
      current_cart_order_id: null,
      is_current_cart_order_a_draft: false,
      has_accepted_budgets: true, // the demo data holds an accepted budget (Chalet Sanz)
      roles: ['admin'],
      platform_scope_id: 1,
    });
    expect(typeof data.user.id).toBe('number');
    for (const key of ['id', 'token', 'first_name', 'email', 'image', 'client_id', 'client_fare_id', 'tax_id', 'current_cart_order_id',
      'is_current_cart_order_a_draft', 'has_accepted_budgets', 'roles', 'platform_scope_id']) {
      expect(data.user, key).toHaveProperty(key);
    }
    expect(data.roles).toEqual(['admin']);
    expect(data.avatar).toBeNull();
    expect(JSON.stringify(data)).not.toMatch(/password/);
  });

  it('sends the client member its client, and the fare and tax of that client', async () => {
    const token = await tokenOf(t, 'cliente', 'cliente1234', '198.51.100.31');
    const data = expectOk(await t.call('GET', '/api/auth/info', { token }));
    const client = expectOk(await t.call('GET', '/api/client/data/1', { token: admin }));
    expect(client.name).toBe('Piscinas Agua Azul');
    expect(data.user).toMatchObject({
      token,
      username: 'cliente',
      first_name: 'Carlos',
      email: 'cliente@aguaazul.es',
      client_id: 1,
      client_fare_id: client.client_fare_id,
      tax_id: client.tax_id,
      roles: ['client'],
      platform_scope_id: 1,
    });
    expect(data.roles).toEqual(['client']);
    expect(JSON.stringify(data)).not.toMatch(/password/);
  });
});

describe('logout', () => {
  it('ends the session: the token then answers 50008, and the cookie is cleared', async () => {
    const token = await tokenOf(t, 'cliente', 'cliente1234', '198.51.100.40');
    const other = await tokenOf(t, 'cliente', 'cliente1234', '198.51.100.40');
    const res = await t.call('POST', '/api/auth/logout', { token });
    expectOk(res);
    const cookies = ([] as string[]).concat(res.response.headers['set-cookie'] ?? []);
    expect(cookies.some((c) => /^X-Token=;/.test(c) && /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    expectError(await t.call('GET', '/api/auth/info', { token }), 401, Code.invalidToken, Texts.sessionExpired);
    expectError(await t.call('POST', '/api/auth/logout', { token }), 401, Code.invalidToken);
    // Other sessions of the same user go on.
    expectOk(await t.call('GET', '/api/auth/info', { token: other }));
  });

  it('needs a session', async () => {
    expectError(await t.call('POST', '/api/auth/logout'), 401, Code.invalidToken, Texts.sessionExpired);
  });
});
