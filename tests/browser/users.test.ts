/**
 * The users screen and its "usuario" dialog (docs/screens.md Users, docs/data.md User, docs/validation.md User, docs/api.md "Correcto").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createUser } from '../api/helpers';
import { startTestApp, type TestApp } from '../support/app';
import {
  chooseOption,
  expectCount,
  expectHidden,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  selectOption,
  useBrowser,
  violationsOf,
} from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

const dialog = (page: Page) => page.getByRole('dialog');
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
const save = (scope: Locator) => scope.getByRole('button', { name: 'Guardar' });
/** The client autocomplete (the role select's accessible name also ends in "Cliente" once chosen). */
const clientInput = (scope: Locator) => scope.getByRole('combobox', { name: 'Cliente', exact: true });
const roleSelect = (scope: Locator) => scope.getByRole('combobox', { name: /^Rol\b/ });

async function openUsers(page: Page, path = '/usuarios') {
  await loginAs(page, t.url, 'admin', 'admin1234', path);
  await expectPath(page, path);
  await expectVisible(page.getByRole('cell', { name: 'cliente', exact: true }));
}

async function openCreate(page: Page) {
  await page.getByRole('button', { name: 'Añadir', exact: true }).click();
  const d = dialog(page);
  await expectVisible(d.getByRole('heading', { name: 'Añadir usuario' }));
  return d;
}

/** The list's rows as the user sees them: each row's Usuario, Nombre, Apellidos, Rol and Cliente cells, by column heading. */
async function listedUsers(page: Page): Promise<Array<Record<string, string>>> {
  const table = page.getByRole('table');
  const headings = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const rows = await table.locator('tbody tr').all();
  const wanted = ['Usuario', 'Nombre', 'Apellidos', 'Rol', 'Cliente'];
  return Promise.all(rows.map(async (row) => {
    const cells = (await row.locator('td').allInnerTexts()).map((text) => text.trim());
    return Object.fromEntries(wanted.map((heading) => [heading, cells[headings.indexOf(heading)]]));
  }));
}

const chooseRole = (page: Page, d: Locator, role: 'Administrador' | 'Cliente') => selectOption(page, roleSelect(d), role, { exact: true });

