/**
 * The workshop wall's production board (issue 44 §2): a mark made elsewhere moves its card within 2 s
 * without a reload, and the board comes back by itself after the server restarts. Screenshots at the
 * wall's 1920×1080 and a phone's 390×844 (/tmp/board-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { useTestApp, type TestApp } from '../support/app';
import { expectNoSideScroll, expectVisible, loginAs, useBrowser, violationsOf } from '../support/browser';
import { finishedOrderItem } from '../api/helpers';

let t: TestApp;
let admin: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, taller } = tokens); }, { listen: true });
const b = useBrowser({ viewport: { width: 1920, height: 1080 } });

let barcode = '';
/** The server started again by the restart test: closed before the test app's own hooks close its database. */
let restarted: FastifyInstance | undefined;
afterAll(async () => { await restarted?.close(); });

beforeAll(async () => {
  // A dozen seeded orders stay in production (a realistic wall); the rest went out in consignments,
  // so that no column is long enough to leave this test's card off the screen.
  await t.ctx.db.execute(sql`update orders set in_consignment = true where status_id = 1 and id not in
    (select id from orders where status_id = 1 and not in_consignment order by id limit 12)`);
  const { order, item } = await finishedOrderItem(t, admin, 'Tablero del taller');
  // Finished long ago and due last week: the oldest card of its column, and late.
  await t.ctx.db.execute(sql`update orders set finished_at = '2020-01-01T08:00:00Z', delivery_date = '2020-01-10 00:00:00'
    where id = ${order.id}`);
  barcode = item.barcode;
});

const cardAt = (page: Page, step: string) => page.locator(`section[data-step="${step}"] li[data-barcode="${barcode}"]`);
/** Marks the card's next step as the scanner would, over HTTP (the restart test's server is a new one). */
async function mark() {
  const response = await fetch(`${t.url}/api/traceability/markNextStep`, {
    method: 'POST', headers: { 'x-token': taller, 'content-type': 'application/json' }, body: JSON.stringify({ code: barcode }),
  });
  expect(await response.json()).toMatchObject({ code: 20001, message: 'Paso marcado como hecho' });
}

async function openBoard(page: Page) {
  await loginAs(page, t.url, 'taller', 'taller1234', '/taller/tablero');
  await expectVisible(page.getByRole('heading', { name: 'Tablero de producción', level: 1 }));
  await expectVisible(page.getByRole('status').getByText('En directo'));
}

describe('the production board', () => {
  it('moves a card to its next step within 2 s of a mark made elsewhere, without a reload', async () => {
    const page = b.page;
    await openBoard(page);
    const card = cardAt(page, 'Corte');
    await expectVisible(card);
    await expect.poll(() => card.textContent()).toContain('Retrasado');
    const loads: string[] = [];
    page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) loads.push(frame.url()); });
    const started = Date.now();
    await mark();
    await cardAt(page, 'Soldadura').waitFor({ timeout: 2_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => cardAt(page, 'Corte').count()).toBe(0);
    expect(loads).toEqual([]);

    expect(await violationsOf(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/board-1920.png' });
    await page.getByRole('button', { name: 'Modo oscuro' }).click();
    expect(await violationsOf(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/board-1920-dark.png' });
  });

  it('reads at 390 px: columns one under another, nothing wider than the screen', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 } });
    await openBoard(page);
    await expectVisible(cardAt(page, 'Soldadura'));
    await expectNoSideScroll(page);
    expect(await violationsOf(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/board-390.png', fullPage: true });
  });

  it('comes back by itself after the server restarts, and shows the marks made since', async () => {
    const page = b.page;
    await openBoard(page);
    await expectVisible(cardAt(page, 'Soldadura'));
    // The server stops (its streams end) and starts again on the same port and database.
    const { port } = new URL(t.url);
    await t.app.close();
    await expectVisible(page.getByRole('status').getByText('Sin conexión: reconectando…'));
    restarted = await buildApp(t.ctx, { logger: false });
    await restarted.listen({ port: Number(port), host: '127.0.0.1' });
    await expectVisible(page.getByRole('status').getByText('En directo'));
    await mark();
    await cardAt(page, 'Confección').waitFor({ timeout: 2_000 });
  });
});
