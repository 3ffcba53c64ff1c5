/** Spanish everywhere: react-admin's catalogue plus the application's own texts, in one place. */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Texts } from '../../shared/codes';
import { raSpanish } from './es';

export const appMessages = {
  app: {
    title: 'Cobertores',
    greeting: 'Hola, %{name}',
    logout: Texts.logout,
    home: Texts.home,
    loading: 'Cargando',
    no_match: 'No coincide ninguna opción',
    no_data: 'No hay opciones',
    read_more: 'Leer más',
    show_less: 'Mostrar menos',
    add: 'Añadir',
    create: 'Crear',
    edit: 'Editar',
    toggle_sidebar: 'Abrir o cerrar el menú',
    notification: { success: 'Correcto', warning: 'Aviso', error: 'Error', info: 'Info' },
  },
};

const messages = { ...raSpanish, ...appMessages };

export const i18nProvider = polyglotI18nProvider(() => messages, 'es', [{ locale: 'es', name: 'Español' }], {
  allowMissing: false,
  onMissingKey: (key: string) => {
    console.warn(`Missing translation for key: "${key}"`);
    return key;
  },
});