describe('create', () => {
  it('an empty dialog shows the spec messages; the dialog is at least 500 px wide', async () => {
    const { page } = b;
    await openUsers(page);
    const d = await openCreate(page);
    const paper = (await d.boundingBox())!;
    expect(paper.width).toBeGreaterThanOrEqual(500);

    await save(d).click();
    for (const message of [
      'Introduzca el nombre del usuario',
      'Introduzca los apellidos del usuario',
      'Introduzca un email',
      'Seleccione el rol de usuario',
      'Demasiado corta, debe tener min 8 caracteres',
    ]) {
      await expectVisible(fieldError(d, message));
    }
    // Nothing was sent: the dialog stays open.
    await expectVisible(d.getByRole('heading', { name: 'Añadir usuario' }));
  });

  it('phone, e-mail and password rules', async () => {
    const { page } = b;
    await openUsers(page);
    const d = await openCreate(page);
    await save(d).click();

    const phone = field(d, 'Teléfono');
    for (const [value, message] of [
      ['12345', 'El número es demasiado corto'],
      ['1234567890', 'El número es demasiado largo'],
      ['abcdefghi', 'Introduzca un número válido'],
    ] as const) {
      await phone.fill(value);
      await expectVisible(fieldError(d, message));
    }
    await phone.fill('612345678');
    await expectCount(fieldError(d, 'Introduzca un número válido'), 0);

    await field(d, 'Email').fill('no-es-un-email');
    await expectVisible(fieldError(d, 'Introduzca un email válido'));

    await field(d, 'Contraseña').fill('abcdefgh');
    await field(d, 'Repetir contraseña').fill('abcdefgX');
    await save(d).click();
    await expectVisible(fieldError(d, 'Las contraseñas no coinciden'));
    await field(d, 'Repetir contraseña').fill('abcdefgh');
    await expectHidden(fieldError(d, 'Las contraseñas no coinciden'));
  });

  it('role "Cliente" shows the client selector, "Administrador" hides it', async () => {
    const { page } = b;
    await openUsers(page);
    const d = await openCreate(page);
    await expectCount(clientInput(d), 0);
    await chooseRole(page, d, 'Cliente');
    await expectVisible(clientInput(d));
    // Required while shown, reported together with the other missing fields.
    await save(d).click();
    await expectVisible(fieldError(d, 'Seleccione un cliente'));
    await expectVisible(fieldError(d, 'Introduzca el nombre del usuario'));
    await chooseRole(page, d, 'Administrador');
    await expectHidden(clientInput(d));
    await expectCount(fieldError(d, 'Seleccione un cliente'), 0);
  });

  it('a valid client member is created, listed, and "Correcto" is shown', async () => {
    const { page } = b;
    await openUsers(page);
    const d = await openCreate(page);
    await field(d, 'Usuario').fill('lucia.piscinas');
    await field(d, 'Nombre').fill('Lucía');
    await field(d, 'Apellidos').fill('Fernández Gil');
    await field(d, 'Email').fill('lucia@aguaazul.es');
    await field(d, 'Teléfono').fill('612345678');
    await chooseRole(page, d, 'Cliente');
    const client = clientInput(d);
    await client.click();
    await client.fill('Agua');
    await chooseOption(page, 'Piscinas Agua Azul');
    await field(d, 'Contraseña').fill('lucia12345');
    await field(d, 'Repetir contraseña').fill('lucia12345');
    await save(d).click();

    await expectHidden(dialog(page));
    const notice = page.getByRole('alert').filter({ hasText: 'Correcto' });
    await expectVisible(notice);
    expect((await notice.innerText()).split('\n')[0]).toBe('Correcto');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'lucia.piscinas', exact: true }) });
    await expectVisible(row);
    await expectVisible(row.getByRole('cell', { name: 'Lucía', exact: true }));
    await expectVisible(row.getByText('Piscinas Agua Azul'));

    // Stored as sent, and the new user can sign in.
    const token = await t.login('lucia.piscinas', 'lucia12345');
    const info = (await t.call('GET', '/api/auth/info', { token })).body.data;
    expect(info.roles).toEqual(['client']);
    expect(info.user).toMatchObject({ first_name: 'Lucía', last_name: 'Fernández Gil', email: 'lucia@aguaazul.es', phone: '612345678' });
  });

  it('a new user starts "Activo", as the API stores a user created without saying', async () => {
    const { page } = b;
    await openUsers(page);
    const d = await openCreate(page);
    const active = d.getByRole('switch', { name: 'Activo' });
    await expectVisible(active);
    expect(await active.isChecked()).toBe(true);
  });

  it('a taken username is refused under the field', async () => {
    const { page } = b;
    await openUsers(page);
    const d = await openCreate(page);
    await field(d, 'Usuario').fill('admin');
    await field(d, 'Nombre').fill('Otra');
    await field(d, 'Apellidos').fill('Persona');
    await field(d, 'Email').fill('otra.persona@cobertores.local');
    await field(d, 'Teléfono').fill('600111222');
    await chooseRole(page, d, 'Administrador');
    await field(d, 'Contraseña').fill('otra12345');
    await field(d, 'Repetir contraseña').fill('otra12345');
    await save(d).click();

    await expectVisible(fieldError(d, 'Ese nombre de usuario ya existe'));
    // The message belongs to the username field.
    const described = await field(d, 'Usuario').getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    expect(await d.locator(`[id="${described}"]`).innerText()).toBe('Ese nombre de usuario ya existe');
    await expectVisible(d.getByRole('heading', { name: 'Añadir usuario' }));
  });
});

describe('edit', () => {
  it('the username is read-only when editing', async () => {
    const { page } = b;
    await openUsers(page);
    await page.getByRole('cell', { name: 'cliente', exact: true }).click();
    const d = dialog(page);
    await expectVisible(d.getByRole('heading', { name: 'Editar usuario' }));
    const username = field(d, 'Usuario');
    await expect.poll(() => username.inputValue()).toBe('cliente');
    expect(await username.isEditable()).toBe(false);
    await expectVisible(clientInput(d));
    expect(await clientInput(d).inputValue()).toBe('Piscinas Agua Azul');
  });
});

