/**
 * «Escanear» (issue 28 §1; docs/screens.md): the workshop's camera reading Code 128 labels. Chromium's camera
 * is a video the test makes (tests/support/fakeCamera.ts): a real item label drawn with bwip-js, or a blank
 * sheet. Headless Chromium has no BarcodeDetector, so the ZXing WebAssembly reader, served by us, does the reading.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { useTestApp, type TestApp } from '../support/app';
import {
  expectCount, expectNoSideScroll, expectPath, expectVisible, loginAs, openInApp, UI_TIMEOUT, violationsOf,
} from '../support/browser';
import { blankVideo, labelVideo, launchWithCamera } from '../support/fakeCamera';
import { expectOk, finishedOrderItem } from '../api/helpers';

let t: TestApp;
let admin: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, taller } = tokens); }, { listen: true });
// The workshop has clocked in for the day, so its marks here ask nothing (day-adds-up.test.ts asks).
beforeAll(async () => { expectOk(await t.call('POST', '/api/timeRecords/checkIn', { token: taller, body: { kind: 'in' } }), 20001); });

type Row = Record<string, any>;
const PHONE = { width: 390, height: 844 };
/** A LAN name for the server (the browser maps it to 127.0.0.1): plain http there is not a secure context. */
const LAN_NAME = 'oficina.lan';

/** A finished order's first item: its bar code and product. */
const orderedItem = async () => (await finishedOrderItem(t, admin, 'Escáner')).item;

/** Each step's name and who did it, as the office reads them. */
async function stepsOf(code: string): Promise<Array<{ name: string; done_by: string | null }>> {
  const view = expectOk(await t.call('GET', `/api/traceability/barCode/${code}`, { token: admin }));
  return view.steps.map((s: Row) => ({ name: s.name, done_by: s.done_by }));
}

/** A context of `browser` whose uncaught page errors fail the test; `camera`: the camera permission granted. */
let context: BrowserContext | undefined;
let pageErrors: string[] = [];
let requests: string[] = [];
async function openPage(
  browser: Browser,
  { camera, viewport = PHONE, origin = t.url }: { camera: boolean; viewport?: { width: number; height: number }; origin?: string },
): Promise<Page> {
  context = await browser.newContext({ viewport, locale: 'es-ES' });
  if (camera) await context.grantPermissions(['camera'], { origin });
  const page = await context.newPage();
  page.setDefaultTimeout(UI_TIMEOUT);
  pageErrors = [];
  requests = [];
  page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
  page.on('request', (request) => requests.push(request.url()));
  return page;
}

afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(pageErrors, 'uncaught page errors').toEqual([]);
});

const markButton = (page: Page) => page.getByRole('button', { name: /^Marcar «/ });
const typedField = (page: Page) => page.getByRole('textbox', { name: 'Código de la etiqueta' });

/**
 * A USB scanner reading `code`: its keys and Enter sent to the browser all at once, as a scanner sends them
 * (1–20 ms apart), not awaited one by one: under a loaded machine's round trips, keys typed one at a time
 * came more than a person's gap apart, and the page rightly took them for typing.
 */
async function scannerTypes(page: Page, code: string) {
  const session = await page.context().newCDPSession(page);
  const key = (type: 'keyDown' | 'keyUp', character: string) => {
    const enter = character === '\r';
    const name = enter ? 'Enter' : character;
    const physical = enter ? 'Enter' : /\d/.test(character) ? `Digit${character}` : `Key${character.toUpperCase()}`;
    const virtualKey = enter ? 13 : character.toUpperCase().charCodeAt(0);
    return session.send('Input.dispatchKeyEvent', {
      type, key: name, code: physical, windowsVirtualKeyCode: virtualKey,
      ...(type === 'keyDown' ? { text: character, unmodifiedText: character } : {}),
    });
  };
  await Promise.all([...`${code}\r`].flatMap((character) => [key('keyDown', character), key('keyUp', character)]));
  await session.detach();
}
const confirmation = (page: Page) => page.getByTestId('scan-done');

/** Fails if a shown notification overlaps `target` (each box measured on the page, over the next second). */
async function expectUncovered(page: Page, target: Locator) {
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (let check = 0; check < 5; check++) {
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    for (const notice of await page.getByTestId('notification').all()) {
      const noticeBox = await notice.boundingBox();
      if (box && noticeBox) expect(overlaps(box, noticeBox), `«${await notice.innerText()}» covers it`).toBe(false);
    }
    await page.waitForTimeout(200);
  }
}
type Box = { x: number; y: number; width: number; height: number };

