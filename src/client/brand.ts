/** The product's colours and the MUI settings every screen shares (the light login page and the app). */
import type { Components, Theme } from '@mui/material';
import { muiSpanish } from './i18n/mui';

// The error red a shade darker than MUI's (#d32f2f): a field's red label on a filled input's grey
// (#f0f0f0) then reads at 4.9:1, not 4.4:1 (WCAG AA wants 4.5).
export const palette = { primary: { main: '#0b6e99' }, secondary: { main: '#14a0c4' }, error: { main: '#c62828' } };

/** MUI's own texts in Spanish ("Abrir", "Cerrar", "Filas por página"…); ours never upper-cased, as the spec quotes them. */
export const components: Components<Omit<Theme, 'components'>> = {
  ...(muiSpanish as Components<Omit<Theme, 'components'>>),
  MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
};