describe('/usuarios/cliente/{id}', () => {
  it('lists that client\'s users and "Añadir" presets and locks the client', async () => {
    const { page } = b;
    const admin = await t.login();
    const clients = (await t.call('GET', '/api/client/all', { token: admin })).body.data as Array<{ id: number; name: string }>;
    const aguaAzul = clients.find((c) => c.name === 'Piscinas Agua Azul')!;
    // One more member of Agua Azul, and a member of another client who must not show up.
    await createUser(t, admin, { username: 'ines.aguaazul', first_name: 'Inés', last_name: 'Vidal Roca', client_id: aguaAzul.id });
    const jardines = clients.find((c) => c.name === 'Jardines del Sur')!;
    await createUser(t, admin, { username: 'pablo.jardines', first_name: 'Pablo', last_name: 'Mora Sanz', client_id: jardines.id });

    await openUsers(page, `/usuarios/cliente/${aguaAzul.id}`);
    await expectVisible(page.getByRole('heading', { name: 'Usuarios de Piscinas Agua Azul' }));
    await expectVisible(page.getByRole('cell', { name: 'ines.aguaazul', exact: true }));
    const listed = await listedUsers(page);
    const ofAguaAzul = { Rol: 'Cliente', Cliente: 'Piscinas Agua Azul' };
    expect(listed).toContainEqual({ Usuario: 'cliente', Nombre: 'Carlos', Apellidos: 'García López', ...ofAguaAzul });
    expect(listed).toContainEqual({ Usuario: 'ines.aguaazul', Nombre: 'Inés', Apellidos: 'Vidal Roca', ...ofAguaAzul });
    // Nobody else's: neither staff nor another client's member, and every row is Agua Azul's.
    for (const other of ['admin', 'taller', 'pablo.jardines']) expect(listed.map((row) => row.Usuario)).not.toContain(other);
    expect(listed.map((row) => row.Cliente)).toEqual(listed.map(() => 'Piscinas Agua Azul'));

    const d = await openCreate(page);
    const client = clientInput(d);
    await expectVisible(client);
    await expect.poll(() => client.inputValue()).toBe('Piscinas Agua Azul');
    expect(await client.isEditable()).toBe(false);
    // The role is the client role already.
    await expectVisible(roleSelect(d).filter({ hasText: 'Cliente' }));
  });

  it('a member is created from its client\'s page, with that client, and signs in', async () => {
    const { page } = b;
    const clients = (await t.call('GET', '/api/client/all', { token: await t.login() })).body.data as Array<{ id: number; name: string }>;
    const aguaAzul = clients.find((c) => c.name === 'Piscinas Agua Azul')!;
    await openUsers(page, `/usuarios/cliente/${aguaAzul.id}`);
    const d = await openCreate(page);
    await expect.poll(() => clientInput(d).inputValue()).toBe('Piscinas Agua Azul');
    expect(await violationsOf(page)).toEqual([]);
    await field(d, 'Usuario').fill('marta.aguaazul');
    await field(d, 'Nombre').fill('Marta');
    await field(d, 'Apellidos').fill('Ruiz Soler');
    await field(d, 'Email').fill('marta@aguaazul.es');
    await field(d, 'Teléfono').fill('633445566');
    await field(d, 'Contraseña').fill('marta12345');
    await field(d, 'Repetir contraseña').fill('marta12345');
    await save(d).click();

    await expectHidden(dialog(page));
    await expectCount(fieldError(page, 'Seleccione un cliente'), 0);
    await expectVisible(page.getByRole('cell', { name: 'marta.aguaazul', exact: true }));

    // The member belongs to the page's client and signs in as one.
    await loginAs(await b.newContext(), t.url, 'marta.aguaazul', 'marta12345');
    const token = await t.login('marta.aguaazul', 'marta12345');
    const info = (await t.call('GET', '/api/auth/info', { token })).body.data;
    expect(info.roles).toEqual(['client']);
    expect(info.user).toMatchObject({ client_id: aguaAzul.id, first_name: 'Marta', last_name: 'Ruiz Soler', email: 'marta@aguaazul.es' });
  });
});
