/**
 * The product lists of a budget calculation (docs/screens.md "Accessory list" and "Reel list", docs/data.md Item and Reel
 * wizards, §5 Quantity): articles and reels are chosen in their wizards and stored as lines of the calculation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { dataOf } from '../api/helpers';
import { expectHidden, expectPath, expectVisible, fieldError, loginAs, selectOption, useBrowser } from '../support/browser';

type Row = Record<string, any>;
const AGUA_AZUL = 1; // cliente's client

let t: TestApp;
let member: string;

/** The API's data, failing on any other code than the expected one. */
const data = (method: 'GET' | 'POST', url: string, token: string, body?: unknown, code?: number) =>
  dataOf(t, method, url, token, body, code);

/** A new budget of the member (a bubble cover, 8 × 4 m) and its first calculation. */
async function newBudget() {
  const pool = { pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, extra_distance: 0.15 };
  const budget = await data('POST', '/api/budget/create', member, { data: JSON.stringify(pool) }, 20001);
  const details = await data('GET', `/api/budget/getBudgetDetails/${budget.id}`, member);
  return { budgetId: budget.id as number, calculusId: details.budget_calculus[0].id as number };
}

const savedLines = async (calculusId: number): Promise<Row[]> =>
  (await data('POST', '/api/budgetCalculus/getBudgetPrices', member, { budget_calculus_id: calculusId })).lines;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  member = await t.login('cliente');
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const dialog = (page: Page) => page.getByRole('dialog');
const card = (page: Page, name: string) => page.getByRole('article', { name });
/** An MUI select by its label (its accessible name also holds the chosen option), then one of its options. */
const choose = (page: Page, scope: Locator, label: string, option: string) =>
  selectOption(page, scope.getByRole('combobox', { name: new RegExp(`^${label}`) }), option, { exact: true });
/** While a dialog is open MUI hides the rest of the page from the accessibility tree: notifications by test id. */
const notice = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text });

