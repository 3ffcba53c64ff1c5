/** The order document: its lines with VAT-exclusive prices, weights, shipping, VAT and total. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { SessionUser } from '../domain/sessionUser';
import { orderDetails } from '../domain/orders';
import { getPriceNames } from '../domain/settings';
import { clients, invoicing_companies } from '../db/tables';
import { formatDecimal, formatEuros, formatPercent, formatShipping } from '../../shared/format';
import { madridDay, renderDocument } from './commercialDocument';

/** Weights on the order sheet always show their two decimals: 12,80 kg. */
const kilos = (weight: number) => `${formatDecimal(weight)} kg`;

export async function orderDocument(ctx: AppContext, user: SessionUser, orderId: unknown) {
  const order = await orderDetails(ctx.db, user, orderId);
  const [client] = await ctx.db.select().from(clients).where(eq(clients.id, order.client_id));
  const [company] = order.invoicing_company_id
    ? await ctx.db.select().from(invoicing_companies).where(eq(invoicing_companies.id, order.invoicing_company_id))
    : await ctx.db.select().from(invoicing_companies).where(eq(invoicing_companies.id, client.invoicing_company_id));
  const names = await getPriceNames(ctx.db);
  const logo = company.image ? await ctx.files.get(company.image).catch(() => null) : null;
  const ship = [
    order.ship_address_1,
    order.ship_address_2,
    order.ship_postal_code,
    order.ship_city,
    order.ship_province,
    order.ship_country,
  ]
    .filter(Boolean)
    .join(', ');
  const pdf = await renderDocument({
    title: 'Pedido',
    number: String(order.id),
    date: new Date(order.finished_at ?? order.created_at),
    company: { name: company.name, code: company.code, logo },
    client: {
      name: client.name,
      nif: client.nif,
      address: client.address,
      city: client.city,
      postalCode: client.postal_code,
      province: client.province,
      email: client.email,
      phone: client.phone_number,
    },
    blocks: [
      {
        title: 'Pedido',
        facts: [
          ['Referencia', order.customer_info ?? '—'],
          ['Estado', order.state],
          ['Seguimiento', order.track_code],
          ['Entrega', order.delivery_date ? madridDay(new Date(`${order.delivery_date.slice(0, 10)}T12:00:00Z`)) : '—'],
        ],
      },
      {
        title: 'Comprador',
        facts: [
          ['Nombre', order.buyer_name ?? '—'],
          ['Email', order.buyer_email ?? '—'],
          ['Teléfono', order.buyer_phone_number ?? '—'],
        ],
      },
      {
        title: 'Envío',
        facts: [
          ['Destinatario', order.ship_name ?? '—'],
          ['Dirección', ship || '—'],
          ['Peso total', kilos(order.totals.weight)],
        ],
      },
    ],
    // A made-to-measure cover is drawn from its calculation's pool; reels and articles have none.
    drawings: order.order_items.flatMap((item) => {
      const calculation = item.kind === 'cover' ? order.order_calculus.find((c) => c.id === item.order_calculus_id) : undefined;
      return calculation ? [{ title: `Dibujo de la piscina: ${item.product_name}`, pool: calculation }] : [];
    }),
    lines: order.order_items.map((item) => ({
      description: item.product_name,
      reference: item.item_reference ?? item.reel_reference,
      quantity: item.quantity_purchased,
      unitPrice: item.vat_exclusive_item_price,
      amount: item.amount,
    })),
    totals: [
      ['Subtotal (sin IVA)', formatEuros(order.totals.subtotal)],
      [names.shipping, formatShipping(order.totals.shipping)],
      [`${names.vat} (${formatPercent(order.totals.tax_percentage)})`, formatEuros(order.totals.vat)],
    ],
    grandTotal: ['Total', order.totals.total],
    notes: [...(order.order_remark ? [`Observaciones: ${order.order_remark}`] : []), 'Precios en euros (EUR).'],
  });
  return { pdf, filename: `pedido-${order.id}.pdf` };
}
