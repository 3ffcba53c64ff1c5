/** The sidebar menu built from the routes and the user's roles (docs/screens.md Layout, docs/roles.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { expectCount, expectPath, expectVisible, loginAs, openSubmenu, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const menu = () => b.page.getByRole('navigation', { name: 'Menú principal' });
const topLevel = () => menu().locator(':scope > a, :scope > [role=button]');

describe('admin', () => {
  it('sees Panel de control first, Pedidos, Clientes, Usuarios and Configuración, and the greeting "Hola, Ana"', async () => {
    await loginAs(b.page, t.url, 'admin', 'admin1234');
    await expectVisible(b.page.getByTestId('sidebar').getByText('Hola, Ana', { exact: true }));

    // Top-level entries (links and submenu headers), in the order of the route declaration; other
    // admin sections (e.g. "Stock y precios") may sit between them.
    const expected = ['Panel de control', 'Pedidos', 'Clientes', 'Usuarios', 'Configuración'];
    await expect.poll(async () => (await topLevel().allInnerTexts()).filter((text) => expected.includes(text))).toEqual(expected);
    expect(await topLevel().allInnerTexts()).not.toContain('Mis pedidos');
    for (const name of ['Pedidos', 'Clientes', 'Configuración']) {
      await expectVisible(menu().getByRole('button', { name, exact: true }));
    }
    // "Usuarios" has one visible child (the others are hidden): a flat link, not a submenu.
    const users = menu().getByRole('link', { name: 'Usuarios', exact: true });
    await expectVisible(users);
    expect(await users.getAttribute('href')).toBe('/usuarios');
    await expectCount(menu().getByRole('button', { name: 'Usuarios', exact: true }), 0);
  });

  it('Configuración expands to its nine screens under /configuracion/...', async () => {
    await loginAs(b.page, t.url, 'admin', 'admin1234');
    const header = menu().getByRole('button', { name: 'Configuración', exact: true });
    await expect.poll(() => header.getAttribute('aria-expanded')).toBe('false');
    await expectCount(menu().getByRole('link', { name: 'Impuestos' }), 0);

    await header.click();
    await expect.poll(() => header.getAttribute('aria-expanded')).toBe('true');
    const submenu = await openSubmenu(b.page, 'Configuración');
    const expected: Array<[string, string]> = [
      ['Impuestos', '/configuracion/taxes'],
      ['Países de IVA', '/configuracion/country-tax'],
      ['Empresas de facturación', '/configuracion/invoicing-company-managment'],
      ['Auditorías', '/configuracion/audits'],
      ['Trazabilidad', '/configuracion/traceability-configuration'],
      ['Migración de pedidos', '/configuracion/migracion-pedidos'],
      ['Ajustes de la aplicación', '/configuracion/app-settings'],
      ['Plantillas', '/configuracion/plantillas'],
      ['Correos', '/configuracion/correos'],
    ];
    for (const [name, href] of expected) {
      const link = submenu.getByRole('link', { name, exact: true });
      await expectVisible(link);
      expect(await link.getAttribute('href')).toBe(href);
    }
    await expectCount(submenu.getByRole('link'), expected.length);

    await submenu.getByRole('link', { name: 'Países de IVA' }).click();
    await expectPath(b.page, '/configuracion/country-tax');
    await expectVisible(b.page.getByRole('navigation', { name: 'Ruta' }).getByText('Países de IVA', { exact: true }));
  });

  it('on the preparation platform (scope 2) the admin-facing titles are the platform\'s, in the menu and the breadcrumb', async () => {
    const admin = await t.login('admin');
    const scope = (platform_scope_id: number) =>
      t.call('POST', '/api/appSetting/update', { token: admin, body: { data: { id: 1, platform_scope_id } } });
    expect((await scope(2)).body.code).toBe(20001);
    try {
      await loginAs(b.page, t.url, 'admin', 'admin1234');
      for (const name of ['Preparación de pedidos', 'Stock de la plataforma', 'Ajustes de la plataforma', 'Calculadora de la plataforma']) {
        await expectVisible(menu().getByText(name, { exact: true }));
      }
      await expectVisible(b.page.getByRole('navigation', { name: 'Ruta' }).getByText('Pedidos para preparar', { exact: true }));
      await openSubmenu(b.page, 'Preparación de pedidos');
      await expectVisible(menu().getByRole('link', { name: 'Pedidos por confirmar', exact: true }));
    } finally {
      expect((await scope(1)).body.code).toBe(20001);
    }
  });

  it('fetches a page\'s scripts as the pointer or the focus reaches its entry, before the click', async () => {
    await loginAs(b.page, t.url, 'admin', 'admin1234');
    const fetched: string[] = [];
    // The dashboard's code travels with the other light pages' (vite.config.ts: the light-pages chunk).
    b.page.on('request', (request) => {
      const script = /\/(light-pages|AnnouncementsPage)-[\w-]+\.js$/.exec(request.url());
      if (script) fetched.push(script[1] === 'light-pages' ? 'DashboardPage' : script[1]);
    });
    await expectVisible(menu().getByRole('link', { name: 'Panel de control', exact: true }));
    expect(fetched).toEqual([]);

    await menu().getByRole('link', { name: 'Panel de control', exact: true }).hover();
    await expect.poll(() => fetched).toEqual(['DashboardPage']);
    await menu().getByRole('link', { name: 'Tablón de anuncios', exact: true }).focus();
    await expect.poll(() => fetched).toEqual(['DashboardPage', 'AnnouncementsPage']);

    await menu().getByRole('link', { name: 'Panel de control', exact: true }).click();
    await expectVisible(b.page.getByText('Presupuestos de los últimos 12 meses'));
    expect(fetched).toEqual(['DashboardPage', 'AnnouncementsPage']);
  });

  it('Pedidos and Clientes expand to their lists', async () => {
    await loginAs(b.page, t.url, 'admin', 'admin1234');
    // The current route's submenu starts expanded.
    const orders = menu().getByRole('list', { name: 'Pedidos' });
    await expectVisible(orders.getByRole('link', { name: 'Pedidos revisados' }));
    expect(await orders.getByRole('link').allInnerTexts()).toEqual(['Pedidos revisados', 'Pedidos sin revisar', 'Borradores']);

    await menu().getByRole('button', { name: 'Clientes', exact: true }).click();
    const clients = menu().getByRole('list', { name: 'Clientes' });
    await expectVisible(clients.getByRole('link', { name: 'Tarifas' }));
    expect(await clients.getByRole('link', { name: 'Clientes' }).getAttribute('href')).toBe('/clientes/client-managment');
    expect(await clients.getByRole('link', { name: 'Tarifas' }).getAttribute('href')).toBe('/clientes/clients-fares');
  });
});

describe('client member', () => {
  it('sees its dashboard, orders, board, cart, product lists, budgets, calculator, consignments, documents, «Hola, Carlos»', async () => {
    await loginAs(b.page, t.url, 'cliente', 'cliente1234');
    await expectVisible(b.page.getByTestId('sidebar').getByText('Hola, Carlos', { exact: true }));
    const mine = menu().getByRole('link', { name: 'Mis pedidos', exact: true });
    await expectVisible(mine);
    expect(await mine.getAttribute('href')).toBe('/client-orders/index');
    expect(await topLevel().allInnerTexts()).toEqual([
      'Panel de control',
      'Mis pedidos',
      'Tablón de anuncios',
      'Mi carrito',
      'Artículos',
      'Enrolladores',
      'Presupuestos',
      'Calculadora',
      'Mis envíos',
      'Documentos',
    ]);
    const links = {
      'Mi carrito': '/order-cart',
      'Artículos': '/item-list/index',
      'Enrolladores': '/reel-list/index',
      'Calculadora': '/internal-client-calculator/client/internal-cart',
    };
    for (const [name, href] of Object.entries(links))
      expect(await menu().getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    // A member can start an order from the menu alone.
    await menu().getByRole('link', { name: 'Calculadora', exact: true }).click();
    await expectPath(b.page, '/internal-client-calculator/client/internal-cart');
    await menu().getByRole('link', { name: 'Mi carrito', exact: true }).click();
    await expectPath(b.page, '/order-cart');
    for (const name of ['Pedidos', 'Clientes', 'Usuarios', 'Configuración', 'Stock y precios']) {
      await expectCount(menu().getByText(name, { exact: true }), 0);
    }
  });

  it('opening an admin screen shows the 404 page', async () => {
    await loginAs(b.page, t.url, 'cliente', 'cliente1234');
    for (const path of ['/usuarios', '/configuracion/taxes', '/orders/reviewed-orders', '/clientes/client-managment']) {
      await b.page.goto(`${t.url}${path}`);
      await expectPath(b.page, '/404');
      await expectVisible(b.page.getByRole('heading', { name: 'Página no encontrada' }));
    }
  });
});

describe('where the user is', () => {
  it('the menu marks the entry of a sub-page: a reel\'s diameters under «Enrolladores», a budget under «Presupuestos»', async () => {
    await loginAs(b.page, t.url, 'admin', 'admin1234', '/stock-and-prices/reel-diameter-managment/1');
    await expectVisible(menu().getByRole('link', { name: 'Enrolladores', exact: true }));
    expect(await menu().getByRole('link', { name: 'Enrolladores', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await menu().locator('[aria-current="page"]').count()).toBe(1);

    await b.newContext();
    await loginAs(b.page, t.url, 'cliente', 'cliente1234', '/budget-list/budget-calculus-list/1');
    const budgets = menu().getByRole('link', { name: 'Presupuestos', exact: true });
    await expectVisible(budgets);
    expect(await budgets.getAttribute('aria-current')).toBe('page');
  });
});
