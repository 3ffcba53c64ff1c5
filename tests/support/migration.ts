/** The order migration CSV as docs/decisions.md documents it, for the API and browser tests. */
export const MIGRATION_HEADER
  = 'referencia;cliente;fecha;entrega;estado;comprador;email;telefono;direccion;codigo_postal;poblacion;provincia;pais;'
    + 'producto;referencia_producto;cantidad;precio;iva;portes';

/** One valid row of order `ref` (client 1001, a reviewed order with one cover line); `overrides` change columns. */
export function migrationRow(ref: string, overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    referencia: ref,
    cliente: '1001',
    fecha: '15/03/2024',
    entrega: '20/03/2024',
    estado: 'revisado',
    comprador: 'Cliente Antiguo',
    email: 'antiguo@ejemplo.es',
    telefono: '600000000',
    direccion: 'Calle Vieja 1',
    codigo_postal: '46001',
    poblacion: 'Valencia',
    provincia: 'Valencia',
    pais: 'España',
    producto: 'Cobertor burbuja 8x4',
    referencia_producto: 'COB-1',
    cantidad: '1',
    precio: '250,00',
    iva: '21',
    portes: '25',
    ...overrides,
  };
  return MIGRATION_HEADER.split(';').map((k) => values[k]).join(';');
}
