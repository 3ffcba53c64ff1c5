/**
 * The workshop's installed app offline (issue 44 §1): a web app manifest with the brand's icons and a service
 * worker, so that «Escanear» opens with no network; marks made then (a typed code, a label read by the fake
 * camera) are kept on the phone, listed in «Pendientes», and sent once each when the network is back, the
 * steps recorded at the phone's time; a mark the server refuses stays listed with its reason, and signing
 * out with it still there asks first. The phone's clock runs 90 minutes behind the server's, so that the
 * time a step was made and the time it was sent differ visibly.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { useTestApp, type TestApp } from '../support/app';
import { expectCount, expectPath, expectVisible, loginAs, UI_TIMEOUT, violationsOf } from '../support/browser';
import { labelVideo, launchWithCamera } from '../support/fakeCamera';
import { expectOk, finishedOrderItem } from '../api/helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); }, { listen: true });

type Row = Record<string, any>;
const PHONE = { width: 390, height: 844 };
/** How far the phone's clock runs behind the server's. */
const PHONE_LAG_MS = 90 * 60_000;
const SAVED = 'Guardado sin conexión: se enviará al volver la red';
const UNKNOWN = 'NOEXISTE0000';

const orderedItem = async () => (await finishedOrderItem(t, admin, 'Sin red')).item as Row;

/** The item's steps done, as the office reads them. */
async function doneSteps(code: string): Promise<Array<{ name: string; done_by: string | null; done_at: string }>> {
  const view = expectOk(await t.call('GET', `/api/traceability/barCode/${code}`, { token: admin }));
  return view.steps.filter((s: Row) => s.done_at).map((s: Row) => ({ name: s.name, done_by: s.done_by, done_at: s.done_at }));
}

