/** The product's colours and the MUI settings every screen shares (the light login page and the app). */
import type { Components, Theme, ThemeOptions } from '@mui/material';
import { muiSpanish } from './i18n/mui';

// The error red a shade darker than MUI's (#d32f2f): a field's red label on a filled input's grey
// (#f0f0f0) then reads at 4.9:1, not 4.4:1 (WCAG AA wants 4.5).
export const palette = { primary: { main: '#0b6e99' }, secondary: { main: '#14a0c4' }, error: { main: '#c62828' } };

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3): dialogs, menus and panels then
 * appear and go at once, and buttons don't ripple. Read when the page loads.
 */
const reducedMotion = typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** MUI's transition settings: its own, or none at all with reduced motion (a zero duration everywhere, 'auto' heights included). */
export const transitions: ThemeOptions['transitions'] = reducedMotion
  ? {
      create: () => 'none',
      getAutoHeightDuration: () => 0,
      duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
    }
  : undefined;

/** MUI's own texts in Spanish ("Abrir", "Cerrar", "Filas por página"…); ours never upper-cased, as the spec quotes them. */
export const components: Components<Omit<Theme, 'components'>> = {
  ...(muiSpanish as Components<Omit<Theme, 'components'>>),
  MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
  ...(reducedMotion ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
};
