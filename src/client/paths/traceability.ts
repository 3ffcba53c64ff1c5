/** «Escanear», the workshop's first entry (docs/screens.md): the route, the top bar's button and main.tsx's light page agree on it. */
export const SCAN_PATH = '/escanear';
