/** Route guard (docs/screens.md): what is open without a session, where users land, redirects. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { expectPath, expectVisible, loginThroughForm, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

describe('without a session', () => {
  it.each(['/', '/usuarios', '/configuracion/taxes', '/orders/reviewed-orders', '/no-existe'])('%s ends at /login', async (path) => {
    await b.page.goto(`${t.url}${path}`);
    await expectPath(b.page, '/login');
    await expectVisible(b.page.locator('input[name=username]'));
  });

  it('/404 is open and shows the not-found page', async () => {
    await b.page.goto(`${t.url}/404`);
    await expectVisible(b.page.getByRole('heading', { name: 'Página no encontrada' }));
    await expectPath(b.page, '/404');
  });

  it('/resetPassword/{code} is open; a bad code shows the invalid-link message', async () => {
    await b.page.goto(`${t.url}/resetPassword/abc`);
    await expectVisible(b.page.getByText('El enlace para restablecer la contraseña no es válido o ha caducado', { exact: true }));
    await expectPath(b.page, '/resetPassword/abc');
  });
});

describe('with a session', () => {
  it('admin lands on the reviewed orders with the breadcrumb "Inicio"', async () => {
    await loginThroughForm(b.page, t.url, 'admin', 'admin1234');
    await expectPath(b.page, '/orders/reviewed-orders');
    const breadcrumb = b.page.getByRole('navigation', { name: 'Ruta' });
    await expectVisible(breadcrumb.getByRole('link', { name: 'Inicio', exact: true }));
    await expectVisible(breadcrumb.getByText('Pedidos revisados', { exact: true }));
  });

  it('a signed-in user who opens /login goes to its orders list', async () => {
    await loginThroughForm(b.page, t.url, 'admin', 'admin1234');
    await expectPath(b.page, '/orders/reviewed-orders');
    await b.page.goto(`${t.url}/login`);
    await expectPath(b.page, '/orders/reviewed-orders');
  });

  it('an unknown path goes to /404, "/" to the orders list, /dashboard shows the dashboard', async () => {
    await loginThroughForm(b.page, t.url, 'admin', 'admin1234');
    await b.page.goto(`${t.url}/no-existe`);
    await expectPath(b.page, '/404');
    await expectVisible(b.page.getByRole('heading', { name: 'Página no encontrada' }));

    await b.page.goto(`${t.url}/dashboard`);
    await expectPath(b.page, '/dashboard');
    await expectVisible(b.page.getByRole('heading', { name: 'Panel de control', level: 1 }));

    await b.page.goto(`${t.url}/`);
    await expectPath(b.page, '/orders/reviewed-orders');
  });

  it('the client member lands on /client-orders/index and /login sends it back there', async () => {
    await loginThroughForm(b.page, t.url, 'cliente', 'cliente1234');
    await expectPath(b.page, '/client-orders/index');
    await expectVisible(b.page.getByRole('navigation', { name: 'Ruta' }).getByText('Mis pedidos', { exact: true }));

    await b.page.goto(`${t.url}/login`);
    await expectPath(b.page, '/client-orders/index');
    await b.page.goto(`${t.url}/dashboard`);
    await expectPath(b.page, '/dashboard');
    await expectVisible(b.page.getByRole('region', { name: 'Mi carrito' }));
  });
});