describe('product lists of a budget calculation', () => {
  it('a member adds an article and a reel through their wizards; the calculation holds both lines', async () => {
    const { page } = b;
    const { budgetId, calculusId } = await newBudget();
    await loginAs(page, t.url, 'cliente', 'cliente1234');

    // ---- articles
    const itemPath = `/item-list/${AGUA_AZUL}/index/${budgetId}/${calculusId}`;
    await page.goto(`${t.url}${itemPath}`);
    await expectPath(page, itemPath);
    const tensor = card(page, 'Tensor de invierno');
    await expectVisible(tensor);
    // Every variation of the tensor is at its article's 6,20 € (no fare price for Agua Azul's fare).
    await expectVisible(tensor.getByText('desde 6,20 € sin IVA', { exact: true }));

    await tensor.getByRole('button', { name: 'Añadir' }).click();
    const wizard = dialog(page);
    await expectVisible(wizard.getByText('Añadir artículo'));
    await expectVisible(wizard.getByText('Seleccione las propiedades'));
    await choose(page, wizard, 'Longitud', '1,5 m');
    // One of two properties chosen: still no price.
    await expectVisible(wizard.getByText('Seleccione las propiedades'));
    expect(await wizard.getByRole('button', { name: 'Añadir' }).isDisabled()).toBe(true);
    await choose(page, wizard, 'Color', 'Blanco');
    await expectVisible(wizard.getByText('6,20 € sin IVA', { exact: true }));

    // Quantity: minimum 1, step 1.
    const quantity = wizard.getByLabel('Cantidad');
    expect(await quantity.getAttribute('inputmode')).toBe('numeric');
    await quantity.fill('0');
    await wizard.getByRole('button', { name: 'Añadir' }).click();
    await expectVisible(fieldError(wizard, 'La cantidad mínima es 1'));
    expect(await savedLines(calculusId)).toHaveLength(0);
    await quantity.fill('2');
    await wizard.getByRole('button', { name: 'Añadir' }).click();
    await expectHidden(wizard);
    await expectVisible(notice(page, 'Guardado correctamente'));

    // ---- reels
    const reelPath = `/reel-list/${AGUA_AZUL}/index/${budgetId}/${calculusId}`;
    await page.goto(`${t.url}${reelPath}`);
    await expectPath(page, reelPath);
    const inox = card(page, 'Enrollador fijo inox');
    await expectVisible(inox.getByText('Tamaños: 6,00 m · 8,00 m'));
    await inox.getByRole('button', { name: 'Añadir' }).click();
    await expectVisible(wizard.getByText('Añadir enrollador'));
    expect(await wizard.getByRole('combobox', { name: /^Diámetro/ }).getAttribute('aria-disabled')).toBe('true');
    await choose(page, wizard, 'Tamaño', '8,00 m');
    await choose(page, wizard, 'Diámetro', '160 mm');
    await wizard.getByLabel('Con motor').check();
    // 8,00 m × 160 mm with motor is not available in the demo data.
    await expectVisible(wizard.getByText('No disponible', { exact: true }));
    expect(await wizard.getByRole('button', { name: 'Añadir' }).isDisabled()).toBe(true);
    expect(await notice(page, 'No disponible').count(), 'the wizard says it, no notification repeats it').toBe(0);

    await wizard.getByLabel('Con motor').uncheck();
    // The fixed reel up to 8 m, Ø 160 mm without motor: 460 € (demo seed: 180 + 40 × 3 + 160).
    await expectVisible(wizard.getByText('460,00 € sin IVA', { exact: true }));
    await wizard.getByRole('button', { name: 'Añadir' }).click();
    await expectHidden(wizard);

    // ---- the calculation, read back through the API: two tensors at 6,20 €, the reel at 460 €
    const catalogue: Row = await data('GET', '/api/item/getPaginatedItemsWithPropertyValuesAndFarePrices/0/fare/0/page/1', member);
    const variation: Row = catalogue.items
      .find((i: Row) => i.name === 'Tensor de invierno')
      .item_property_values.find((v: Row) => v.name === '1,5 m · Blanco');
    const inoxReel = (await data('GET', '/api/reel/customGetAll', member)).find((r: Row) => r.name === 'Enrollador fijo inox');
    const sizes: Row[] = await data('GET', `/api/reelSubcategory/getReelSizesDropdown/${inoxReel.id}`, member);
    const size8 = sizes.find((s) => s.label === '8,00 m')!;
    const reel: Row = await data('POST', '/api/reelDiameter/getReelPrice', member, {
      reel_subcategory_id: size8.value,
      diameter: 160,
      engine: false,
    });
    const lines = await savedLines(calculusId);
    expect(lines.map((l) => l.kind)).toEqual(['item', 'reel']);
    expect(lines[0]).toMatchObject({ item_property_value_id: variation.id, quantity: 2, unit_price: 6.2, item_price: 12.4 });
    expect(lines[1]).toMatchObject({ reel_diameter_id: reel.reel_diameter_id, quantity: 1, unit_price: 460 });
  });

  it("the spec's shorter paths: without the client (a member) or the calculation (staff), the budget's own are meant", async () => {
    const { page } = b;
    const { budgetId, calculusId } = await newBudget();
    await loginAs(page, t.url, 'cliente', 'cliente1234', `/item-list/index/${budgetId}`);
    await expectVisible(page.getByRole('heading', { name: `Artículos · presupuesto nº ${budgetId}` }));
    const brush = card(page, 'Cepillo de fondo');
    await brush.getByRole('button', { name: 'Añadir' }).click();
    await dialog(page).getByRole('button', { name: 'Añadir' }).click();
    await expectHidden(dialog(page));
    await expect.poll(async () => (await savedLines(calculusId)).map((l) => l.kind)).toEqual(['item']);

    await b.newContext();
    await loginAs(b.page, t.url, 'admin', 'admin1234', `/reel-list/${AGUA_AZUL}/index/${budgetId}`);
    await expectVisible(b.page.getByRole('heading', { name: `Enrolladores · presupuesto nº ${budgetId}` }));
    await expectVisible(card(b.page, 'Enrollador fijo inox'));
    await b.page.getByRole('button', { name: 'Volver al presupuesto' }).click();
    await expectPath(b.page, `/budget-list/summary/${calculusId}`);
  });

  it('an admin lists the client\'s articles by category; an article without properties is priced at once', async () => {
    const { page } = b;
    const { budgetId, calculusId } = await newBudget();
    await loginAs(page, t.url, 'admin', 'admin1234');
    const path = `/item-list/${AGUA_AZUL}/index/${budgetId}/${calculusId}`;
    await page.goto(`${t.url}${path}`);
    await expectVisible(card(page, 'Tensor de invierno'));

    await choose(page, page.locator('body'), 'Categoría', 'Limpieza');
    await expectHidden(card(page, 'Tensor de invierno'));
    const brush = card(page, 'Cepillo de fondo');
    await brush.getByRole('button', { name: 'Añadir' }).click();
    const wizard = dialog(page);
    // Its one variation, at the article's 18,90 €.
    await expectVisible(wizard.getByText('18,90 € sin IVA', { exact: true }));
    expect(await wizard.getByRole('combobox').count(), 'no property, no select').toBe(0);
    await wizard.getByRole('button', { name: 'Añadir' }).click();
    await expectHidden(wizard);
    await expect
      .poll(async () => (await savedLines(calculusId)).map((l) => [l.kind, l.quantity, l.unit_price]))
      .toEqual([['item', 1, 18.9]]);
  });
});
