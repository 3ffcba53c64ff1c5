/**
 * axe-core on every route of the route table, as staff and as a client member (each the routes its
 * roles open), and on /login: no critical, serious or moderate violation anywhere, so a regression
 * fails `npm test`; each finding is listed (rule, element, html) when a test fails.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/client/routes';
import { TrackingDocumentPage } from '../../src/client/public-pages/tracking';
import { flattenRoutes } from '../../src/client/routing';
import { hasAnyRole } from '../../src/shared/permissions';
import type { Role } from '../../src/shared/roles';
import { budget_calculus, budgets, consignment_orders, order_calculus, orders, users } from '../../src/server/db/tables';
import { resourceList } from '../../schemas';
import { startTestApp, type TestApp } from '../support/app';
import { pngOf } from '../support/images';
import { multipart } from '../api/helpers';
import { loginAs, openInApp, useBrowser, violationsOf } from '../support/browser';

let t: TestApp;
/** A value for each route parameter, per viewer: records the member may see. */
let params: Record<string, string>;
let ids: { admin: number; member: number };

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  const db = t.ctx.db;
  const [finished] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.client_id, 1), eq(orders.status_id, 1)))
    .orderBy(asc(orders.id))
    .limit(1);
  const [cart] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.client_id, 1), eq(orders.status_id, 0)))
    .orderBy(asc(orders.id))
    .limit(1);
  const [calculation] = await db
    .select()
    .from(order_calculus)
    .innerJoin(orders, eq(orders.id, order_calculus.order_id))
    .where(eq(orders.client_id, 1))
    .limit(1);
  const [budget] = await db
    .select()
    .from(budget_calculus)
    .innerJoin(budgets, eq(budgets.id, budget_calculus.budget_id))
    .where(eq(budgets.client_id, 1))
    .orderBy(asc(budgets.id))
    .limit(1);
  const [sent] = await db
    .select()
    .from(consignment_orders)
    .innerJoin(orders, eq(orders.id, consignment_orders.order_id))
    .where(eq(orders.client_id, 1))
    .limit(1);
  const people = await db.select({ id: users.id, username: users.username }).from(users);
  ids = { admin: people.find((u) => u.username === 'admin')!.id, member: people.find((u) => u.username === 'cliente')!.id };
  params = {
    order_id: String(finished.id),
    client_id: '1',
    budget_id: String(budget.budgets.id),
    budget_calculus_id: String(budget.budget_calculus.id),
    order_calculus_id: String(calculation.order_calculus.id),
    reel_id: '1',
    id_articulo: '1',
    id: '1',
    consignment_id: String(sent.consignment_orders.consignment_id),
    id_cliente: '1',
    track_code: finished.track_code,
    season_id: '1',
    cart_order_id: String(cart.id),
  };
  await uploadListImages();
});
afterAll(async () => { await t?.close(); });

/**
 * Every record of a resource whose list shows an image gets its images uploaded, as staff would (each
 * of the size its field asks for): the seed has none, and an image a person uploaded has no text of its
 * own but its record's name.
 */
async function uploadListImages() {
  const token = await t.login();
  for (const schema of resourceList.filter((r) => r.fields.some((f) => f.type === 'image' && f.list))) {
    const images = Object.fromEntries(schema.fields.filter((f) => f.type === 'image').map((f) => {
      const size = f.file?.dimensions ?? { width: 40, height: 30 };
      return [f.name, { filename: `${f.name}.png`, data: pngOf(size.width, size.height), contentType: 'image/png' }];
    }));
    const { body: listed } = await t.call('GET', `/api/${schema.name}/all`, { token });
    for (const row of listed.data as Array<{ id: number }>) {
      const upload = (files: typeof images) =>
        t.call('POST', `/api/${schema.name}/update`, { token, ...multipart({ data: JSON.stringify({ id: row.id }) }, files) });
      let { body } = await upload(images);
      // An image this record may not take (a reinforcement image on a cover without reinforcement): the others.
      if (body.code === 40001)
        ({ body } = await upload(Object.fromEntries(Object.entries(images).filter(([name]) => !(name in body.error)))));
      expect(body.code, `${schema.name} ${row.id}: ${JSON.stringify(body)}`).toBe(20001);
    }
  }
}

const b = useBrowser();

/**
 * The routes a role opens, as concrete paths (optional parameters left out, the rest filled in).
 * `ownDocument`: a public page with an html of its own, which the back office's route only loads.
 */
function routesFor(role: Role): Array<{ path: string; ownDocument: boolean }> {
  return flattenRoutes(appRoutes)
    .filter((route) => hasAnyRole([role], route.roles) && !route.path.includes(':action'))
    .map((route) => ({
      path: route.path
        .replace(/\/:[a-z_]+\?/g, '')
        .replace(/:id_usuario/, String(role === 'admin' ? ids.admin : ids.member))
        .replace(/^\/calculator\/index\/:order_id/, `/calculator/index/${params.cart_order_id}`)
        .replace(/:([a-z_]+)/g, (_, name: string) => params[name]),
      ownDocument: route.route.component === TrackingDocumentPage,
    }));
}

describe('accessibility (axe-core)', () => {
  it('/login', async () => {
    await b.page.goto(`${t.url}/login`);
    expect(await violationsOf(b.page)).toEqual([]);
  });

  for (const [role, who, password] of [['admin', 'admin', 'admin1234'], ['client', 'cliente', 'cliente1234']] as const) {
    it(`every route of ${who}`, async () => {
      const { page } = b;
      await loginAs(page, t.url, who, password);
      const found: Record<string, string[]> = {};
      const routes = routesFor(role);
      const documentOf = () => page.evaluate(() => performance.timeOrigin);
      const app = await documentOf();
      for (const { path } of routes.filter((route) => !route.ownDocument)) {
        // Inside the app, not a reload per route; violationsOf then waits for what the page asks for.
        await openInApp(page, path);
        const violations = await violationsOf(page).catch((error: Error) => {
          throw new Error(`${path} (the page is at ${page.url()}): ${error.message}`);
        });
        if (violations.length) found[path] = violations;
        // Still the app's own document: a route that loaded another page would have been scanned as that page.
        expect(await documentOf(), `${path} loaded a page of its own`).toBe(app);
      }
      // The public pages the back office's routes load, as those routes load them.
      for (const { path } of routes.filter((route) => route.ownDocument)) {
        await page.goto(`${t.url}${path}`);
        const violations = await violationsOf(page);
        if (violations.length) found[path] = violations;
      }
      expect(found).toEqual({});
    }, 600_000);
  }
});
