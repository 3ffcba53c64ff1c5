/**
 * The pool drawn to scale as it is typed (issue 43 point 2; src/client/components/PoolDrawing.tsx): in the
 * member's budget dialog and the public calculator the drawing follows every keystroke without asking the
 * server, a refusal shows on the drawing with the field's own message, it fits a 390 px phone, and axe
 * finds nothing on either page. Screenshots go to /tmp/pool-drawing-*.png to be looked at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import {
  expectCount, expectNoSideScroll, expectPath, expectVisible, fieldError, loginAs, networkQuiet, useBrowser, violationsOf,
} from '../support/browser';

let t: TestApp;
let cliente: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  cliente = await t.login('cliente');
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const PHONE = { width: 390, height: 844 };
/** What a screen reader hears of the 8,50 × 4,00 m pool with 0,30 m of overlap and a 2 × 1 m stair (worked by hand). */
const WITH_STAIR = 'Piscina de 8,50 × 4,00 m con escalera de 2,00 × 1,00 m; cobertor de 9,10 × 4,60 m';

/** The drawn pool's outline as its width over its height: to scale, A over B. */
async function proportion(drawing: Locator) {
  const box = (await drawing.getByTestId('pool-water').boundingBox())!;
  return box.width / box.height;
}

/** Counts the API calls the page sends from now on, once what its loading asked for has been answered. */
async function apiCalls(page: Page) {
  await networkQuiet(page);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
}

/** The member's «Nuevo presupuesto» dialog. */
async function newBudgetDialog(page: Page) {
  await loginAs(page, t.url, 'cliente', 'cliente1234', '/budget-list/client-budgets');
  await expectPath(page, '/budget-list/client-budgets');
  await page.getByRole('button', { name: 'Nuevo presupuesto' }).click();
  const form = page.getByRole('dialog');
  await expectVisible(form.getByText('Añadir presupuesto'));
  return form;
}

