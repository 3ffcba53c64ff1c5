/**
 * «Escanear» holds still while it opens (issue 46 §1: Lighthouse measured a layout shift of 0.135 on a
 * phone as the camera's answer arrived). The browser's own layout-shift entries of the page's document,
 * summed once the camera is reading (or once its refusal is said), must add up to nothing: the camera's
 * place is kept from the first paint, and the top bar's buttons arrive without moving the others.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useTestApp, type TestApp } from '../support/app';
import { expectVisible, loginAs, recordLayoutShifts, UI_TIMEOUT, unpromptedShifts, violationsOf } from '../support/browser';
import { blankVideo, launchWithCamera } from '../support/fakeCamera';

let t: TestApp;
useTestApp((app) => { t = app; }, { listen: true });

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let context: BrowserContext | undefined;
beforeAll(async () => { browser = await launchWithCamera(blankVideo()); });
afterAll(async () => { await browser?.close(); });
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A phone's page whose every document keeps its layout shifts from its first paint. */
async function phonePage({ camera }: { camera: boolean }): Promise<Page> {
  context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'es-ES' });
  if (camera) await context.grantPermissions(['camera'], { origin: t.url });
  await recordLayoutShifts(context);
  const page = await context.newPage();
  page.setDefaultTimeout(UI_TIMEOUT);
  return page;
}

describe('«Escanear» opening on a phone', () => {
  it('with a camera: nothing moves until the camera is reading', async () => {
    const page = await phonePage({ camera: true });
    await loginAs(page, t.url, 'taller', 'taller1234', '/escanear');
    await expectVisible(page.getByText('Apunte la cámara al código de barras de la etiqueta', { exact: true }));
    // The top bar's answers too (the check-in asks the server; the bell counts the unread announcements).
    await expectVisible(page.getByTestId('check-in-main'));
    await expectVisible(page.getByTestId('announcements-bell'));
    expect(await unpromptedShifts(page)).toEqual([]);
    expect(await violationsOf(page)).toEqual([]);
  });

  it('with the camera refused: the refusal takes the camera\'s place, and the code field stays where it was', async () => {
    const page = await phonePage({ camera: false });
    await loginAs(page, t.url, 'taller', 'taller1234', '/escanear');
    await expectVisible(page.getByTestId('camera-problem').getByText(/^No se ha dado permiso para usar la cámara/));
    await expectVisible(page.getByTestId('check-in-main'));
    expect(await unpromptedShifts(page)).toEqual([]);
    expect(await violationsOf(page)).toEqual([]);
  });
});