/** Width and height of a PNG, from its header. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('the workshop app', () => {
  let browser: Browser;
  let cameraItem: Row;
  beforeAll(async () => {
    cameraItem = await orderedItem();
    browser = await launchWithCamera(await labelVideo(cameraItem.barcode));
  });
  afterAll(async () => { await browser?.close(); });

  it('installs: a valid manifest with the brand icons, a service worker checked on each use, allowed by the page\'s policy', async () => {
    const answer = await fetch(`${t.url}/manifest.webmanifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = await answer.json() as Row;
    expect(manifest).toMatchObject({
      name: 'Cobertores', short_name: 'Cobertores', lang: 'es', start_url: '/escanear', scope: '/', display: 'standalone',
      theme_color: '#0b6e99', background_color: '#ffffff',
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const file = await fetch(new URL(icon.src, t.url));
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toEqual({ width, height });
    }

    const worker = await fetch(`${t.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    // Checked again on each use: a new version reaches the phones at their next start.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const script = await worker.text();
    expect(script).toMatch(/zxing_reader-[\w-]+\.wasm/);
    expect(script).not.toMatch(/"\/?api\//);

    const page = await (context = await browser.newContext({ viewport: PHONE, locale: 'es-ES' })).newPage();
    page.setDefaultTimeout(UI_TIMEOUT);
    const policies: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') policies.push(response.headers()['content-security-policy'] ?? '');
    });
    await loginAs(page, t.url, 'taller', 'taller1234', '/escanear');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(`${t.url}/sw.js`);
    expect(policies.at(-1)).toContain("worker-src 'self'");
    expect(policies.at(-1)).toContain("manifest-src 'self'");
  });

  it('offline: a typed code and a camera\'s read are kept and listed; back online each is sent once at the phone\'s time', async () => {
    const typedItem = await orderedItem();
    context = await browser.newContext({ viewport: PHONE, locale: 'es-ES' });
    await context.grantPermissions(['camera'], { origin: t.url });
    const page = await context.newPage();
    page.setDefaultTimeout(UI_TIMEOUT);
    await page.clock.install({ time: new Date(Date.now() - PHONE_LAG_MS) });
    await loginAs(page, t.url, 'taller', 'taller1234', '/escanear');
    // The worker takes over the page once its files are on the phone.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);

    // No network: the app still opens from the phone, signed in, on «Escanear».
    await context.setOffline(true);
    await page.reload();
    await expectPath(page, '/escanear');
    // The camera reads the label: kept at once, and listed.
    const saved = page.getByTestId('scan-offline-saved');
    await expectVisible(saved.getByText(SAVED, { exact: true }), 30_000);
    await expectVisible(saved.getByText(`Código ${cameraItem.barcode}`, { exact: true }));
    const pending = page.getByTestId('pending-marks');
    await expectVisible(pending.getByRole('heading', { name: 'Pendientes' }));
    await expectCount(pending.getByTestId('pending-mark'), 1);

    // A typed code, and a code that exists nowhere.
    const field = page.getByRole('textbox', { name: 'Código de la etiqueta' });
    for (const code of [typedItem.barcode, UNKNOWN]) {
      await field.fill(code);
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await expectVisible(saved.getByText(`Código ${code}`, { exact: true }));
    }
    // The label left in front of the camera does not cover the sentence for the code just typed.
    const shownSince = Date.now();
    while (Date.now() - shownSince < 3000) {
      const shown = await saved.allInnerTexts();
      expect(shown.every((text) => text.includes(`Código ${UNKNOWN}`)), shown.join(' | ')).toBe(true);
      await page.waitForTimeout(200);
    }
    await expectVisible(pending.getByText('3 marcas sin enviar: se enviarán al volver la red.', { exact: true }));
    const codes = await pending.getByTestId('pending-mark').evaluateAll((items) => items.map((i) => i.getAttribute('data-code')));
    expect(codes).toEqual([cameraItem.barcode, typedItem.barcode, UNKNOWN]);
    // The label still in front of the camera is not kept a second time.
    await page.waitForTimeout(5000);
    await expectCount(pending.getByTestId('pending-mark'), 3);
    expect(await violationsOf(page, { include: '[data-testid="pending-marks"]' })).toEqual([]);
    await page.screenshot({ path: '/tmp/offline-scan-pending.png', fullPage: true });
    // Nothing reached the server.
    expect(await doneSteps(cameraItem.barcode)).toEqual([]);
    expect(await doneSteps(typedItem.barcode)).toEqual([]);

    // Back online: sent in order, each once; the unknown code's refusal stays with the server's reason.
    const backOnline = Date.now();
    await context.setOffline(false);
    await expectVisible(pending.getByText('No enviada: No existe ningún artículo con ese código', { exact: true }), 30_000);
    await expectVisible(pending.getByText('Ninguna marca sin enviar. 1 marca no aceptada por el servidor.', { exact: true }));
    await expectCount(pending.getByTestId('pending-mark'), 1);
    for (const item of [cameraItem, typedItem]) {
      const steps = await doneSteps(item.barcode);
      expect(steps.map((s) => [s.name, s.done_by])).toEqual([['Corte', 'Jorge']]);
      // Made on the phone 90 minutes «ago» by the server's clock, not when it was sent.
      const lag = backOnline - new Date(steps[0].done_at).getTime();
      expect(lag).toBeGreaterThan(PHONE_LAG_MS - 5 * 60_000);
      expect(lag).toBeLessThan(PHONE_LAG_MS + 5 * 60_000);
    }
    expect(await violationsOf(page, { include: '[data-testid="pending-marks"]' })).toEqual([]);
    await page.screenshot({ path: '/tmp/offline-scan-refused.png', fullPage: true });

    // Signing out with the refused mark still listed asks first; «Cancelar» keeps the session and the list.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect.poll(() => asked).toEqual([
      'Hay 1 marca sin enviar en este teléfono. Si cierra la sesión se perderá. ¿Cerrar la sesión igualmente?',
    ]);
    await expectPath(page, '/escanear');
    await expectCount(pending.getByTestId('pending-mark'), 1);

    // «Descartar» forgets it; then signing out asks nothing.
    await pending.getByRole('button', { name: `Descartar la marca ${UNKNOWN}` }).click();
    await expectCount(pending, 0);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expectPath(page, '/login');
    expect(asked).toHaveLength(1);
    // Sent once each: nothing more was recorded meanwhile.
    expect(await doneSteps(cameraItem.barcode)).toHaveLength(1);
    expect(await doneSteps(typedItem.barcode)).toHaveLength(1);
  });
});
