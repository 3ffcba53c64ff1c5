/** The budget document: one calculation of a budget, priced as saved, with the client's company; and its mail to the buyer. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { SEASONS } from '../../shared/catalogue';
import { Msg } from '../../shared/messages';
import { email, fieldErrors } from '../../shared/validation';
import type { AppContext } from '../context';
import { writeAudit } from '../domain/audit';
import type { SessionUser } from '../domain/sessionUser';
import { budgetPrices, findCalculus } from '../domain/budgets';
import { queueMail } from '../domain/mailQueue';
import { composeMail } from '../domain/mailTemplates';
import { clients, invoicing_companies, pool_cover_types } from '../db/tables';
import { invalid } from '../errors';
import { madridDay, renderDocument } from './commercialDocument';
import { formatEuros, formatMetres, formatPercent, formatShipping } from '../../shared/format';

const metres = (value: unknown) => formatMetres(Number(value));
/** A nullable numeric column (the stair's C, D, E) as a number, null staying null. */
const maybeNumber = (value: string | null) => (value === null ? null : Number(value));

export async function budgetDocument(ctx: AppContext, user: SessionUser, calculusId: unknown) {
  const { calculus, budget } = await findCalculus(ctx.db, user, calculusId);
  const prices = await budgetPrices(ctx.db, user, calculus.id);
  const [client] = await ctx.db.select().from(clients).where(eq(clients.id, budget.client_id));
  const [company] = await ctx.db.select().from(invoicing_companies).where(eq(invoicing_companies.id, client.invoicing_company_id));
  const [type] = await ctx.db.select().from(pool_cover_types).where(eq(pool_cover_types.id, budget.pool_cover_type_id));
  const logo = company.image ? await ctx.files.get(company.image).catch(() => null) : null;

  const pool: Array<[string, string]> = [
    ['Temporada', SEASONS.find((s) => s.value === budget.pool_subcategory_id)?.label ?? '—'],
    ['Tipo', type?.name ?? '—'],
    ['A', metres(budget.a)], ['B', metres(budget.b)],
    ['Solape', metres(calculus.extra_distance)],
  ];
  if (budget.stairwell) pool.push(['Escalera', `${metres(budget.c)} × ${metres(budget.d)}`]);
  if (budget.rounded_corners) pool.push(['Esquinas', 'redondeadas']);
  const buyer: Array<[string, string]> = [
    ['Referencia', budget.remark_OB1PCL ?? '—'],
    ['Nombre', budget.buyer_name ?? '—'],
    ['Email', budget.buyer_email ?? '—'],
    ['Teléfono', budget.buyer_phone_number ?? '—'],
    [
      'Envío',
      [budget.buyer_delivery_address_1, budget.buyer_postal_code, budget.buyer_city, budget.delivery_time_zone]
        .filter(Boolean)
        .join(', ') || '—',
    ],
  ];
  const pdf = await renderDocument({
    title: 'Presupuesto',
    number: `${budget.id}-${calculus.id}`,
    date: budget.created_date,
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
      { title: 'Piscina', facts: pool },
      { title: 'Comprador', facts: buyer },
    ],
    // The budget's pool with this calculation's overlap: the cover this document prices.
    drawings: [{
      title: 'Dibujo de la piscina',
      pool: {
        a: Number(budget.a), b: Number(budget.b),
        c: maybeNumber(budget.c), d: maybeNumber(budget.d), e: maybeNumber(budget.e),
        stairwell: budget.stairwell,
        extra_distance: Number(calculus.extra_distance),
      },
    }],
    lines: prices.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity ?? 1,
      unitPrice: l.unit_price,
      amount: l.item_price,
    })),
    totals: [
      ['Subtotal (sin IVA)', formatEuros(prices.subtotal)],
      [prices.names.shipping, formatShipping(prices.shipping)],
      [`${prices.names.vat} (${formatPercent(prices.tax_percentage)})`, formatEuros(prices.vat)],
    ],
    grandTotal: ['Total', prices.total],
    notes: [
      `Presupuesto válido hasta el ${madridDay(budget.expires_at)}.`,
      ...(calculus.remark ? [`Observaciones: ${calculus.remark}`] : []),
      'Precios en euros (EUR).',
    ],
  });
  return { pdf, filename: `presupuesto-${budget.id}-${calculus.id}.pdf`, budget, buyerEmail: budget.buyer_email, clientName: client.name };
}

const recipient = z.object({ email: email(Msg.buyerEmailMissing, Msg.emailInvalid) });

/**
 * Mails the budget document of a calculation the user may see to its buyer, or to `givenEmail`: the
 * text of the "budget to buyer" template and the PDF, nothing else. The mail is queued in the
 * transaction that audits the sending (who, which budget, to whom); returns the address.
 */
export async function mailBudgetDocument(ctx: AppContext, user: SessionUser, calculusId: unknown, givenEmail: string | null) {
  const { pdf, filename, budget, buyerEmail, clientName } = await budgetDocument(ctx, user, calculusId);
  const checked = recipient.safeParse({ email: givenEmail ?? buyerEmail });
  if (!checked.success) throw invalid(fieldErrors(checked.error));
  const to = checked.data.email as string;
  const reference = budget.remark_OB1PCL ?? '';
  await ctx.db.transaction(async (tx) => {
    const mail = await composeMail(tx, 'budget_to_buyer', {
      presupuesto: String(budget.id),
      referencia: reference,
      presupuesto_con_referencia: `${budget.id}${reference ? ` (${reference})` : ''}`,
      comprador: budget.buyer_name ?? '',
      cliente: clientName,
    });
    await queueMail(tx, { to, ...mail, attachments: [{ filename, content: pdf, contentType: 'application/pdf' }] });
    await writeAudit(tx, user.id, 'budgetDocument', calculusId, 'send', null, { budget_id: budget.id, budget_calculus_id: calculusId, to });
  });
  return to;
}
