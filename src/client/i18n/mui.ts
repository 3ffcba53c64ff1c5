/**
 * MUI's own texts in Spanish, in the spec's words where it has them (§9: «Cargando», «No hay
 * opciones»): the Autocomplete's buttons and messages, the Alert's close button, pagination labels.
 * MUI's esES is the base; it says «Abierto» for "Open" and «Cargando…», «Sin opciones».
 */
import { esES } from '@mui/material/locale';

export const muiSpanish = {
  ...esES.components,
  MuiAutocomplete: {
    defaultProps: {
      openText: 'Abrir',
      closeText: 'Cerrar',
      clearText: 'Borrar',
      loadingText: 'Cargando',
      noOptionsText: 'No hay opciones',
    },
  },
  MuiAlert: { defaultProps: { closeText: 'Cerrar' } },
};
