/**
 * Order migration (migracion-pedidos): historical orders from CSV files, one row per order line,
 * rows sharing a `referencia` forming one order (format in docs/decisions.md "Order migration"). Every row is checked first;
 * the import then writes every order in one transaction, or nothing at all.
 */
import { inArray } from 'drizzle-orm';
import { OrderStatus } from '../../shared/orders';
import { withVat } from '../../shared/pricing';
import type { Db, Tx } from '../db';
import { clients, order_items, orders } from '../db/tables';
import { invalid } from '../errors';
import { writeAudit } from './audit';
import type { SessionUser } from './sessionUser';
import { newTrackCode, recordState } from './orders';
import type { MigrationPreview, OrderLineKind, RowError } from '../../shared/orderViews';

export const MIGRATION_COLUMNS = [
  'referencia', 'cliente', 'fecha', 'entrega', 'estado', 'comprador', 'email', 'telefono', 'direccion', 'codigo_postal', 'poblacion',
  'provincia', 'pais', 'producto', 'referencia_producto', 'cantidad', 'precio', 'iva', 'portes',
] as const;
type Column = (typeof MIGRATION_COLUMNS)[number];
/** The columns that describe the order (equal on every row of it); the rest describe the line. */
const ORDER_COLUMNS: Column[] = [
  'cliente',
  'fecha',
  'entrega',
  'estado',
  'comprador',
  'email',
  'telefono',
  'direccion',
  'codigo_postal',
  'poblacion',
  'provincia',
  'pais',
  'iva',
  'portes',
];

const REVIEW_NAMES: Record<string, number> = {
  'borrador': 1,
  '1': 1,
  'pendiente': 2,
  'pendiente de revisión': 2,
  '2': 2,
  'revisado': 3,
  '3': 3,
};

interface ParsedLine { product: string; reference: string | null; quantity: number; price: number }
interface ParsedOrder {
  reference: string; file: string; row: number; factusol: string; date: Date; delivery: string | null; review: number;
  buyer: Record<string, string | null>; tax: number; shipping: number; lines: ParsedLine[]; fields: Record<string, string>;
}

/** Splits CSV text (`;` or `,` as the header uses, double quotes, CRLF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) { row.push(cell); cell = ''; } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

const spanishNumber = (value: string) => {
  const clean = value.trim().replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : NaN;
};

function spanishDate(value: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const date = new Date(Date.UTC(+match[3], +match[2] - 1, +match[1], 12));
  return date.getUTCDate() === +match[1] && date.getUTCMonth() === +match[2] - 1 ? date : null;
}

/** Reads every file; returns the orders and every row's problems (nothing is written). */
async function readFiles(db: Db | Tx, files: Array<{ filename: string; data: Buffer }>) {
  const errors: RowError[] = [];
  const byReference = new Map<string, ParsedOrder>();
  let rowCount = 0;
  for (const file of files) {
    const rows = parseCsv(file.data.toString('utf8'));
    const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
    const missing = MIGRATION_COLUMNS.filter((c) => !header.includes(c));
    if (!rows.length || missing.length) {
      errors.push({
        file: file.filename,
        row: 1,
        message: `El fichero no tiene el formato de migración: faltan las columnas ${missing.join(', ') || MIGRATION_COLUMNS.join(', ')}`,
      });
      continue;
    }
    rows.slice(1).forEach((cells, index) => {
      const row = index + 2;
      rowCount++;
      const get = (c: Column) => (cells[header.indexOf(c)] ?? '').trim();
      const problems: string[] = [];
      const reference = get('referencia');
      if (!reference || reference.length > 60) problems.push('la referencia del pedido falta o es demasiado larga');
      const date = spanishDate(get('fecha'));
      if (!date) problems.push('la fecha debe ser dd/mm/aaaa');
      const deliveryText = get('entrega');
      const delivery = deliveryText ? spanishDate(deliveryText) : null;
      if (deliveryText && !delivery) problems.push('la fecha de entrega debe ser dd/mm/aaaa');
      const state = get('estado').toLowerCase();
      const review = Object.hasOwn(REVIEW_NAMES, state) ? REVIEW_NAMES[state] : undefined;
      if (!review) problems.push('el estado debe ser borrador, pendiente o revisado');
      const product = get('producto');
      if (!product || product.length > 300) problems.push('falta el producto');
      const productReference = get('referencia_producto');
      if (productReference.length > 13) problems.push('la referencia del producto tiene más de 13 caracteres');
      const quantity = spanishNumber(get('cantidad'));
      if (!Number.isInteger(quantity) || quantity < 1) problems.push('la cantidad debe ser un número entero de 1 o más');
      const price = spanishNumber(get('precio'));
      if (!Number.isFinite(price) || price < 0 || Math.round(price * 100) !== price * 100)
        problems.push('el precio debe ser un importe con 2 decimales como máximo');
      const tax = spanishNumber(get('iva'));
      if (!Number.isFinite(tax) || tax < 0 || tax > 100) problems.push('el IVA debe estar entre 0 y 100');
      const shipping = get('portes') ? spanishNumber(get('portes')) : 0;
      if (!Number.isFinite(shipping) || shipping < 0) problems.push('los portes deben ser un importe');
      const postal = get('codigo_postal');
      if (postal && !/^\d{4,5}$/.test(postal)) problems.push('el código postal debe tener 4 o 5 dígitos');
      if (!get('cliente')) problems.push('falta el código Factusol del cliente');
      if (problems.length) {
        errors.push({ file: file.filename, row, message: `${problems[0][0].toUpperCase()}${problems.join('; ').slice(1)}` });
        return;
      }
      const fields = Object.fromEntries(ORDER_COLUMNS.map((c) => [c, get(c)]));
      const line = { product, reference: productReference || null, quantity, price };
      const known = byReference.get(reference);
      if (known) {
        const differs = ORDER_COLUMNS.find((c) => known.fields[c] !== fields[c]);
        if (differs)
          errors.push({
            file: file.filename,
            row,
            message: `La columna ${differs} no coincide con la de la fila ${known.row} (${known.file}) del mismo pedido`,
          });
        else known.lines.push(line);
        return;
      }
      byReference.set(reference, {
        reference,
        file: file.filename,
        row,
        factusol: get('cliente'),
        date: date!,
        delivery: delivery ? delivery.toISOString().slice(0, 10) : null,
        review: review!,
        tax,
        shipping,
        fields,
        buyer: {
          buyer_name: get('comprador') || null,
          buyer_email: get('email') || null,
          buyer_phone_number: get('telefono') || null,
          buyer_address_1: get('direccion') || null,
          buyer_postal_code: postal ? postal.padStart(5, '0') : null,
          buyer_city: get('poblacion') || null,
          buyer_province: get('provincia') || null,
          buyer_country: get('pais') || null,
        },
        lines: [line],
      });
    });
  }
  const parsed = [...byReference.values()];
  // Clients by Factusol code, and orders already imported.
  const codes = [...new Set(parsed.map((o) => o.factusol))];
  const known = codes.length
    ? await db
        .select({ id: clients.id, code: clients.factusol_CODCLI, company: clients.invoicing_company_id })
        .from(clients)
        .where(inArray(clients.factusol_CODCLI, codes))
    : [];
  const imported = parsed.length
    ? await db
        .select({ reference: orders.legacy_reference })
        .from(orders)
        .where(
          inArray(
            orders.legacy_reference,
            parsed.map((o) => o.reference),
          ),
        )
    : [];
  for (const order of parsed) {
    if (!known.some((c) => c.code === order.factusol))
      errors.push({ file: order.file, row: order.row, message: `No existe ningún cliente con el código Factusol ${order.factusol}` });
    if (imported.some((i) => i.reference === order.reference))
      errors.push({ file: order.file, row: order.row, message: `El pedido ${order.reference} ya se importó` });
  }
  errors.sort((a, b) => a.file.localeCompare(b.file) || (a.row ?? 0) - (b.row ?? 0));
  return { parsed, clients: known, errors, rows: rowCount };
}

