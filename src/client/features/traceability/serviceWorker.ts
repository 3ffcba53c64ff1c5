/// <reference types="vite-plugin-pwa/client" />
/**
 * The installed workshop app's service worker (vite.config.ts `pwa`): registered from «Escanear», the page
 * that must open with no network, so that the rest of the back office is not touched by it. Once registered
 * it serves the whole app's files from the phone and keeps itself up to date (autoUpdate: a new version
 * takes over and the page reloads). Browsers offer it only in a secure context (https, or localhost).
 */
import { registerSW } from 'virtual:pwa-register';

let registered = false;

export function registerServiceWorker() {
  if (registered || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  registered = true;
  registerSW({ immediate: true });
}