/** Waits until the reader has gone through `count` frames of the camera. */
const framesRead = (page: Page, count: number) =>
  expect
    .poll(async () => Number((await page.getByTestId('scanner').getAttribute('data-frames')) ?? 0), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count);

describe('«Escanear» with a camera filming a label', () => {
  let browser: Browser;
  let item: Row;
  beforeAll(async () => {
    item = await orderedItem();
    browser = await launchWithCamera(await labelVideo(item.barcode));
  });
  afterAll(async () => { await browser?.close(); });

  it('opens the item read on a 390 px phone; one tap marks its next step, a green «Hecho», and the camera reads again', async () => {
    const page = await openPage(browser, { camera: true });
    await loginAs(page, t.url, 'taller', 'taller1234');
    // The reader and its WebAssembly load on «Escanear» only.
    expect(requests.filter((url) => /zxing|ponyfill|scanner|ScanPage/.test(url))).toEqual([]);

    await page.getByTestId('scan-button').click();
    await expectPath(page, '/escanear');
    await expectVisible(page.getByTestId('barcode-product').getByText(item.product_name, { exact: true }));
    const mark = page.getByRole('button', { name: 'Marcar «Corte» como hecho', exact: true });
    await expectVisible(mark);
    await page.screenshot({ path: '/tmp/scan-phone-item.png' });
    expect(await violationsOf(page)).toEqual([]);
    // The WebAssembly came from this server, and nothing from anywhere else.
    expect(requests.some((url) => url.startsWith(`${t.url}/assets/`) && url.endsWith('.wasm'))).toBe(true);
    expect(requests.filter((url) => !url.startsWith(t.url) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);

    await mark.click();
    await expectVisible(confirmation(page).getByText(`Hecho: Corte · ${item.product_name}`, { exact: true }));
    expect((await stepsOf(item.barcode))[0]).toEqual({ name: 'Corte', done_by: 'Jorge' });
    expect((await stepsOf(item.barcode)).filter((s) => s.done_by)).toHaveLength(1);
    // No notification covers the green «Hecho» while it shows. A «Correcto» would, once two stack up (each
    // ~76 px from the top): the page's own confirmation is the only one.
    expect(await page.getByTestId('notification').count()).toBe(0);
    await expectUncovered(page, confirmation(page));
    await expectNoSideScroll(page);
    await page.screenshot({ path: '/tmp/scan-phone-done.png' });
    expect(await violationsOf(page)).toEqual([]);

    // The camera is back: the same label, still in front of it, opens again after a few seconds at its next step.
    await expectVisible(page.getByRole('button', { name: 'Marcar «Soldadura» como hecho', exact: true }), 30_000);
    expect((await stepsOf(item.barcode)).filter((s) => s.done_by)).toHaveLength(1);
  });
});

describe('«Escanear» with a camera filming a blank sheet', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchWithCamera(blankVideo(), [`--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`]);
  });
  afterAll(async () => { await browser?.close(); });

  it('reads frame after frame and opens nothing, marks nothing', async () => {
    const item = await orderedItem();
    const page = await openPage(browser, { camera: true });
    await loginAs(page, t.url, 'taller', 'taller1234', '/escanear');
    await expectVisible(page.getByText('Apunte la cámara al código de barras de la etiqueta', { exact: true }));
    await framesRead(page, 15);
    await expectCount(page.getByTestId('scan-item'), 0);
    await expectCount(markButton(page), 0);
    await expectCount(confirmation(page), 0);
    expect((await stepsOf(item.barcode)).filter((s) => s.done_by)).toEqual([]);
    // Read in a worker of its own (this Chromium has no BarcodeDetector), not on the page's thread; leaving the
    // page lets it go.
    const readers = () => page.workers().filter((worker) => /\/scanWorker-[\w-]+\.js$/.test(worker.url()));
    expect(readers()).toHaveLength(1);
    await openInApp(page, '/dashboard');
    await expectCount(page.getByTestId('scanner'), 0);
    await expect.poll(() => readers().length).toBe(0);
  });

  it('camera refused: says in Spanish how to allow it; a typed code finds the item and marks it, an unknown one says so', async () => {
    const item = await orderedItem();
    // The office's wide screen (issue 44: the scanner at 1920 px as well as on a phone).
    const page = await openPage(browser, { camera: false, viewport: { width: 1920, height: 1080 } });
    await loginAs(page, t.url, 'admin', 'admin1234');
    // The office has it in its menu.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Escanear', exact: true }).click();
    await expectPath(page, '/escanear');
    const problem = page.getByTestId('camera-problem');
    await expectVisible(problem.getByText(/^No se ha dado permiso para usar la cámara\. Para permitirlo, toque el candado/));
    await expectCount(page.getByTestId('scanner'), 0);
    await page.screenshot({ path: '/tmp/scan-desktop-refused.png' });
    expect(await violationsOf(page)).toEqual([]);
    await expectNoSideScroll(page);

    await typedField(page).fill('NOEXISTE0000');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expectVisible(page.getByRole('alert').getByText('No existe ningún artículo con ese código: «NOEXISTE0000»', { exact: true }));

    await typedField(page).fill(item.barcode.toLowerCase());
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('button', { name: 'Marcar «Corte» como hecho', exact: true }).click();
    await expectVisible(confirmation(page).getByText(`Hecho: Corte · ${item.product_name}`, { exact: true }));
    expect((await stepsOf(item.barcode))[0]).toEqual({ name: 'Corte', done_by: 'Ana' });
    await page.screenshot({ path: '/tmp/scan-desktop-typed.png' });
    expect(await violationsOf(page)).toEqual([]);
  });

  it('a hardware scanner typing a code and Enter opens the item with no field focused; slow typing in the field stays typing', async () => {
    const item = await orderedItem();
    const page = await openPage(browser, { camera: true });
    await loginAs(page, t.url, 'taller', 'taller1234', '/escanear');
    await expectVisible(page.getByText('Apunte la cámara al código de barras de la etiqueta', { exact: true }));
    expect(await violationsOf(page)).toEqual([]);

    // A person typing into the field (200 ms between keys) and pressing Enter: the field's own search.
    await typedField(page).pressSequentially('NOEX', { delay: 200 });
    await expect.poll(() => typedField(page).inputValue()).toBe('NOEX');
    await expectCount(page.getByTestId('scan-item'), 0);

    // The scanner: nothing focused, a key every 10 ms and Enter.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await scannerTypes(page, item.barcode);
    await expectVisible(page.getByTestId('barcode-product').getByText(item.product_name, { exact: true }));
    await expectVisible(page.getByRole('button', { name: 'Marcar «Corte» como hecho', exact: true }));
    expect(await violationsOf(page)).toEqual([]);

    // Read with the focus in the field: the item opens, and the field keeps nothing of the scan.
    await page.getByRole('button', { name: 'Escanear otra etiqueta', exact: true }).click();
    await expectCount(page.getByTestId('scan-item'), 0);
    await typedField(page).fill('');
    await typedField(page).focus();
    await scannerTypes(page, item.barcode);
    await expectVisible(page.getByTestId('barcode-product').getByText(item.product_name, { exact: true }));
    await expect.poll(() => typedField(page).inputValue()).toBe('');
  });

  it('opened by http:// on the LAN (no secure context): says the app must be opened by https:// and the typed field works', async () => {
    const item = await orderedItem();
    const lan = t.url.replace('127.0.0.1', LAN_NAME);
    // Chromium refuses even to grant the camera to a page that is not a secure context.
    const page = await openPage(browser, { camera: false });
    await loginAs(page, lan, 'taller', 'taller1234', '/escanear');
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await expectVisible(
      page
        .getByTestId('camera-problem')
        .getByText(/^La cámara solo funciona si la aplicación se abre con https:\/\/\..*Pida a la oficina la dirección de la aplicación que empieza por https:\/\//),
    );
    // A worker's sentence: no developer file named.
    expect(await page.getByTestId('camera-problem').innerText()).not.toMatch(/docs\/|\.md\b|HTTPS en la red local/);
    await page.screenshot({ path: '/tmp/scan-phone-insecure.png' });
    expect(await violationsOf(page)).toEqual([]);

    await typedField(page).fill(item.barcode);
    await typedField(page).press('Enter');
    await page.getByRole('button', { name: 'Marcar «Corte» como hecho', exact: true }).click();
    await expectVisible(confirmation(page).getByText(`Hecho: Corte · ${item.product_name}`, { exact: true }));
    expect((await stepsOf(item.barcode))[0]).toEqual({ name: 'Corte', done_by: 'Jorge' });
  });
});

