/**
 * The bulletin board through the screens (issue 17 §2): staff publish an announcement for a chosen
 * client with a Markdown text (wrong input answered with our Spanish messages); that client's member
 * sees it with the unread badge, opens it (rendered safely) and the badge drops; staff then see it read;
 * a member of another client never sees it; on a phone nothing scrolls sideways; axe finds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Msg } from '../../src/shared/messages';
import { madridToday } from '../../src/shared/madrid';
import { formatDate, formatDay } from '../../src/shared/format';
import { startTestApp, type TestApp } from '../support/app';
import {
  chooseOption,
  expectHidden,
  expectNoSideScroll,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  selectOption,
  UI_TIMEOUT,
  useBrowser,
  violationsOf,
} from '../support/browser';
import { createUser, expectOk, jsonData } from '../api/helpers';

type Row = Record<string, any>;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login();
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const DAY = 86_400_000;
const day = (n: number) => madridToday(Date.now() + n * DAY);

const TITLE = 'Cierre por inventario';
const BODY
  = 'El **viernes** cerramos por *inventario*.\nTraiga:\n\n- el albarán\n- la factura\n\n'
    + 'Tarifa en [nuestra web](https://ejemplo.es/tarifa) y <script>alert("x")</script> [truco](javascript:alert(1))';

const bell = (page: Page) => page.getByTestId('announcements-bell');
const unreadShown = async (page: Page) => Number(/(\d+) anuncios? sin leer/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1]);
const unreadOf = async (token: string) => expectOk(await t.call('GET', '/api/announcement/unreadCount', { token })).count as number;

describe('the bulletin board', () => {
  it('staff publish for a chosen client; its member reads it and the badge drops; staff see it read; no other client sees it', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Tablón de anuncios' }).click();
    await expectPath(page, '/tablon');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('Añadir anuncio'));

    expect(await violationsOf(page)).toEqual([]);

    // Nothing filled in: our messages under the fields, never the browser's.
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(dialog, Msg.announcementTitle));
    await expectVisible(fieldError(dialog, Msg.announcementBody));

    await dialog.getByLabel('Título').fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Texto', exact: true }).fill(BODY);
    await selectOption(page, dialog.getByRole('combobox', { name: 'Destinatarios' }), 'Clientes elegidos');
    await dialog.getByLabel('Visible desde').fill(formatDay(day(3)));
    await dialog.getByLabel('Visible hasta').fill(formatDay(day(1)));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(dialog, Msg.announcementClients));
    await expectVisible(fieldError(dialog, Msg.announcementUntilBeforeFrom));

    // Typed, as a person looks a client up among many.
    await dialog.getByRole('combobox', { name: 'Clientes elegidos', exact: true }).fill('Agua Azul');
    await chooseOption(page, 'Piscinas Agua Azul');
    await dialog.getByLabel('Visible desde').fill(formatDay(day(0)));
    await dialog.getByLabel('Visible hasta').fill(formatDay(day(7)));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(dialog);
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await expectVisible(row);
    await expectVisible(row.getByText('Clientes elegidos'));
    await expectVisible(row.getByText(formatDay(day(7))));

    const stored: Row = expectOk(await t.call('GET', '/api/announcement/all', { token: admin })).find((a: Row) => a.title === TITLE);
    expect(stored).toMatchObject({ audience: 2, client_ids: [1], body: BODY, visible_from: day(0), visible_until: day(7) });

    // The member of that client: the badge counts it; the board shows it as new; opening it renders the text safely.
    const member = await b.newContext();
    await loginAs(member, t.url, 'cliente', 'cliente1234');
    const memberToken = await t.login('cliente', 'cliente1234');
    const before = await unreadOf(memberToken);
    expect(before).toBeGreaterThan(0);
    await expect.poll(() => unreadShown(member), { timeout: UI_TIMEOUT }).toBe(before);
    await bell(member).click();
    await expectPath(member, '/tablon');
    const item = member.getByRole('button', { name: new RegExp(TITLE) });
    await expectVisible(item);
    await expectVisible(item.getByText('Nuevo'));
    expect(await violationsOf(member)).toEqual([]);

    await item.click();
    const opened = member.getByRole('dialog', { name: TITLE });
    await expectVisible(opened);
    const body = opened.getByTestId('announcement-body');
    await expectVisible(body.locator('strong', { hasText: 'viernes' }));
    await expectVisible(body.locator('em', { hasText: 'inventario' }));
    expect(await body.locator('li').allInnerTexts()).toEqual(['el albarán', 'la factura']);
    expect(await body.getByRole('link', { name: 'nuestra web' }).getAttribute('href')).toBe('https://ejemplo.es/tarifa');
    // The tag is text, and the javascript: link is no link.
    await expectVisible(body.getByText('<script>alert("x")</script>', { exact: false }));
    expect(await body.locator('script').count()).toBe(0);
    expect(await body.getByRole('link').count()).toBe(1);
    expect(await violationsOf(member)).toEqual([]);
    await opened.getByRole('button', { name: 'Cerrar' }).first().click();
    await expectHidden(opened);

    await expect.poll(() => unreadShown(member), { timeout: UI_TIMEOUT }).toBe(before - 1);
    await expectHidden(item.getByText('Nuevo'));

    // Staff: who has read it (each person signs in in a context of its own).
    const staff = await b.newContext();
    await loginAs(staff, t.url, 'admin', 'admin1234', '/tablon');
    await staff
      .getByRole('row', { name: new RegExp(TITLE) })
      .getByRole('button', { name: 'Lecturas' })
      .click();
    const readers = staff.getByRole('dialog', { name: new RegExp(`Lecturas de «${TITLE}»`) });
    await expectVisible(readers);
    const carlos = readers.getByRole('row', { name: /Carlos García López/ });
    await expectVisible(carlos);
    // An instant shows in the reader's own time (the browser's zone, here this machine's).
    await expect
      .poll(async () => carlos.innerText(), { timeout: UI_TIMEOUT })
      .toMatch(new RegExp(`${formatDate(new Date())} \\d{2}:\\d{2}`));
    await expectVisible(readers.getByTestId('readers-summary').getByText(/^Leído por 1 de \d+$/));
    expect(await violationsOf(staff)).toEqual([]);
    await readers.getByRole('button', { name: 'Cerrar' }).click();
    await expectHidden(readers);

    // "Ver": staff see it as the member does.
    await staff
      .getByRole('row', { name: new RegExp(TITLE) })
      .getByRole('button', { name: 'Ver' })
      .click();
    const preview = staff.getByRole('dialog', { name: TITLE });
    await expectVisible(preview.getByTestId('announcement-body').locator('strong', { hasText: 'viernes' }));
    await preview.getByRole('button', { name: 'Cerrar' }).first().click();
    await expectHidden(preview);

    // A member of another client: not on its board.
    const other = await createUser(t, admin, { client_id: 2 });
    const stranger = await b.newContext();
    await loginAs(stranger, t.url, other.username, other.password, '/tablon');
    // Its board has loaded (its own announcements, or none) before looking for the other client's.
    await expectVisible(stranger.getByRole('list', { name: 'Anuncios' }).or(stranger.getByText('No hay anuncios por ahora')));
    expect(await stranger.getByText(TITLE).count()).toBe(0);
  });

  it('on a phone (390 × 844) the board, an opened announcement and the staff list fit the screen', async () => {
    const long = `Aviso con un enlace largo https://ejemplo.es/${'a'.repeat(120)} y un título que no cabe en una línea`;
    expectOk(
      await t.call('POST', '/api/announcement/create', {
        token: admin,
        body: jsonData({ title: `Teléfono ${'muy '.repeat(20)}largo`, body: long, audience: 1, pinned: true }),
      }),
      20001,
    );
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/tablon');
    const item = page.getByRole('button', { name: /Teléfono muy/ });
    await expectVisible(item);
    await expectVisible(page.getByTestId('announcements-bell'));
    await expectNoSideScroll(page);
    await item.click();
    await expectVisible(page.getByRole('dialog'));
    await expectNoSideScroll(page);

    const staff = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(staff, t.url, 'admin', 'admin1234', '/tablon');
    await expectVisible(staff.getByText(/Teléfono muy/));
    await expectNoSideScroll(staff);
  });

  it('the workshop reads the staff announcements on its board, with its own badge', async () => {
    expectOk(
      await t.call('POST', '/api/announcement/create', {
        token: admin,
        body: jsonData({ title: 'Turno de mañana', body: 'Entrada a las 7', audience: 3 }),
      }),
      20001,
    );
    const { page } = b;
    // Signed in through the form; the workshop's landing page is another module's, so the board is opened directly.
    await page.goto(`${t.url}/login`);
    await page.locator('input[name=username]').fill('taller');
    await page.locator('input[name=password]').fill('taller1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${t.url}/tablon`);
    await expect.poll(() => unreadShown(page), { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
    await expectVisible(page.getByRole('button', { name: /Turno de mañana/ }));
    expect(await page.getByText(TITLE).count()).toBe(0);
  });
});
