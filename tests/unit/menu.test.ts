import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../src/client/menu';
import Warehouse from '@mui/icons-material/Warehouse';
import { resourceIcon } from '../../src/client/resourceIcons';
import { appRoutes } from '../../src/client/routes';
import { flattenRoutes, ordersListPath, routeTitle, withResourcePages, type AppRoute } from '../../src/client/routing';
import { warehouse } from '../fixtures/warehouse';
import { countryTax } from '../../schemas/countryTax';
import { tax } from '../../schemas/tax';

const page = (() => null) as unknown as AppRoute['component'];

const routes: AppRoute[] = [
  {
    path: '/orders',
    title: 'Pedidos',
    roles: ['admin'],
    children: [
      { path: 'reviewed-orders', title: 'Revisados', component: page },
      { path: 'drafts', title: 'Borradores', component: page },
    ],
  },
  {
    path: '/usuarios',
    title: 'Usuarios',
    roles: ['admin'],
    children: [
      { path: '', title: 'Usuarios', component: page },
      { path: 'perfil/:id', title: 'Perfil', hidden: true, roles: ['admin', 'client'], component: page },
    ],
  },
  {
    path: '/configuracion',
    title: 'Configuración',
    altTitle: 'Ajustes',
    roles: ['admin'],
    children: [
      { path: 'taxes', resource: tax },
      { path: 'country-tax', title: 'Países de IVA', resource: countryTax },
      { path: 'secret', title: 'Oculto', hidden: true, component: page },
      { path: 'audits', title: 'Auditorías', component: page },
    ],
  },
  { path: '/client-orders', title: 'Mis pedidos', roles: ['client'], children: [{ path: 'index', title: 'Mis pedidos', component: page }] },
  { path: '/hidden', title: 'Oculta', hidden: true, component: page },
  {
    path: '/order-cart/:order_id?',
    title: 'Carrito',
    roles: ['admin', 'client'],
    hidden: true,
    component: page,
    menu: { roles: ['client'], to: '/order-cart', title: 'Mi carrito' },
  },
];

describe('the menu is built from the route declaration', () => {
  it('gives a plain resource\'s route a page and the resource\'s plural label unless the route names its own', () => {
    const configuration = buildMenu(routes, ['admin']).find((e) => e.key === '/configuracion')!;
    expect(configuration.children?.map((c) => [c.title, c.to])).toEqual([
      ['Impuestos', '/configuracion/taxes'], ['Países de IVA', '/configuracion/country-tax'], ['Auditorías', '/configuracion/audits'],
    ]);
    expect(flattenRoutes(routes).find((r) => r.path === '/configuracion/taxes')?.route.resource).toBe(tax);
  });

  it('shows a route with several visible children as a submenu whose links are parent path + child path', () => {
    const [orders] = buildMenu(routes, ['admin']);
    expect(orders.title).toBe('Pedidos');
    expect(orders.children?.map((c) => c.to)).toEqual(['/orders/reviewed-orders', '/orders/drafts']);
  });

  it('shows a route with one visible child as a flat item', () => {
    const users = buildMenu(routes, ['admin']).find((e) => e.key === '/usuarios')!;
    expect(users.children).toBeUndefined();
    expect(users.to).toBe('/usuarios');
  });

  it('skips hidden routes and hidden children', () => {
    const menu = buildMenu(routes, ['admin']);
    expect(menu.map((e) => e.title)).not.toContain('Oculta');
    expect(menu.find((e) => e.key === '/configuracion')!.children!.map((c) => c.title)).toEqual([
      'Impuestos',
      'Países de IVA',
      'Auditorías',
    ]);
  });

  it('shows a route only to the roles listed on it', () => {
    expect(buildMenu(routes, ['client']).map((e) => e.to)).toEqual(['/client-orders/index', '/order-cart']);
    expect(buildMenu(routes, []).length).toBe(0);
  });

  it('gives a route kept out of the menu an entry of its own for the roles its `menu` names, where that says', () => {
    expect(buildMenu(routes, ['client']).at(-1)).toEqual({ key: '/order-cart', title: 'Mi carrito', icon: undefined, to: '/order-cart' });
    expect(buildMenu(routes, ['admin']).map((e) => e.to)).not.toContain('/order-cart');
  });

  it('uses the alternative titles when the platform scope id is 2', () => {
    expect(buildMenu(routes, ['admin'], 2).find((e) => e.key === '/configuracion')!.title).toBe('Ajustes');
    expect(routeTitle(routes[2], 1)).toBe('Configuración');
  });
});

describe('routes', () => {
  it('flattens to full paths inheriting the parent roles unless a child lists its own', () => {
    const flat = flattenRoutes(routes);
    expect(flat.find((r) => r.path === '/usuarios')!.roles).toEqual(['admin']);
    expect(flat.find((r) => r.path === '/usuarios/perfil/:id')!.roles).toEqual(['admin', 'client']);
    expect(flat.find((r) => r.path === '/configuracion/taxes')!.chain.map((r) => routeTitle(r))).toEqual(['Configuración', 'Impuestos']);
  });

  it('sends admins to the reviewed orders and client members to their orders', () => {
    expect(ordersListPath(['admin'])).toBe('/orders/reviewed-orders');
    expect(ordersListPath(['client'])).toBe('/client-orders/index');
  });
});

describe('a plain resource\'s page is declared in its schema (README «Añadir un recurso»)', () => {
  it('joins its group last, with the plural label and the icon it names, for the group\'s roles', () => {
    const withWarehouse = withResourcePages(routes, [warehouse], resourceIcon);
    const configuration = buildMenu(withWarehouse, ['admin']).find((e) => e.key === '/configuracion')!;
    expect(configuration.children?.map((c) => [c.title, c.to]).at(-1)).toEqual(['Almacenes', '/configuracion/almacenes']);
    const route = flattenRoutes(withWarehouse).find((r) => r.path === '/configuracion/almacenes')!;
    expect({ resource: route.route.resource, icon: route.route.icon, roles: route.roles }).toEqual({
      resource: warehouse,
      icon: Warehouse,
      roles: ['admin'],
    });
    expect(buildMenu(withWarehouse, ['client']).some((e) => e.key === '/configuracion')).toBe(false);
  });

  it('stops the app when the group it names does not exist', () => {
    const lost = { ...warehouse, page: { group: '/almacen', path: 'almacenes' } };
    expect(() => withResourcePages(routes, [lost], resourceIcon)).toThrow('warehouse: page.group «/almacen» no es un grupo de routes.tsx');
  });

  it('keeps the declared resources at their addresses in the app\'s routes', () => {
    const paths = flattenRoutes(appRoutes).filter((r) => r.route.resource).map((r) => [r.path, r.route.resource!.name]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['/stock-and-prices/reinforcement-type-managment', 'reinforcementType'],
        ['/stock-and-prices/config-name-prices-managment', 'priceName'],
        ['/configuracion/taxes', 'tax'],
        ['/configuracion/country-tax', 'countryTax'],
        ['/configuracion/invoicing-company-managment', 'invoicingCompany'],
      ]),
    );
    expect(paths).toHaveLength(5);
  });
});
