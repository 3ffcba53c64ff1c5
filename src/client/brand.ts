/** The product's colours and the MUI settings every screen shares (the light login page and the app). */
import type { Components, Theme } from '@mui/material';
import { muiSpanish } from './i18n/mui';

export const palette = {
  primary: { main: '#0b6e99' }, secondary: { main: '#14a0c4' },
  // MUI's red (#d32f2f) reads at 4.1:1 on a filled input's grey: a field's label and message in error need 4.5:1.
  error: { main: '#c62828' },
};

/** MUI's own texts in Spanish ("Abrir", "Cerrar", "Filas por página"…); ours never upper-cased, as the spec quotes them. */
export const components: Components<Omit<Theme, 'components'>> = {
  ...(muiSpanish as Components<Omit<Theme, 'components'>>),
  MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
};
