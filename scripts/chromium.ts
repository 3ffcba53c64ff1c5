/**
 * Debian's Chromium as the browser tests and the web bench drive it (scripts/ensure-chromium.sh installs
 * it): headless as root, and none of the background connections this machine's closed network refuses.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The features playwright-core turns off (its chromiumSwitches.ts): Chromium reads only the last
 * --disable-features, so ours repeats them (tests/browser/test-chromium.test.ts checks it).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium still renders its address bar's suggestion popup as a page of its own
 * (chrome://omnibox-popup.top-chrome): a renderer per window, about a tenth of the browser suite's CPU,
 * for a popup no test opens.
 */
export const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];
