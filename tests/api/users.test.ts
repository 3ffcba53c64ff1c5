/** Users (docs/data.md, docs/validation.md User; docs/business-rules.md): validation, roles and client, secrets, avatar, own profile. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, Texts } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { startTestApp, type TestApp } from '../support/app';
import {
  createUser, expectError, expectOk, jsonData, login, multipart, pdf, png, tokenOf, uniq, type Res,
} from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
let clienteId: number;
let adminId: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  cliente = await t.login('cliente');
  clienteId = expectOk(await t.call('GET', '/api/auth/info', { token: cliente })).user.id;
  adminId = expectOk(await t.call('GET', '/api/auth/info', { token: admin })).user.id;
});
afterAll(async () => { await t?.close(); });

type Row = Record<string, any>;

const valid = (overrides: Row = {}) => {
  const username = `v${uniq()}`;
  return {
    username, first_name: 'Lucía', last_name: 'Pérez Gómez', email: `${username}@ejemplo.es`, phone: '612345678',
    roles: 1, password: 'segura1234', password_confirm: 'segura1234', ...overrides,
  };
};
const create = (data: Row, token = admin) => t.call('POST', '/api/user/create', { token, body: jsonData(data) });
const update = (data: Row, token = admin) => t.call('POST', '/api/user/update', { token, body: jsonData(data) });
const read = async (id: number) => expectOk(await t.call('GET', `/api/user/data/${id}`, { token: admin }));

/** No key anywhere in the body names a password (write-only fields and the hash never leave the server). */
function expectNoPassword(res: Res) {
  const walk = (value: unknown, path: string) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      expect(key, `${path}.${key}`).not.toMatch(/password/i);
      walk(child, `${path}.${key}`);
    }
  };
  walk(res.body, 'body');
  expect(res.response.body).not.toMatch(/\$argon2/);
}

