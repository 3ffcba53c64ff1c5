/**
 * An edit dialog opens its form on the stored record only (resources/generated/StoredRecord.tsx): while the
 * record's answer is on its way, a progress bar and no field to type into; a record someone else has
 * deleted says so, with «Cerrar», instead of a form. Desktop and 390 × 844; axe clean while loading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import {
  expectCount, expectHidden, expectNoSideScroll, expectPath, expectVisible, loginAs, useBrowser, violationsOf,
} from '../support/browser';

let t: TestApp;
let admin: string;
let cliente: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login('admin');
  cliente = await t.login('cliente');
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const GONE = 'Este registro ya no existe: puede que otra persona lo haya borrado.';

/** A member's budget of an 8 × 4 m pool, made through the API. */
async function memberBudget(reference: string): Promise<number> {
  const created = await t.call('POST', '/api/budget/create', {
    token: cliente,
    body: {
      data: JSON.stringify({ pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, extra_distance: 0.15, remark_OB1PCL: reference }),
    },
  });
  expect(created.status).toBe(200);
  return created.body.data.id as number;
}

/** Holds every answer to `url` until released. */
async function hold(page: Page, url: string) {
  const held: Route[] = [];
  await page.route(url, (route) => { held.push(route); });
  return {
    held,
    release: async () => {
      for (const route of held) await route.continue();
      await page.unroute(url);
    },
  };
}

async function openBudget(page: Page, id: number) {
  await loginAs(page, t.url, 'cliente', 'cliente1234');
  await page.goto(`${t.url}/budget-list/budget-calculus-list/${id}`);
  await expectPath(page, `/budget-list/budget-calculus-list/${id}`);
  await expectVisible(page.getByRole('button', { name: 'Editar presupuesto' }));
}

/** The budget's edit dialog opened with its record's answer held: the progress bar, no field; then the stored values. */
async function heldOpen(page: Page, id: number) {
  const { held, release } = await hold(page, `**/api/budget/data/${id}`);
  await page.getByRole('button', { name: 'Editar presupuesto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar presupuesto' });
  await expectVisible(dialog.getByRole('progressbar', { name: 'Cargando el presupuesto' }));
  await expect.poll(() => held.length).toBe(1);
  await expectCount(dialog.getByRole('textbox'), 0);
  await expectCount(dialog.getByRole('button', { name: 'Guardar' }), 0);
  expect(await violationsOf(page, { idle: false })).toEqual([]);
  await release();
  await expect.poll(() => dialog.getByLabel('Ancho B (m)').inputValue()).toBe('4,00');
  await expectCount(dialog.getByRole('progressbar'), 0);
  return dialog;
}

describe('an edit dialog', () => {
  it('shows no field until the stored record is there, then its values', async () => {
    const { page } = b;
    const id = await memberBudget('Abierto en frío');
    await openBudget(page, id);
    const dialog = await heldOpen(page, id);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expectHidden(dialog);
  });

  it('does the same on a 390 × 844 phone, without side scroll', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const id = await memberBudget('Abierto en el móvil');
    await openBudget(page, id);
    const { release } = await hold(page, `**/api/budget/data/${id}`);
    await page.getByRole('button', { name: 'Editar presupuesto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar presupuesto' });
    await expectVisible(dialog.getByRole('progressbar', { name: 'Cargando el presupuesto' }));
    await expectNoSideScroll(page, { idle: false });
    expect(await violationsOf(page, { idle: false })).toEqual([]);
    await release();
    await expect.poll(() => dialog.getByLabel('Ancho B (m)').inputValue()).toBe('4,00');
  });

  it('of a record deleted meanwhile says so, with «Cerrar», and no form', async () => {
    const { page } = b;
    const id = await memberBudget('Borrado por otro');
    await openBudget(page, id);
    expect((await t.call('POST', '/api/budget/delete', { token: admin, body: { id } })).status).toBe(200);
    await page.getByRole('button', { name: 'Editar presupuesto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar presupuesto' });
    await expectVisible(dialog.getByText(GONE, { exact: true }));
    await expectCount(dialog.getByRole('textbox'), 0);
    expect(await violationsOf(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await expectHidden(dialog);
    await expectPath(page, `/budget-list/budget-calculus-list/${id}`);
  });
});

describe('a generated edit dialog', () => {
  it('of a record deleted since the list was read says so, with «Cerrar», and stays on its page', async () => {
    const created = await t.call('POST', '/api/category/create', {
      token: admin,
      body: { data: JSON.stringify({ name: 'Categoría borrada' }) },
    });
    expect(created.status).toBe(200);
    const { page } = b;
    const path = '/stock-and-prices/article-categories-management';
    await loginAs(page, t.url, 'admin', 'admin1234');
    await page.goto(`${t.url}${path}`);
    const row = page.getByRole('row').filter({ hasText: 'Categoría borrada' });
    await expectVisible(row);
    expect((await t.call('POST', '/api/category/delete', { token: admin, body: { id: created.body.data.id } })).status).toBe(200);
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Editar categoría' });
    await expectVisible(dialog.getByText(GONE, { exact: true }));
    await expectCount(dialog.getByRole('textbox'), 0);
    expect(await violationsOf(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await expectHidden(dialog);
    await expectPath(page, path);
  });
});

describe('motion', () => {
  it('a dialog fades in, and appears at once for a person who asked for reduced motion, its buttons without ripples', async () => {
    const id = await memberBudget('Sin movimiento');
    const shown: Record<string, { fade: string; ripples: number }> = {};
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const page = await b.newContext({ reducedMotion });
      await openBudget(page, id);
      await page.getByRole('button', { name: 'Editar presupuesto' }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar presupuesto' });
      await expect.poll(() => dialog.getByLabel('Ancho B (m)').inputValue()).toBe('4,00');
      // MUI's Fade writes its transition on the dialog's container; a button's press draws a ripple in its root.
      const container = page.locator('.MuiDialog-container');
      await dialog.getByRole('button', { name: 'Cerrar' }).first().dispatchEvent('mousedown');
      shown[reducedMotion] = {
        fade: await container.evaluate((el: HTMLElement) => el.style.transition),
        ripples: await dialog.locator('.MuiTouchRipple-child').count(),
      };
    }
    expect(shown['no-preference'].fade).toMatch(/^opacity \d+ms/);
    expect(shown['no-preference'].ripples).toBeGreaterThan(0);
    expect(shown.reduce).toEqual({ fade: 'none', ripples: 0 });
  });
});
