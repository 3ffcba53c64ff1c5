/**
 * The production board behind a load balancer (issue 44 §2): two instances over one PostgreSQL database and
 * one Redis, as production runs them. A step marked through instance A moves its card within 2 s on a board
 * served by instance B, without a reload: the marks reach every instance by PostgreSQL's NOTIFY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/app';
import { expectVisible, loginAs, useBrowser } from '../support/browser';
import { seededPostgresDatabase } from '../support/databases';
import { MACHINE_REDIS_URL } from '../support/redis';
import { expectOk, finishedOrderItem } from '../api/helpers';

let database: Awaited<ReturnType<typeof seededPostgresDatabase>>;
let a: TestApp;
let b: TestApp;
let barcode = '';
const browser = useBrowser({ viewport: { width: 1920, height: 1080 } });

beforeAll(async () => {
  database = await seededPostgresDatabase('cob_board_ui');
  const instance = () => startTestApp({
    databaseUrl: database.url, listen: true, config: { redisUrl: MACHINE_REDIS_URL, redisPrefix: `${database.name}:` },
  });
  [a, b] = await Promise.all([instance(), instance()]);
  // Only this test's order in production: its card is on the wall, whatever the seed holds.
  await a.ctx.db.execute(sql`update orders set in_consignment = true where status_id = 1`);
  ({ item: { barcode } } = await finishedOrderItem(a, await a.login('admin'), 'Tablero en dos instancias'));
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.drop();
});

describe('the board on two instances', () => {
  it("shows on B's board, within 2 s and without a reload, a step marked through A", async () => {
    const page = browser.page;
    await loginAs(page, b.url, 'taller', 'taller1234', '/taller/tablero');
    await expectVisible(page.getByRole('status').getByText('En directo'));
    const card = (step: string) => page.locator(`section[data-step="${step}"] li[data-barcode="${barcode}"]`);
    await expectVisible(card('Corte'));
    const loads: string[] = [];
    page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) loads.push(frame.url()); });

    const started = Date.now();
    expectOk(await a.call('POST', '/api/traceability/markNextStep', { token: await a.login('taller'), body: { code: barcode } }), 20001);
    await card('Soldadura').waitFor({ timeout: 2_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(loads).toEqual([]);
  });
});
