/**
 * index.html paints the frame (top bar, side menu) as static markup before the scripts arrive
 * (app-shell.html, vite.config.ts appPreloads; issue 30). The server sends it to a browser with a
 * session cookie, on the frame's pages; what only this browser knows fits it here, as soon as main.tsx
 * runs and before the app arrives: the frame goes when the browser is signed out (the app sends it to
 * /login), the phone's second row of buttons when the last roles read are not the staff's (AppBar.tsx
 * reads the same), a phone's banner row when the admins' banner of orders to review showed last time
 * (ReviewBanner.tsx shows it from the same hint) or the unfinished cart's did (Banners.tsx), and the side
 * menu is narrow when the user closed it (react-admin's store, App.tsx).
 * React's frame removes it when it mounts (removeAppShell).
 */
import { hasAnyRole } from '../../shared/permissions';
import { STAFF } from '../../shared/roles';
import { CART_HINT, isSignedIn, lastHint, lastKnownRoles, REVIEW_COUNT_HINT } from '../providers/token';

/** Where react-admin's store (App.tsx: localStorageStore, key 'cobertores') keeps the side menu's state. */
const SIDEBAR_KEY = 'RaStorecobertores.sidebar.open';

/** Below this width the side menu floats over the page, closed until asked for (AppSidebar; app-shell.html's picture too). */
export const MOBILE_QUERY = '(max-width: 1023.98px)';

/** The side menu opens with the app about to render (react-admin's store reads it then): «Escanear»'s menu button on a phone. */
export function openSideMenuOnArrival() {
  try {
    window.localStorage.setItem(SIDEBAR_KEY, 'true');
  } catch {
    // No storage: the app opens with its menu closed, and the menu button opens it.
  }
}

export function fitAppShell() {
  const shell = document.getElementById('app-shell');
  if (!shell) return;
  if (!isSignedIn()) {
    shell.remove();
    return;
  }
  const roles = lastKnownRoles();
  if (roles && !hasAnyRole(roles, STAFF)) shell.classList.add('member');
  if (roles?.includes('admin') && Number(lastHint(REVIEW_COUNT_HINT)) > 0) shell.classList.add('review');
  else if (Number(lastHint(CART_HINT)) > 0) shell.classList.add('cart');
  try {
    if (window.localStorage.getItem(SIDEBAR_KEY) === 'false') shell.classList.add('closed');
  } catch {
    // No storage: the side menu opens, as react-admin's does then.
  }
}

/** Removes the frame's picture; in a layout effect of what replaces it, so that both go in one commit. */
export function removeAppShell() {
  document.getElementById('app-shell')?.remove();
}