/** The drawing fits the screen: nothing wider than the phone, the drawing's right edge on screen. */
async function expectFits(page: Page, drawing: Locator) {
  await expectNoSideScroll(page);
  const box = (await drawing.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

describe('the budget dialog\'s drawing', () => {
  it('is redrawn on every keystroke, to scale, without a request', async () => {
    const { page } = b;
    const form = await newBudgetDialog(page);
    const drawing = form.getByTestId('pool-drawing');
    await expectVisible(drawing);
    await form.getByLabel('Solape (m)').fill('0,3');
    await form.getByLabel('Ancho B (m)').fill('4');

    const calls = await apiCalls(page);
    const a = form.getByLabel('Largo A (m)');
    await a.pressSequentially('8,5');
    await expectVisible(form.getByRole('img', { name: 'Piscina de 8,50 × 4,00 m; cobertor de 9,10 × 4,60 m' }));
    const before = await proportion(drawing);
    await page.screenshot({ path: '/tmp/pool-drawing-budget-desktop.png' });
    await a.fill('');
    await a.pressSequentially('9');
    await expectVisible(form.getByRole('img', { name: 'Piscina de 9,00 × 4,00 m; cobertor de 9,60 × 4,60 m' }));
    // Fitted to its box, the pool keeps B's height per metre: A grows from 8,5 to 9 against it.
    expect((await proportion(drawing)) / before).toBeCloseTo(9 / 8.5, 2);
    await expectVisible(drawing.getByText('9,00 m'));

    await form.getByLabel('Escalera', { exact: true }).check();
    await form.getByLabel('Escalera C (m)').pressSequentially('2');
    await form.getByLabel('Escalera D (m)').pressSequentially('1');
    await form.getByLabel('Distancia E (m)').pressSequentially('1,5');
    const nine = 'Piscina de 9,00 × 4,00 m con escalera de 2,00 × 1,00 m; cobertor de 9,60 × 4,60 m';
    await expectVisible(form.getByRole('img', { name: nine }));
    await expectVisible(drawing.getByTestId('pool-stair'));
    expect(calls).toEqual([]);
    await drawing.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/pool-drawing-budget-stair-desktop.png' });
    expect(await violationsOf(page, { include: '[role="dialog"]' })).toEqual([]);
  });

  it('shows a refused side with the field\'s own message, and saves nothing', async () => {
    const { page } = b;
    const form = await newBudgetDialog(page);
    await form.getByLabel('Largo A (m)').fill('0');
    await form.getByLabel('Ancho B (m)').fill('4');
    const calls = await apiCalls(page);
    await form.getByRole('button', { name: 'Guardar' }).click();
    const drawing = form.getByTestId('pool-drawing');
    // A's two sides drawn as refused (lines: their boxes have no height, so counted, not "visible").
    await expectCount(drawing.getByTestId('pool-refused-a'), 2);
    // The warning (wrapped on the drawing) is also the drawing's description; its message is the field's.
    const warning = (await drawing.locator('desc').textContent()) ?? '';
    expect(warning).toMatch(/^⚠ A: ./);
    await expectVisible(fieldError(form, warning.replace('⚠ A: ', '')));
    await expectVisible(form.getByRole('img', { name: 'Piscina de 4,00 m de ancho (el largo A no es válido)' }));
    expect(calls.filter((path) => path.includes('/budget/create'))).toEqual([]);
    await expectVisible(form.getByText('Añadir presupuesto'));
  });

  it('fits a 390 px phone', async () => {
    const page = await b.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const form = await newBudgetDialog(page);
    await form.getByLabel('Largo A (m)').fill('30');
    await form.getByLabel('Ancho B (m)').fill('0,5');
    await form.getByLabel('Solape (m)').fill('0,3');
    const drawing = form.getByTestId('pool-drawing');
    await expectVisible(form.getByRole('img', { name: 'Piscina de 30,00 × 0,50 m; cobertor de 30,60 × 1,10 m' }));
    await drawing.scrollIntoViewIfNeeded();
    await expectFits(page, drawing);
    await page.screenshot({ path: '/tmp/pool-drawing-budget-phone-30x05.png' });
    await form.getByLabel('Largo A (m)').fill('8,5');
    await form.getByLabel('Ancho B (m)').fill('4');
    await form.getByLabel('Escalera', { exact: true }).check();
    await form.getByLabel('Escalera C (m)').fill('2');
    await form.getByLabel('Escalera D (m)').fill('1');
    await form.getByLabel('Distancia E (m)').fill('6,5');
    await expectVisible(form.getByRole('img', { name: WITH_STAIR }));
    await drawing.scrollIntoViewIfNeeded();
    await expectFits(page, drawing);
    await page.screenshot({ path: '/tmp/pool-drawing-budget-phone.png' });
    expect(await violationsOf(page, { include: '[role="dialog"]' })).toEqual([]);
  });
});

describe('the public calculator\'s drawing', () => {
  it('follows what is typed without a request, fits a phone and passes axe', async () => {
    const page = await b.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`${t.url}/woocommerce-calculator/index/1`);
    const drawing = page.getByTestId('pool-drawing');
    await expectVisible(drawing);
    await expectVisible(page.getByRole('img', { name: 'Piscina sin medidas (falta el largo A; falta el ancho B)' }));
    const calls = await apiCalls(page);
    await page.getByLabel('Largo A (m)').pressSequentially('8,5');
    await page.getByLabel('Ancho B (m)').pressSequentially('4');
    await page.getByLabel('Solape (m)').pressSequentially('0,3');
    await page.getByLabel('Escalera', { exact: true }).check();
    await page.getByLabel('Escalera C (m)').pressSequentially('2');
    await page.getByLabel('Escalera D (m)').pressSequentially('1');
    await page.getByLabel('Distancia E (m)').pressSequentially('1');
    await expectVisible(page.getByRole('img', { name: WITH_STAIR }));
    expect(calls).toEqual([]);
    await drawing.scrollIntoViewIfNeeded();
    await expectFits(page, drawing);
    await page.screenshot({ path: '/tmp/pool-drawing-public-phone.png' });
    expect(await violationsOf(page)).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await drawing.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/pool-drawing-public-desktop.png' });
  });

  it('draws the refusal «Calcular» gives', async () => {
    const { page } = b;
    await page.goto(`${t.url}/woocommerce-calculator/index/1`);
    await page.getByLabel('Largo A (m)').fill('0');
    await page.getByLabel('Ancho B (m)').fill('4');
    await page.getByRole('button', { name: 'Calcular' }).click();
    const drawing = page.getByTestId('pool-drawing');
    // A's two sides drawn as refused (lines: their boxes have no height, so counted, not "visible").
    await expectCount(drawing.getByTestId('pool-refused-a'), 2);
    const message = (await page.locator('#pc-a-error').innerText()).trim();
    expect(await drawing.locator('desc').textContent()).toBe(`⚠ A: ${message}`);
  });
});

describe('the drawing elsewhere in the back office', () => {
  it('the member\'s calculator draws what is typed', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/internal-client-calculator/client/internal-cart');
    const form = page.getByRole('region', { name: 'Medidas de la piscina' });
    // The frame's own reads (the session, the badges) follow the drawn page once the browser is idle; they are
    // not the typing's.
    await expectVisible(page.getByTestId('sidebar').getByText(/^Hola, /));
    const calls = await apiCalls(page);
    await form.getByLabel('Largo A (m)').pressSequentially('8');
    await form.getByLabel('Ancho B (m)').pressSequentially('4');
    await form.getByLabel('Solape (m)').fill('0,15');
    await expectVisible(form.getByRole('img', { name: 'Piscina de 8,00 × 4,00 m; cobertor de 8,30 × 4,30 m' }));
    expect(calls).toEqual([]);
  });

  it('the budget summary draws the saved pool, stair included', async () => {
    const { page } = b;
    const pool = { pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, extra_distance: 0.15, stairwell: true, c: 2, d: 1, e: 6 };
    const created = await t.call('POST', '/api/budget/create', { token: cliente, body: { data: JSON.stringify(pool) } });
    const details = await t.call('GET', `/api/budget/getBudgetDetails/${created.body.data.id}`, { token: cliente });
    const calculus = details.body.data.budget_calculus[0].id as number;
    await loginAs(page, t.url, 'cliente', 'cliente1234', `/budget-list/summary/${calculus}`);
    // (8 + 2 × 0,15) × (4 + 2 × 0,15), the stair at the far corner (E 6 + C 2 = A 8).
    const drawing = page.getByRole('img', { name: 'Piscina de 8,00 × 4,00 m con escalera de 2,00 × 1,00 m; cobertor de 8,30 × 4,30 m' });
    await expectVisible(drawing);
    await expectVisible(drawing.getByText('6,00 m'));
    await drawing.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/pool-drawing-summary-desktop.png' });
    expect(await violationsOf(page)).toEqual([]);
  });
});