describe('user validation (docs/validation.md)', () => {
  it('answers every required field with its spec message', async () => {
    const res = await create({});
    expectError(res, 400, Code.error);
    expect(res.body.error).toEqual({
      username: Msg.username,
      first_name: 'Introduzca el nombre del usuario',
      last_name: 'Introduzca los apellidos del usuario',
      email: 'Introduzca un email',
      phone: 'Introduzca un número válido',
      roles: 'Seleccione el rol de usuario',
      password: 'Demasiado corta, debe tener min 8 caracteres',
      password_confirm: Msg.passwordRepeat,
    });
    // Blank strings are missing values too.
    const blank = await create(valid({ first_name: '  ', last_name: '', email: '' }));
    expect(blank.body.error).toEqual({ first_name: Msg.userFirstName, last_name: Msg.userLastName, email: Msg.email });
  });

  it('checks the e-mail format', async () => {
    for (const email of ['sin-arroba', 'a@b', 'con espacio@ejemplo.es', '@ejemplo.es']) {
      const res = await create(valid({ email }));
      expectError(res, 400, Code.error, 'Introduzca un email válido', { email: Msg.emailInvalid });
    }
  });

  it('refuses an e-mail longer than its column (200) under the field, like any long text', async () => {
    const username = `v${uniq()}`;
    const email = `${username}${'a'.repeat(200)}@ejemplo.es`;
    expectError(await create(valid({ username, email })), 400, Code.error, 'Máximo 200 caracteres', { email: 'Máximo 200 caracteres' });
    expectOk(
      await create(valid({ username, email: `${username}${'a'.repeat(200 - username.length - '@ejemplo.es'.length)}@ejemplo.es` })),
      Code.okWithMessage,
    );
  });

  it('checks the phone: exactly 9 digits', async () => {
    const cases: Array<[unknown, string]> = [
      ['12345678', 'El número es demasiado corto'],
      ['1', Msg.phoneShort],
      ['1234567890', 'El número es demasiado largo'],
      ['12345678a', 'Introduzca un número válido'],
      ['612 345 678', Msg.phoneInvalid],
      ['+34612345678', Msg.phoneInvalid],
      ['', Msg.phoneInvalid],
    ];
    for (const [phone, message] of cases) {
      const res = await create(valid({ phone }));
      expectError(res, 400, Code.error, message, { phone: message });
    }
    expect(expectOk(await create(valid({ phone: 612345678 })), 20001).phone).toBe('612345678');
  });

  it('checks the password: minimum 8, repeated the same', async () => {
    const short = await create(valid({ password: 'corta', password_confirm: 'corta' }));
    expectError(short, 400, Code.error, Msg.passwordShort, { password: Msg.passwordShort, password_confirm: Msg.passwordShort });
    const mismatch = await create(valid({ password: 'segura1234', password_confirm: 'segura12345' }));
    expectError(mismatch, 400, Code.error, 'Las contraseñas no coinciden', { password_confirm: 'Las contraseñas no coinciden' });
    const noRepeat = await create(valid({ password_confirm: undefined }));
    expectError(noRepeat, 400, Code.error, Msg.passwordRepeat, { password_confirm: Msg.passwordRepeat });
    expect(expectOk(await create(valid({ password: '12345678', password_confirm: '12345678' })), 20001).id).toBeGreaterThan(0);
    const long = 'x'.repeat(201);
    expectError(await create(valid({ password: long, password_confirm: long })), 400, Code.error, 'Máximo 200 caracteres', {
      password: 'Máximo 200 caracteres',
    });
  });

  it('requires a known role', async () => {
    for (const roles of [undefined, null, '', 0, 4, 'admin', 'abc']) {
      const res = await create(valid({ roles }));
      expectError(res, 400, Code.error, 'Seleccione el rol de usuario', { roles: Msg.role });
    }
    expect(expectOk(await create(valid({ roles: '1' })), 20001).roles).toBe(1);
  });

  it('requires a client only for the client role, and nulls it for admins', async () => {
    const missing = await create(valid({ roles: 2 }));
    expectError(missing, 400, Code.error, 'Seleccione un cliente', { client_id: Msg.client });
    expectError(await create(valid({ roles: 2, client_id: '' })), 400, Code.error, Msg.client, { client_id: Msg.client });
    expectError(await create(valid({ roles: 2, client_id: 987654 })), 400, Code.error, Msg.referenceMissing, {
      client_id: Msg.referenceMissing,
    });

    const member = expectOk(await create(valid({ roles: 2, client_id: 2 })), 20001);
    expect(member).toMatchObject({ roles: 2, client_id: 2 });
    const staff = expectOk(await create(valid({ roles: 1, client_id: 2 })), 20001);
    expect(staff).toMatchObject({ roles: 1, client_id: null });
    expect(expectOk(await create(valid({ roles: 1 })), 20001).client_id).toBeNull();

    // Changing the role on update applies the same rule.
    expect(expectOk(await update({ id: member.id, roles: 1 }), 20001).client_id).toBeNull();
    expectError(await update({ id: staff.id, roles: 2 }), 400, Code.error, Msg.client, { client_id: Msg.client });
    expect(expectOk(await update({ id: staff.id, roles: 2, client_id: 3 }), 20001)).toMatchObject({ roles: 2, client_id: 3 });
  });

  it('makes a new user active unless told otherwise, so that it can log in', async () => {
    const data = valid();
    const row = expectOk(await create(data), 20001);
    expect(row.active).toBe(true);
    expectOk(await login(t, data.username, data.password));
    const inactive = expectOk(await create(valid({ active: false })), 20001);
    expect(inactive.active).toBe(false);
  });

  it('refuses a duplicate username or e-mail, whatever the case', async () => {
    const first = expectOk(await create(valid()), 20001);
    const sameName = await create(valid({ username: first.username.toUpperCase() }));
    expectError(sameName, 400, Code.error, Msg.usernameTaken, { username: Msg.usernameTaken });
    const sameEmail = await create(valid({ email: first.email.toUpperCase() }));
    expectError(sameEmail, 400, Code.error, Msg.emailTaken, { email: Msg.emailTaken });
    expectError(await create(valid({ username: 'ADMIN' })), 400, Code.error, Msg.usernameTaken, { username: Msg.usernameTaken });
    const other = expectOk(await create(valid()), 20001);
    expectError(await update({ id: other.id, email: first.email }), 400, Code.error, Msg.emailTaken, { email: Msg.emailTaken });
  });
});

