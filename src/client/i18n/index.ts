/** Spanish everywhere: react-admin's catalogue plus the application's own texts, in one place. */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Texts } from '../../shared/codes';
import { resourceSummaries } from '../../../schemas/summaries';
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

/**
 * Each resource's name as react-admin puts it inside a sentence ("No se han encontrado clientes con
 * los filtros actuales", "¿Está seguro de que desea borrar este impuesto?"): singular |||| plural,
 * first letter in lower case (acronyms such as IVA stay).
 */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
export const resourceNames = Object.fromEntries(
  Object.values(resourceSummaries).map(({ name, label }) => [name, { name: `${lowerFirst(label.one)} |||| ${lowerFirst(label.many)}` }]),
);

const messages = { ...raSpanish, ...appMessages, resources: resourceNames };

export const i18nProvider = polyglotI18nProvider(() => messages, 'es', [{ locale: 'es', name: 'Español' }], {
  allowMissing: false,
  onMissingKey: (key: string) => {
    console.warn(`Missing translation for key: "${key}"`);
    return key;
  },
});
