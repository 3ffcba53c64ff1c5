/** The sidebar (docs/screens.md Layout): toggled by the hamburger, remembered, an overlay below 1024 px. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { expectHidden, expectPath, expectVisible, loginAs, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

const sidebar = (page: Page) => page.getByTestId('sidebar');
const hamburger = (page: Page) => page.getByRole('button', { name: 'Abrir o cerrar el menú' });
const expectOpen = (page: Page, open: boolean) => expect.poll(() => sidebar(page).getAttribute('data-open')).toBe(String(open));

describe('desktop', () => {
  it('the hamburger closes the sidebar, hiding the greeting and "Cerrar Sesión"; the state survives a reload', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    await expectOpen(page, true);
    const greeting = sidebar(page).getByText('Hola, Ana', { exact: true });
    const logout = sidebar(page).getByRole('button', { name: 'Cerrar Sesión' });
    await expectVisible(greeting);
    await expectVisible(logout);
    const openWidth = (await sidebar(page).boundingBox())!.width;

    await hamburger(page).click();
    await expectOpen(page, false);
    await expectHidden(greeting);
    await expectHidden(logout);
    // Closed, it narrows to its icons and the page takes the room.
    await expect.poll(async () => (await sidebar(page).boundingBox())!.width).toBeLessThan(openWidth);

    await page.reload();
    await expectVisible(page.getByRole('navigation', { name: 'Menú principal' }));
    await expectOpen(page, false);
    await expectHidden(greeting);

    await hamburger(page).click();
    await expectOpen(page, true);
    await expectVisible(greeting);
    await page.reload();
    await expectVisible(greeting);
    await expectOpen(page, true);
  });

  it('the sidebar is part of the page, not an overlay', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    await expectOpen(page, true);
    const side = (await sidebar(page).boundingBox())!;
    const main = (await page.getByRole('main').boundingBox())!;
    expect(main.x).toBeGreaterThanOrEqual(side.x + side.width - 1);
  });
});

describe('below 1024 px', () => {
  it('the sidebar opens as an overlay and a click outside it closes it', async () => {
    const page = await b.newContext({ viewport: { width: 800, height: 900 } });
    await loginAs(page, t.url, 'admin', 'admin1234');
    if ((await sidebar(page).getAttribute('data-open')) === 'true') {
      await page.mouse.click(780, 450);
      await expectOpen(page, false);
    }
    await expectHidden(sidebar(page).getByText('Hola, Ana'));
    // Not drawn until first opened (a phone's opening of every page is lighter without it), then kept.
    await page.reload();
    await expectVisible(page.getByRole('main').getByRole('row').nth(1));
    const users = sidebar(page).getByRole('link', { name: 'Usuarios', exact: true, includeHidden: true });
    expect(await users.count()).toBe(0);

    await hamburger(page).click();
    await expectOpen(page, true);
    await expectVisible(sidebar(page).getByText('Hola, Ana', { exact: true }));
    await expectVisible(sidebar(page).getByRole('link', { name: 'Usuarios', exact: true }));
    // An overlay: the page underneath keeps its full width and the sidebar covers its left part.
    const side = (await sidebar(page).boundingBox())!;
    // (the modal overlay hides the page from the accessibility tree, so by tag)
    const main = (await page.locator('main').boundingBox())!;
    expect(main.x).toBeLessThan(side.x + side.width);
    expect(main.width).toBeGreaterThan(700);

    // A click outside the sidebar (on the backdrop) closes it.
    await page.mouse.click(side.x + side.width + 150, 450);
    await expectOpen(page, false);
    await expectHidden(sidebar(page).getByText('Hola, Ana'));
    expect(await users.count()).toBe(1);

    // Following a menu link closes it too.
    await hamburger(page).click();
    await expectOpen(page, true);
    await sidebar(page).getByRole('link', { name: 'Usuarios', exact: true }).click();
    await expectPath(page, '/usuarios');
    await expectOpen(page, false);
  });
});