describe('user records', () => {
  it('keeps the username read-only on update (a sent username is ignored)', async () => {
    const row = expectOk(await create(valid()), 20001);
    const res = await update({ id: row.id, username: `cambiado${uniq()}`, first_name: 'Nueva' });
    expect(expectOk(res, 20001)).toMatchObject({ username: row.username, first_name: 'Nueva' });
    expect((await read(row.id)).username).toBe(row.username);
  });

  it('validates updates with the same messages', async () => {
    const row = expectOk(await create(valid()), 20001);
    expectError(await update({ id: row.id, phone: '123' }), 400, Code.error, Msg.phoneShort, { phone: Msg.phoneShort });
    expectError(await update({ id: row.id, email: 'mal' }), 400, Code.error, Msg.emailInvalid, { email: Msg.emailInvalid });
    expectError(await update({ id: row.id, first_name: '' }), 400, Code.error, Msg.userFirstName, { first_name: Msg.userFirstName });
    expectError(
      await update({ id: row.id, password: 'nuevaClave1', password_confirm: 'otraClave1' }),
      400,
      Code.error,
      Msg.passwordMismatch,
      { password_confirm: Msg.passwordMismatch },
    );
    expectError(await update({ id: row.id, password: 'nuevaClave1' }), 400, Code.error, Msg.passwordMismatch, {
      password_confirm: Msg.passwordMismatch,
    });
  });

  it('never sends a password or its hash, in any user answer', async () => {
    const data = valid({ roles: 2, client_id: 1 });
    const created = await create(data);
    const id = created.body.data.id;
    const own = await tokenOf(t, data.username, data.password);
    const image = multipart({ data: JSON.stringify({ id }) }, { image: { filename: 'a.png', data: png(), contentType: 'image/png' } });
    const answers: Res[] = [
      created,
      await update({ id, first_name: 'Otro', password: 'nuevaClave1', password_confirm: 'nuevaClave1' }),
      await t.call('GET', `/api/user/data/${id}`, { token: admin }),
      await t.call('GET', '/api/user/all', { token: admin }),
      await t.call('GET', '/api/user/page/1', { token: admin }),
      await t.call('GET', '/api/user/dropdown', { token: admin }),
      await t.call('POST', '/api/user/filteredDropdown', { token: admin, body: { query: data.username } }),
      await t.call('GET', `/api/user/dropdownById/${id}`, { token: admin }),
      await t.call('GET', '/api/user/getAllUsers/page/1', { token: admin }),
      await t.call('POST', '/api/user/getFilteredUsers', { token: admin, body: { page: 1, filter: data.username } }),
      await t.call('GET', `/api/user/profile/${id}`, { token: admin }),
      await t.call('POST', '/api/user/updateUserImage', { token: admin, ...image }),
      await t.call('POST', `/api/user/deleteUserImage/${id}`, { token: admin }),
      await t.call('GET', '/api/auth/info', { token: admin }),
      await t.call('POST', '/api/user/delete', { token: admin, body: { id } }),
    ];
    expect(own).toBeTruthy();
    for (const res of answers) {
      expect(res.body.code, res.response.raw.req.url).toBeLessThan(30000);
      expectNoPassword(res);
    }
  });

  it('lists with getAllUsers/page/:page and getFilteredUsers {page, filter}', async () => {
    const tag = `busca${uniq()}`;
    const a = expectOk(await create(valid({ username: `${tag}a`, roles: 2, client_id: 3 })), 20001);
    const b = expectOk(await create(valid({ username: `${tag}b`, first_name: 'Berta' })), 20001);

    const all = expectOk(await t.call('GET', '/api/user/getAllUsers/page/1?per_page=2', { token: admin }));
    expect(all).toMatchObject({ page: 1, per_page: 2 });
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(4);
    const two = expectOk(await t.call('GET', '/api/user/getAllUsers/page/2?per_page=2', { token: admin }));
    expect(two.page).toBe(2);
    expect(two.items.map((u: Row) => u.id)).not.toContain(all.items[0].id);

    const byText = expectOk(await t.call('POST', '/api/user/getFilteredUsers', { token: admin, body: { page: 1, filter: tag } }));
    expect(byText.items.map((u: Row) => u.id)).toEqual([a.id, b.id]);
    expect(byText.total).toBe(2);
    const byName = expectOk(await t.call('POST', '/api/user/getFilteredUsers', { token: admin, body: { page: 1, filter: 'BERTA' } }));
    expect(byName.items.map((u: Row) => u.id)).toContain(b.id);

    const byObject = expectOk(
      await t.call('POST', '/api/user/getFilteredUsers', { token: admin, body: { page: 1, filter: { roles: 2, client_id: 3, q: tag } } }),
    );
    expect(byObject.items.map((u: Row) => u.id)).toEqual([a.id]);
    const byJson = expectOk(
      await t.call('POST', '/api/user/getFilteredUsers', {
        token: admin,
        body: { page: 1, filter: JSON.stringify({ roles: 2, client_id: 3, q: tag }) },
      }),
    );
    expect(byJson.items.map((u: Row) => u.id)).toEqual([a.id]);
    const members = expectOk(await t.call('POST', '/api/user/getFilteredUsers', { token: admin, body: { page: 1, filter: { roles: 2 } } }));
    expect(members.items.every((u: Row) => u.roles === 2)).toBe(true);
    expect(members.items.map((u: Row) => u.id)).toContain(clienteId);
    const none = expectOk(await t.call('POST', '/api/user/getFilteredUsers', { token: admin, body: {} }));
    expect(none.page).toBe(1);
    expect(none.total).toBe(all.total);
  });

  it('lets an admin delete another user (its sessions end) but not itself', async () => {
    const user = await createUser(t, admin);
    const token = await tokenOf(t, user.username, user.password);
    expectOk(await t.call('POST', '/api/user/delete', { token: admin, body: { id: user.id } }), 20001);
    expectError(await t.call('GET', '/api/auth/info', { token }), 401, Code.invalidToken, Texts.sessionExpired);
    expectError(await login(t, user.username, user.password), 401, Code.error, Msg.loginFailed);

    const self = await t.call('POST', '/api/user/delete', { token: admin, body: { id: adminId } });
    expectError(self, 403, Code.error, 'No puede borrar su propio usuario');
    expect((await read(adminId)).username).toBe('admin');
  });
});