/** dry_run: what the files hold and every row's problems. */
export async function previewMigration(db: Db, files: Array<{ filename: string; data: Buffer }>): Promise<MigrationPreview> {
  const { parsed, errors, rows } = await readFiles(db, files);
  return { files: files.length, rows, orders: parsed.length, errors };
}

/** Imports every order of the files in one transaction, or refuses the whole upload with each row's error. */
export async function importMigration(db: Db, user: SessionUser, files: Array<{ filename: string; data: Buffer }>) {
  return db.transaction(async (tx) => {
    const { parsed, clients: known, errors, rows } = await readFiles(tx, files);
    if (errors.length) {
      throw invalid(
        Object.fromEntries(errors.map((e) => [`${e.file}:${e.row}`, e.message])),
        `No se ha importado nada: ${errors.length} ${errors.length === 1 ? 'fila tiene' : 'filas tienen'} errores`,
      );
    }
    for (const source of parsed) {
      const client = known.find((c) => c.code === source.factusol)!;
      const [order] = await tx
        .insert(orders)
        .values({
          client_id: client.id,
          user_id: user.id,
          status_id: OrderStatus.finished,
          order_review_status_id: source.review,
          track_code: newTrackCode(),
          invoicing_company_id: client.company,
          tax_percentage: source.tax.toFixed(2),
          shipping_price: source.shipping.toFixed(2),
          customer_info: source.reference,
          ...source.buyer,
          delivery_date: source.delivery ? `${source.delivery} 00:00:00` : null,
          finished_at: source.date,
          created_at: source.date,
          legacy_reference: source.reference,
          lastest_modification_user_id: user.id,
        })
        .returning();
      await tx.insert(order_items).values(
        source.lines.map((line) => ({
          order_id: order.id,
          kind: 'migrated' satisfies OrderLineKind,
          product_name: line.product,
          item_reference: line.reference,
          number_of_items: line.quantity,
          quantity_purchased: line.quantity,
          quantity_to_ship: line.quantity,
          vat_exclusive_item_price: line.price.toFixed(2),
          item_price: withVat(line.price, source.tax).toFixed(2),
        })),
      );
      await recordState(tx, order, user.id);
      await writeAudit(tx, user.id, 'order', order.id, 'create', null, { ...order, migrated: true });
    }
    return { files: files.length, rows, orders: parsed.length, errors: [] as RowError[] };
  });
}
