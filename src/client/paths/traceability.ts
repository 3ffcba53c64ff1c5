import { LIGHT_PAGES } from '../../shared/lightPages';

/** «Escanear», the workshop's first entry (docs/screens.md): the route, the top bar's button and its own page agree on it. */
export const SCAN_PATH = LIGHT_PAGES.scan;