describe('user image', () => {
  const upload = (id: number | undefined, file: { filename: string; data: Buffer; contentType?: string }, token = admin, field = 'image') =>
    t.call('POST', '/api/user/updateUserImage', {
      token,
      ...multipart(id === undefined ? {} : { data: JSON.stringify({ id }) }, { [field]: file }),
    });
  const fetchFile = (url: string, token = admin) => t.call('GET', url, { token });

  it('stores a real PNG and serves it back by its URL as image/png', async () => {
    const user = await createUser(t, admin);
    const image = png(3, 2);
    const res = await upload(user.id, { filename: 'avatar.png', data: image, contentType: 'image/png' });
    const row = expectOk(res, 20001);
    expect(row.image).toMatch(/^\/api\/user\/file\/[0-9a-z]+\.[A-Za-z0-9_-]{32}\/image\/[A-Za-z0-9._-]+\.png$/);
    const file = await fetchFile(row.image);
    expect(file.status).toBe(200);
    expect(file.response.headers['content-type']).toBe('image/png');
    expect(file.response.rawPayload.equals(image)).toBe(true);
    // The session data carries the same URL.
    const token = await tokenOf(t, user.username, user.password);
    const info = expectOk(await t.call('GET', '/api/auth/info', { token }));
    expect(info.user.image).toBe(row.image);
    expect(info.avatar).toBe(row.image);
    // Users are the admin's to read, but everyone's own picture shows in its top bar; nobody else's.
    expect((await fetchFile(row.image, token)).status).toBe(200);
    expectError(await fetchFile(row.image, cliente), 404, Code.error, Msg.fileMissing);
    expect((await read(user.id)).image).toBe(row.image);
  });

  it('judges a file by its content, not by its name', async () => {
    const user = await createUser(t, admin);
    const named = await upload(user.id, { filename: 'foto.txt', data: png(), contentType: 'text/plain' });
    expect(expectOk(named, 20001).image).toMatch(/\.png$/);
    const lying = await upload(user.id, { filename: 'foto.png', data: Buffer.from('esto no es una imagen'), contentType: 'image/png' });
    expectError(lying, 400, Code.error, Msg.imageType, { image: Msg.imageType });
  });

  it('refuses a PDF or a text file with the spec message', async () => {
    const user = await createUser(t, admin);
    for (const file of [
      { filename: 'documento.pdf', data: pdf(), contentType: 'application/pdf' },
      { filename: 'nota.txt', data: Buffer.from('hola'), contentType: 'text/plain' },
    ]) {
      const res = await upload(user.id, file);
      expectError(res, 400, Code.error, 'Tipo de fichero inválido. Por favor suba una imagen', { image: Msg.imageType });
    }
    expect((await read(user.id)).image).toBeNull();
  });

  it('serves nothing for a wrong token, another field, another entity or another name (404)', async () => {
    const user = await createUser(t, admin);
    const url: string = expectOk(await upload(user.id, { filename: 'a.png', data: png() }), 20001).image;
    const [, , entity, , token, field, filename] = url.split('/');
    expect([entity, field]).toEqual(['user', 'image']);
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      `/api/user/file/${flipped}/image/${filename}`,
      `/api/user/file/corto/image/${filename}`,
      `/api/user/file/${token}/first_name/${filename}`,
      `/api/user/file/${token}/password_hash/${filename}`,
      `/api/invoicingCompany/file/${token}/image/${filename}`,
      `/api/noExiste/file/${token}/image/${filename}`,
      `/api/user/file/${token}/image/otro-${filename}`,
      `/api/user/file/${token}/image/..%2F..%2Fdb`,
    ]) {
      const res = await fetchFile(bad);
      expectError(res, 404, Code.error);
    }
    expect((await fetchFile(url)).status).toBe(200);
  });

  it('replaces the image (the old URL dies) and deletes it with deleteUserImage/:id', async () => {
    const user = await createUser(t, admin);
    const first: string = expectOk(await upload(user.id, { filename: 'uno.png', data: png(1, 1) }), 20001).image;
    const second: string = expectOk(await upload(user.id, { filename: 'dos.png', data: png(2, 1) }), 20001).image;
    expect(second).not.toBe(first);
    expect((await fetchFile(first)).status).toBe(404);
    expect((await fetchFile(second)).status).toBe(200);

    const res = await t.call('POST', `/api/user/deleteUserImage/${user.id}`, { token: admin });
    expect(expectOk(res, 20001).image).toBeNull();
    expect((await fetchFile(second)).status).toBe(404);
    expect((await read(user.id)).image).toBeNull();
  });

  it('lets every user change its own avatar, and nobody else’s', async () => {
    const user = await createUser(t, admin);
    const token = await tokenOf(t, user.username, user.password);
    const own = expectOk(await upload(undefined, { filename: 'yo.png', data: png() }, token), 20001);
    expect(own.id).toBe(user.id);
    expect(own.image).toMatch(/\.png$/);
    expectOk(await t.call('POST', `/api/user/deleteUserImage/${user.id}`, { token }), 20001);

    expectError(await upload(adminId, { filename: 'x.png', data: png() }, token), 403, Code.error, Msg.forbidden);
    expectError(await t.call('POST', `/api/user/deleteUserImage/${adminId}`, { token }), 403, Code.error, Msg.forbidden);
    expectError(await t.call('POST', '/api/user/deleteUserImage/987654', { token }), 403, Code.error);
  });

  it('takes one image at a time', async () => {
    const user = await createUser(t, admin);
    const form = multipart(
      { data: JSON.stringify({ id: user.id }) },
      {
        image: [
          { filename: 'a.png', data: png() },
          { filename: 'b.png', data: png() },
        ],
      },
    );
    const res = await t.call('POST', '/api/user/updateUserImage', { token: admin, ...form });
    expectError(res, 400, Code.error, 'Sólo puede subirse 1 archivo', { image: 'Sólo puede subirse 1 archivo' });
  });
});

