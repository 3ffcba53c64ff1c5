/** The configuration, client and profile screens render in Spanish and their forms work (docs/screens.md, docs/validation.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import {
  SMALL_PNG,
  expectCount,
  expectHidden,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  tempFile,
  useBrowser,
} from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

/** A column by its visible title (a sortable column's accessible name is "Ordenar por …"). */
const header = (page: Page, name: string) => page.getByRole('columnheader').getByText(name, { exact: true });
const cell = (page: Page, name: string) => page.getByRole('cell', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');
const save = (scope: Locator) => scope.getByRole('button', { name: 'Guardar' });

async function adminAt(page: Page, path: string) {
  await loginAs(page, t.url, 'admin', 'admin1234', path);
  await expectPath(page, path);
}

describe('lists', () => {
  const screens: Array<{ path: string; crumb: string; headers: string[]; cells: string[]; dialog?: [string, number] }> = [
    {
      path: '/configuracion/taxes',
      crumb: 'Impuestos',
      headers: ['Id', 'Nombre', 'Porcentaje'],
      cells: ['IVA 21 %', '21,00', 'Exento 0 %'],
    },
    { path: '/configuracion/country-tax', crumb: 'Países de IVA', headers: ['Id', 'País', 'Nombre'], cells: ['Portugal', 'Francia'] },
    {
      path: '/configuracion/invoicing-company-managment',
      crumb: 'Empresas de facturación',
      headers: ['Id', 'Nombre', 'Código', 'Logo'],
      cells: ['Cobertores Piscinas S.L.', 'CEX'],
      dialog: ['Añadir empresa de facturación', 500],
    },
    { path: '/clientes/clients-fares', crumb: 'Tarifas', headers: ['Id', 'Nombre'], cells: ['Tarifa General', 'Tarifa WEB'] },
    {
      path: '/clientes/client-managment',
      crumb: 'Clientes',
      headers: ['Nombre', 'Código Factusol', 'NIF', 'Tarifa', 'Email', 'Ciudad', 'Provincia'],
      cells: ['Piscinas Agua Azul', 'Jardines del Sur', 'Lloret de Mar'],
      dialog: ['Añadir cliente', 750],
    },
  ];

  it.each(screens)('$path lists its records with Spanish texts', async ({ path, crumb, headers, cells, dialog: expectedDialog }) => {
    const { page } = b;
    await adminAt(page, path);
    await expectVisible(page.getByRole('navigation', { name: 'Ruta' }).getByText(crumb, { exact: true }));
    for (const name of headers) await expectVisible(header(page, name));
    for (const name of cells) await expectVisible(cell(page, name));
    await expectVisible(page.getByRole('button', { name: 'Añadir', exact: true }));
    await expectVisible(page.getByRole('button', { name: 'Exportar' }));
    await expectVisible(page.getByPlaceholder('Buscar'));
    if (expectedDialog) {
      // The spec's minimum modal widths (client 750, company 500).
      const [title, minWidth] = expectedDialog;
      await page.getByRole('button', { name: 'Añadir', exact: true }).click();
      await expectVisible(dialog(page).getByRole('heading', { name: title }));
      expect((await dialog(page).boundingBox())!.width).toBeGreaterThanOrEqual(minWidth);
    }
  });

  it('/configuracion/audits lists the changes, with who, what and how', async () => {
    const { page } = b;
    const token = await t.login();
    const fares = (await t.call('GET', '/api/clientFare/all', { token })).body.data as Array<{ id: number; name: string }>;
    const general = fares.find((f) => f.name === 'Tarifa General')!;
    const updated = await t.call('POST', '/api/clientFare/update', {
      token,
      body: { data: JSON.stringify({ id: general.id, name: 'Tarifa General 2025' }) },
    });
    expect(updated.body.code).toBeLessThan(30000);

    await adminAt(page, '/configuracion/audits');
    for (const name of ['Fecha', 'Usuario', 'Recurso', 'Registro', 'Acción']) await expectVisible(header(page, name));
    // The resource by its Spanish name.
    const row = page.getByRole('row').filter({ has: cell(page, 'Tarifa') });
    await expectVisible(row.first());
    await expectVisible(row.first().getByText('Modificación', { exact: true }));
    await expectVisible(row.first().getByText('admin', { exact: true }));
    // Read-only: no "Añadir".
    await expectCount(page.getByRole('button', { name: 'Añadir', exact: true }), 0);

    await row.first().click();
    const detail = dialog(page);
    await expectVisible(detail.getByRole('table', { name: 'Cambios' }));
    await expectVisible(detail.getByRole('cell', { name: 'Tarifa General', exact: true }));
    await expectVisible(detail.getByRole('cell', { name: 'Tarifa General 2025', exact: true }));
  });

  it('/configuracion/app-settings shows the settings form', async () => {
    const { page } = b;
    await adminAt(page, '/configuracion/app-settings');
    await expectVisible(page.getByRole('heading', { name: 'Ajustes de la aplicación' }));
    await expectVisible(page.getByLabel('Modo mantenimiento'));
    await expectVisible(page.getByText('Solo los administradores pueden entrar mientras está activo'));
    await expectVisible(page.getByRole('combobox', { name: /^Ámbito de la plataforma/ }));
    await expectVisible(page.getByRole('combobox', { name: 'Tarifa WEB', exact: true }));
    await expect.poll(() => page.getByRole('combobox', { name: 'Tarifa WEB', exact: true }).inputValue()).toBe('Tarifa WEB');
    await expectVisible(save(page.locator('main')));
  });
});

describe('forms', () => {
  it('a tax percentage must be between 0 and 100; a valid tax is listed', async () => {
    const { page } = b;
    await adminAt(page, '/configuracion/taxes');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const d = dialog(page);
    await expectVisible(d.getByRole('heading', { name: 'Añadir impuesto' }));
    await d.getByLabel('Nombre', { exact: true }).fill('IVA superreducido 4 %');
    const percentage = d.getByLabel('Porcentaje', { exact: true });
    await percentage.fill('101');
    await save(d).click();
    await expectVisible(fieldError(d, 'El porcentaje debe estar entre 0 y 100'));

    await percentage.fill('4');
    await expectHidden(fieldError(d, 'El porcentaje debe estar entre 0 y 100'));
    await save(d).click();
    await expectHidden(dialog(page));
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Correcto' }));
    const row = page.getByRole('row').filter({ has: cell(page, 'IVA superreducido 4 %') });
    await expectVisible(row);
    await expectVisible(row.getByRole('cell', { name: '4,00', exact: true }));
  });

  it('a fare needs a name', async () => {
    const { page } = b;
    await adminAt(page, '/clientes/clients-fares');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const d = dialog(page);
    await expectVisible(d.getByRole('heading', { name: 'Añadir tarifa' }));
    await save(d).click();
    await expectVisible(fieldError(d, 'Introduzca el nombre para la tarifa'));
    await d.getByLabel('Nombre', { exact: true }).fill('   ');
    await save(d).click();
    await expectVisible(fieldError(d, 'Introduzca el nombre para la tarifa'));

    await d.getByLabel('Nombre', { exact: true }).fill('Tarifa Distribuidores');
    await save(d).click();
    await expectHidden(dialog(page));
    await expectVisible(cell(page, 'Tarifa Distribuidores'));
  });
});

describe('profile', () => {
  async function clientProfile(page: Page) {
    const token = await t.login('cliente', 'cliente1234');
    const id = (await t.call('GET', '/api/auth/info', { token })).body.data.user.id as number;
    expect(id).toBe(2);
    await loginAs(page, t.url, 'cliente', 'cliente1234', `/usuarios/perfil/${id}`);
    await expectVisible(page.getByRole('heading', { name: 'Perfil de cliente' }));
    return { id, token };
  }

  it('the client member edits its own phone', async () => {
    const { page } = b;
    const { token } = await clientProfile(page);
    const phone = page.getByLabel('Teléfono', { exact: true });
    await expect.poll(() => phone.inputValue()).toBe('600000002');
    await expect.poll(() => page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Carlos');

    await phone.fill('12345');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(page, 'El número es demasiado corto'));

    await phone.fill('611223344');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Correcto' }));
    await expect.poll(async () => (await t.call('GET', '/api/auth/info', { token })).body.data.user.phone).toBe('611223344');

    await page.reload();
    await expect.poll(() => page.getByLabel('Teléfono', { exact: true }).inputValue()).toBe('611223344');
  });

  it('changing its own e-mail asks for the current password, in Spanish, and takes the right one', async () => {
    const { page } = b;
    const { token } = await clientProfile(page);
    const email = page.getByLabel('Email', { exact: true });
    await expect.poll(() => email.inputValue()).toBe('cliente@aguaazul.es');
    await email.fill('carlos@aguaazul.es');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(page, 'Introduzca su contraseña actual para cambiar la contraseña o el email'));
    await page.getByLabel('Contraseña actual', { exact: true }).fill('no-es-esta');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(page, 'La contraseña actual no es correcta'));
    expect((await t.call('GET', '/api/auth/info', { token })).body.data.user.email).toBe('cliente@aguaazul.es');
    await page.getByLabel('Contraseña actual', { exact: true }).fill('cliente1234');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(async () => (await t.call('GET', '/api/auth/info', { token })).body.data.user.email).toBe('carlos@aguaazul.es');
  });

  it('another user\'s profile is refused with the 404 page', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/usuarios/perfil/1');
    await expectPath(page, '/404');
    await expectVisible(page.getByRole('heading', { name: 'Página no encontrada' }));
  });

  it('uploading an avatar shows it in the top bar', async () => {
    const { page } = b;
    await clientProfile(page);
    const topBarAvatar = page.getByRole('button', { name: 'Menú de usuario' }).getByRole('img');
    await expectCount(topBarAvatar, 0);

    await page.getByLabel('Imagen de perfil').setInputFiles(tempFile('avatar.png', SMALL_PNG));
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Correcto' }));
    await expectVisible(topBarAvatar);
    await expect.poll(() => topBarAvatar.getAttribute('src')).toContain('/api/user/file/');
    // The stored file is really served.
    await expect.poll(() => topBarAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    await expectVisible(page.getByTestId('profile-avatar').getByRole('img'));

    // It survives a reload and can be removed again.
    await page.reload();
    await expectVisible(topBarAvatar);
    await page.getByRole('button', { name: 'Quitar imagen' }).click();
    await expectHidden(topBarAvatar);
  });
});
