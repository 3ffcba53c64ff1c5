/**
 * Debian's Chromium as the browser tests and the web bench drive it (scripts/ensure-chromium.sh installs
 * it): headless as root, and none of the background connections this machine's closed network refuses.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];
