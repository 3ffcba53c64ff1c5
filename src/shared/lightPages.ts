/**
 * The frame's pages a phone opens without react-admin (issue 46 §1): each is an html page of its own,
 * `<name>.html`, made by the build from index.html with its own script `src/client/<name>.tsx`
 * (vite.config.ts), and served by the server for its path (app.ts HTML_PAGES). Their first screen needs
 * none of react-admin, whose frame cost a phone about half a second before the page. Declared once here:
 * the build, the server and the client's routes read it.
 */
export const LIGHT_PAGES = {
  /** «Escanear», which the workshop opens dozens of times a day on a phone. */
  scan: '/escanear',
  /** The dashboard, the first entry of every member's and the staff's menu. */
  dashboard: '/dashboard',
  /** The cart, a member's way from its budgets and product lists to an order (and its «Mi carrito»). */
  cart: '/order-cart',
} as const;

export type LightPageName = keyof typeof LIGHT_PAGES;