describe('own profile (docs/business-rules.md)', () => {
  const profile = (data: Row, token: string) => t.call('POST', '/api/user/updateProfile', { token, body: jsonData(data) });

  it('lets the client member read its own profile, not another one', async () => {
    const res = await t.call('GET', `/api/user/profile/${clienteId}`, { token: cliente });
    expect(expectOk(res)).toMatchObject({
      id: clienteId,
      username: 'cliente',
      first_name: 'Carlos',
      email: 'cliente@aguaazul.es',
      roles: 2,
      client_id: 1,
    });
    expectNoPassword(res);
    expectError(await t.call('GET', `/api/user/profile/${adminId}`, { token: cliente }), 403, Code.error, Msg.forbidden);
    expectError(await t.call('GET', '/api/user/profile/987654', { token: cliente }), 403, Code.error);
    // The admin reads anyone's.
    expect(expectOk(await t.call('GET', `/api/user/profile/${clienteId}`, { token: admin })).username).toBe('cliente');
  });

  it('lets a user change its names, e-mail, phone and password', async () => {
    const user = await createUser(t, admin);
    const token = await tokenOf(t, user.username, user.password);
    const email = `nuevo${uniq()}@ejemplo.es`;
    const res = await profile(
      {
        id: user.id,
        first_name: 'Marta',
        last_name: 'Sanz Vidal',
        email,
        phone: '699111222',
        password: 'miNuevaClave',
        password_confirm: 'miNuevaClave',
        current_password: user.password,
      },
      token,
    );
    expect(expectOk(res, 20001)).toMatchObject({ id: user.id, first_name: 'Marta', last_name: 'Sanz Vidal', email, phone: '699111222' });
    expectNoPassword(res);
    expect(await read(user.id)).toMatchObject({ first_name: 'Marta', email, phone: '699111222' });
    expectOk(await login(t, user.username, 'miNuevaClave'));
    expectOk(await t.call('GET', '/api/auth/info', { token }));
  });

  it('applies the user form messages to the profile', async () => {
    const user = await createUser(t, admin);
    const token = await tokenOf(t, user.username, user.password);
    expectError(await profile({ id: user.id, phone: '12345' }, token), 400, Code.error, Msg.phoneShort, { phone: Msg.phoneShort });
    expectError(
      await profile({ id: user.id, password: 'abcdefgh', password_confirm: 'abcdefgi', current_password: user.password }, token),
      400,
      Code.error,
      Msg.passwordMismatch,
    );
    expectError(
      await profile({ id: user.id, password: 'corta', password_confirm: 'corta', current_password: user.password }, token),
      400,
      Code.error,
      Msg.passwordShort,
    );
    expectError(
      await profile({ id: user.id, email: 'admin@cobertores.local', current_password: user.password }, token),
      400,
      Code.error,
      Msg.emailTaken,
      { email: Msg.emailTaken },
    );
  });

  it('asks for the current password to change one\'s own password or e-mail, not for the rest', async () => {
    const user = await createUser(t, admin);
    const token = await tokenOf(t, user.username, user.password);
    const email = `otro${uniq()}@ejemplo.es`;
    expectError(
      await profile({ id: user.id, password: 'robada12345', password_confirm: 'robada12345' }, token),
      400,
      Code.error,
      Msg.currentPassword,
      { current_password: Msg.currentPassword },
    );
    expectError(await profile({ id: user.id, email }, token), 400, Code.error, Msg.currentPassword, {
      current_password: Msg.currentPassword,
    });
    expectError(await profile({ id: user.id, email, current_password: 'no-es-la-mia' }, token), 400, Code.error, Msg.currentPasswordWrong, {
      current_password: Msg.currentPasswordWrong,
    });
    // Nothing was changed by the refusals.
    expect((await read(user.id)).email).toBe(user.email);
    expectOk(await login(t, user.username, user.password));
    // Names and phone need no password; the same e-mail is no change.
    expectOk(await profile({ id: user.id, first_name: 'Sin Clave', email: user.email.toUpperCase() }, token), 20001);
    expectOk(await profile({ id: user.id, email, current_password: user.password }, token), 20001);
    // An admin changing someone else's profile is not asked for that user's password.
    expectOk(await profile({ id: user.id, password: 'puestaPorAdmin1', password_confirm: 'puestaPorAdmin1' }, admin), 20001);
  });

  it('ignores role, client, active and username sent through the profile', async () => {
    const user = await createUser(t, admin, { roles: 2, client_id: 1 });
    const token = await tokenOf(t, user.username, user.password);
    const res = await profile({ id: user.id, first_name: 'Intento', roles: 1, client_id: 2, active: false, username: 'jefe' }, token);
    expect(expectOk(res, 20001)).toMatchObject({ first_name: 'Intento', roles: 2, client_id: 1, username: user.username });
    expect(await read(user.id)).toMatchObject({ roles: 2, client_id: 1, active: true, username: user.username });
    const info = expectOk(await t.call('GET', '/api/auth/info', { token }));
    expect(info.user.roles).toEqual(['client']);
  });

  it('refuses a profile update of another user (403 40001)', async () => {
    const res = await profile({ id: adminId, first_name: 'Hackeado' }, cliente);
    expectError(res, 403, Code.error, Msg.forbidden);
    expect((await read(adminId)).first_name).toBe('Ana');
    // Without an id the request names nobody: refused before any permission is weighed.
    expectError(await profile({ first_name: 'Sin id' }, cliente), 400, Code.error, Msg.idInvalid, { id: Msg.idInvalid });
  });
});