describe('«Escanear» opened on a phone: its own page, without the back office (issue 46 §1)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchWithCamera(blankVideo());
  });
  afterAll(async () => { await browser?.close(); });

  /** The back office's chunk (react-admin and its views): the scanner's page never needs it. */
  const backOfficeScripts = () => requests.filter((url) => /\/assets\/App-[\w-]+\.js$/.test(url));
  /** Set on the window: gone if the browser loads the document again. */
  const markDocument = (page: Page) => page.evaluate(() => { (window as { sameDocument?: boolean }).sameDocument = true; });
  const sameDocument = (page: Page) => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

  it('draws the camera in the app\'s top bar with none of the back office\'s scripts; a link opens the app in the same page', async () => {
    const item = await orderedItem();
    const page = await openPage(browser, { camera: true });
    await loginAs(page, t.url, 'taller', 'taller1234');
    requests = [];
    await page.goto(`${t.url}/escanear`);
    await expectVisible(page.getByText('Apunte la cámara al código de barras de la etiqueta', { exact: true }));
    // The top bar as on every page: the page's title, the worker's check-in, the announcements, the user menu.
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Escanear', exact: true }));
    await expectVisible(page.getByTestId('check-in-main'));
    await expectVisible(page.getByTestId('announcements-bell'));
    await expectVisible(page.getByRole('button', { name: 'Menú de usuario' }));
    expect(backOfficeScripts()).toEqual([]);
    await expectNoSideScroll(page);
    await page.screenshot({ path: '/tmp/scan-own-page.png' });
    expect(await violationsOf(page)).toEqual([]);

    // A typed code opens the item here, still without the back office.
    await typedField(page).fill(item.barcode);
    await typedField(page).press('Enter');
    await expectVisible(page.getByTestId('barcode-product').getByText(item.product_name, { exact: true }));
    expect(backOfficeScripts()).toEqual([]);
    expect(await violationsOf(page)).toEqual([]);

    // Its whole traceability is a page of the app: it takes this page over, with no second load of the document.
    await markDocument(page);
    await page.getByRole('link', { name: 'Ver la trazabilidad completa', exact: true }).click();
    await expectPath(page, `/bar-code/${item.barcode}`);
    await expectVisible(page.getByRole('heading', { name: 'Trazabilidad del artículo', exact: true }));
    expect(await sameDocument(page)).toBe(true);
    expect(backOfficeScripts()).toHaveLength(1);
  });

  it('the menu button opens the app with its side menu; «Cerrar Sesión» signs out', async () => {
    const page = await openPage(browser, { camera: true });
    await loginAs(page, t.url, 'taller', 'taller1234', '/escanear');
    await expectVisible(page.getByText('Apunte la cámara al código de barras de la etiqueta', { exact: true }));
    await markDocument(page);
    await page.getByRole('button', { name: 'Abrir o cerrar el menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expectVisible(menu.getByRole('link', { name: 'Escanear', exact: true }));
    await expectPath(page, '/escanear');
    expect(await sameDocument(page)).toBe(true);
    await page.screenshot({ path: '/tmp/scan-own-page-menu.png' });

    // Closed again, the scanner is the app's own page now; signing out from its user menu leads to the sign-in.
    await page.keyboard.press('Escape');
    await page.goto(`${t.url}/escanear`);
    await expectVisible(page.getByText('Apunte la cámara al código de barras de la etiqueta', { exact: true }));
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await expectPath(page, '/login');
  });

  it('a member is refused as on any staff page, a visitor signs in first; a desktop opens the app\'s frame', async () => {
    const visitor = await openPage(browser, { camera: false });
    await visitor.goto(`${t.url}/escanear`);
    await expectPath(visitor, '/login');
    await context?.close();

    const member = await openPage(browser, { camera: false });
    await loginAs(member, t.url, 'cliente', 'cliente1234', '/escanear');
    await expectPath(member, '/404');
    await context?.close();

    const office = await openPage(browser, { camera: false, viewport: { width: 1920, height: 1080 } });
    await loginAs(office, t.url, 'taller', 'taller1234');
    requests = [];
    await office.goto(`${t.url}/escanear`);
    await expectVisible(office.getByRole('navigation', { name: 'Menú principal' }));
    await expectVisible(office.getByTestId('camera-problem'));
    expect(backOfficeScripts()).toHaveLength(1);
  });
});
