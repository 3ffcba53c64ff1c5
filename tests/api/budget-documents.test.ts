/**
 * A budget's client details, files, document and order (docs/validation.md Client details / Budget to order /
 * attached file / payment proof; docs/business-rules.md "Turning a budget into an order happens in one transaction").
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../../src/server/db/tables';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import {
  createUser,
  decodeQuotedPrintable,
  expectError,
  expectOk,
  filterQuery,
  jsonData,
  multipart,
  pdf,
  pdfText,
  png,
  tokenOf,
} from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const BLANKET = 1;

const details = {
  buyer_email: 'comprador@ejemplo.es',
  buyer_name: 'Lucía Romero',
  buyer_phone_number: '600111222',
  buyer_address_1: 'Calle Sol 3',
  buyer_delivery_address_1: 'Urbanización Las Palmeras 14',
  buyer_postal_code: '3001',
  buyer_city: 'Alicante',
  delivery_time_zone: 'Alicante',
  buyer_country: 'España',
  remark_OB1PCL: 'Chalet Romero',
};

/** A winter blanket budget of the member with one calculation, its cover chosen; returns ids. */
async function budgetWithCover(token = cliente) {
  const budget = expectOk(
    await t.call('POST', '/api/budget/create', {
      token,
      body: jsonData({
        pool_subcategory_id: 2,
        pool_cover_type_id: BLANKET,
        a: 10,
        b: 5,
        extra_distance: 0.2,
        stairwell: true,
        c: 2,
        d: 1,
        ...(token === admin ? { client_id: 1 } : {}),
      }),
    }),
    20001,
  );
  const calculus = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token })).budget_calculus[0].id as number;
  expectOk(
    await t.call('POST', '/api/budgetCalculus/chooseCover', {
      token,
      body: { budget_calculus_id: calculus, pool_cover_id: 1, reinforcement_type_id: 2, quantity: 2 },
    }),
    20001,
  );
  expectOk(
    await t.call('POST', '/api/budgetCalculus/addLine', {
      token,
      body: { budget_calculus_id: calculus, item_property_value_id: 1, quantity: 3 },
    }),
    20001,
  );
  return { budget: budget.id as number, calculus };
}

describe('client details', () => {
  it('every field is required, "Introduzca un/una …"', async () => {
    const { budget } = await budgetWithCover();
    const res = await t.call('POST', '/api/budget/updateClientDetails', {
      token: cliente,
      body: { budget_id: budget, buyer_email: 'no-es-email' },
    });
    expectError(res, 400, Code.error, undefined, {
      buyer_email: 'Introduzca un email válido',
      buyer_name: 'Introduzca un nombre',
      buyer_phone_number: 'Introduzca un teléfono',
      buyer_address_1: 'Introduzca una dirección de facturación',
      buyer_delivery_address_1: 'Introduzca una dirección de envío',
      buyer_postal_code: 'Introduzca un código postal',
      buyer_city: 'Introduzca una población',
      delivery_time_zone: 'Introduzca una provincia',
      buyer_country: 'Introduzca un país',
      remark_OB1PCL: 'Introduzca una referencia',
    });
  });

  it('saves them (postal code padded) for the member\'s own budget only', async () => {
    const { budget } = await budgetWithCover();
    const saved = expectOk(
      await t.call('POST', '/api/budget/updateClientDetails', { token: cliente, body: { budget_id: budget, ...details } }),
      20001,
    );
    expect(saved).toMatchObject({ buyer_name: 'Lucía Romero', buyer_postal_code: '03001', remark_OB1PCL: 'Chalet Romero' });
    const other = expectOk(
      await t.call('POST', '/api/budget/create', {
        token: admin,
        body: jsonData({ client_id: 2, pool_subcategory_id: 1, pool_cover_type_id: 3, a: 5, b: 3 }),
      }),
      20001,
    );
    expectError(
      await t.call('POST', '/api/budget/updateClientDetails', { token: cliente, body: { budget_id: other.id, ...details } }),
      404,
      Code.error,
    );
  });
});

describe('attached files and payment proofs', () => {
  it('attaches jpeg, png or pdf files to a calculation, judged by content, one at a time', async () => {
    const { calculus } = await budgetWithCover();
    const upload = (
      file: { filename: string; data: Buffer } | Array<{ filename: string; data: Buffer }>,
      name = 'Plano de la piscina',
      token = cliente,
    ) =>
      t.call('POST', '/api/attachedFile/create', {
        token,
        ...multipart({ data: JSON.stringify({ budget_calculus_id: calculus, name }) }, { file }),
      });
    const saved = expectOk(await upload({ filename: 'plano.pdf', data: pdf() }), 20001);
    expect(saved).toMatchObject({ name: 'Plano de la piscina', client_id: 1 });
    expect(saved.file).toMatch(/^\/api\/attachedFile\/file\//);
    const download = await t.call('GET', saved.file, { token: cliente });
    expect(download.status).toBe(200);
    expect(download.response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expectOk(await upload({ filename: 'foto.png', data: png(20, 20) }, 'Foto'), 20001);

    expectError(await upload({ filename: 'plano.png', data: Buffer.from('GIF89a fake') }), 400, Code.error, undefined, {
      file: 'La imagen debe de tener una extensión .png, .jpg o .pdf',
    });
    expectError(await upload({ filename: 'x.pdf', data: pdf() }, ''), 400, Code.error, undefined, { name: 'Introduzca un nombre' });
    expectError(
      await upload([
        { filename: 'a.pdf', data: pdf() },
        { filename: 'b.pdf', data: pdf() },
      ]),
      400,
      Code.error,
      undefined,
      { file: 'Sólo puede subirse 1 archivo' },
    );
    const list = expectOk(
      await t.call('GET', `/api/attachedFile/all?${filterQuery({ budget_calculus_id: calculus })}`, { token: cliente }),
    );
    expect(list.map((f: Row) => f.name)).toEqual(['Plano de la piscina', 'Foto']);
  });

  it('payment proofs belong to a budget; another client\'s budget is out of reach', async () => {
    const { budget } = await budgetWithCover();
    const upload = (budgetId: number, data: Buffer, token = cliente) =>
      t.call('POST', '/api/budgetPaycheck/create', {
        token,
        ...multipart({ data: JSON.stringify({ budget_id: budgetId, name: 'Transferencia' }) }, { file: { filename: 'pago.pdf', data } }),
      });
    const proof = expectOk(await upload(budget, pdf()), 20001);
    expect(proof.client_id).toBe(1);
    expectError(await upload(budget, Buffer.from('hola')), 400, Code.error, undefined, {
      file: 'El archivo debe de tener una extensión .png, .jpg o .pdf',
    });
    const other = expectOk(
      await t.call('POST', '/api/budget/create', {
        token: admin,
        body: jsonData({ client_id: 2, pool_subcategory_id: 1, pool_cover_type_id: 3, a: 5, b: 3 }),
      }),
      20001,
    );
    expectError(await upload(other.id, pdf()), 404, Code.error);
    const adminProof = expectOk(await upload(other.id, pdf(), admin), 20001);
    expect(adminProof.client_id).toBe(2);
    expect(expectOk(await t.call('GET', `/api/budgetPaycheck/all?${filterQuery({ budget_id: other.id })}`, { token: cliente }))).toEqual(
      [],
    );
    // Another client's proof: its link, had the member got hold of it, opens nothing (issue 29 §3).
    expect((await t.call('GET', adminProof.file, { token: admin })).status).toBe(200);
    expectError(await t.call('GET', adminProof.file, { token: cliente }), 404, Code.error, Msg.fileMissing);
    expectError(await t.call('GET', proof.file), 401, Code.invalidToken);
    expect((await t.call('GET', proof.file, { token: cliente })).status).toBe(200);
    expectError(await t.call('POST', '/api/budgetPaycheck/delete', { token: cliente, body: { id: adminProof.id } }), 404, Code.error);
    expectOk(await t.call('POST', '/api/budgetPaycheck/delete', { token: cliente, body: { id: proof.id } }), 20001);
  });
});

describe('the budget document', () => {
  it('is a Spanish PDF with the company, client, pool, lines, shipping, VAT, total and expiry', async () => {
    const { budget, calculus } = await budgetWithCover();
    expectOk(await t.call('POST', '/api/budget/updateClientDetails', { token: cliente, body: { budget_id: budget, ...details } }), 20001);
    const prices = expectOk(
      await t.call('POST', '/api/budgetCalculus/getBudgetPrices', { token: cliente, body: { budget_calculus_id: calculus } }),
    );
    const res = await t.call('GET', `/api/budget/document/${calculus}`, { token: cliente });
    expect(res.status).toBe(200);
    expect(res.response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.response.rawPayload);
    for (const expected of [
      'Presupuesto',
      'Cobertores Piscinas S.L.',
      'Piscinas Agua Azul',
      'Manta Invierno Premium',
      'Refuerzo con ollaos',
      'Confección escalera',
      'Chalet Romero',
      'Portes',
      'IVA (21 %)',
      'Total',
      'Presupuesto válido hasta el',
    ]) {
      expect(text).toContain(expected);
    }
    const euros = (n: number) => `${n.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true })}`;
    expect(text.replace(/\./g, '')).toContain(euros(prices.total).replace(/\./g, ''));
    expectError(await t.call('GET', `/api/budget/document/${calculus}`, {}), 401, 50008);
  });

  it('says a shipping with nothing to pay «Gratis», as every screen does, and one to pay in euros (issue 43)', async () => {
    const { budget, calculus } = await budgetWithCover();
    const { client_id: clientId } = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget}`, { token: cliente }));
    const shippingNow = async () => {
      const prices = expectOk(
        await t.call('POST', '/api/budgetCalculus/getBudgetPrices', { token: cliente, body: { budget_calculus_id: calculus } }),
      );
      const res = await t.call('GET', `/api/budget/document/${calculus}`, { token: cliente });
      return { shipping: prices.shipping as number, text: pdfText(res.response.rawPayload) };
    };
    // Free from 1 € on: this budget's shipping is free.
    await t.ctx.db.update(clients).set({ free_shipping_threshold: '1.00', default_ship_price: '25.00' }).where(eq(clients.id, clientId));
    const free = await shippingNow();
    expect(free.shipping).toBe(0);
    expect(free.text).toMatch(/Portes\s*Gratis/);
    // No threshold: the client's 25,00 €.
    await t.ctx.db.update(clients).set({ free_shipping_threshold: null }).where(eq(clients.id, clientId));
    const paid = await shippingNow();
    expect(paid.shipping).toBe(25);
    expect(paid.text).toMatch(/Portes\s*25,00/);
    expect(paid.text).not.toContain('Gratis');
  });

  it('is mailed to the buyer as an attachment; without a buyer e-mail the user is told', async () => {
    const { budget, calculus } = await budgetWithCover();
    expectError(
      await t.call('POST', '/api/budget/sendDocument', { token: cliente, body: { budget_calculus_id: calculus } }),
      400,
      Code.error,
      undefined,
      { email: 'El presupuesto no tiene email del comprador: indique a quién enviarlo' },
    );
    expectOk(await t.call('POST', '/api/budget/updateClientDetails', { token: cliente, body: { budget_id: budget, ...details } }), 20001);
    const sent = await t.call('POST', '/api/budget/sendDocument', { token: cliente, body: { budget_calculus_id: calculus } });
    expectOk(sent, 20001);
    expect(sent.body.message).toBe('Presupuesto enviado a comprador@ejemplo.es');
    const mail = decodeQuotedPrintable(t.outbox().at(-1)!);
    expect(mail).toContain('To: comprador@ejemplo.es');
    expect(mail).toContain(`Le enviamos adjunto el presupuesto nº ${budget} (Chalet Romero).`);
    expect(mail).toMatch(/filename="?presupuesto-\d+-\d+\.pdf/);
  });
});

describe('mailing budgets', () => {
  it('each send is audited (who, which budget, to whom); a user sends at most 20 an hour, others are not held up', async () => {
    const { budget, calculus } = await budgetWithCover();
    const send = (token: string) =>
      t.call('POST', '/api/budget/sendDocument', { token, body: { budget_calculus_id: calculus, email: 'alguien@ejemplo.es' } });
    const me = await createUser(t, admin, { client_id: 1 });
    const mine = await tokenOf(t, me.username, me.password);
    for (let i = 0; i < 20; i++) expectOk(await send(mine), 20001);
    expectError(await send(mine), 429, Code.warning, 'Demasiadas peticiones. Espere un momento y vuelva a intentarlo');
    // Another user of the same client, from the same address, still sends.
    expectOk(await send(cliente), 20001);
    const audits = expectOk(
      await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource: 'budgetDocument', record_id: String(calculus) })}`, {
        token: admin,
      }),
    );
    const sent = audits.items.filter((a: Row) => a.user_id === me.id);
    expect(sent).toHaveLength(20);
    expect(sent[0]).toMatchObject({ action: 'send', after: { budget_id: budget, budget_calculus_id: calculus, to: 'alguien@ejemplo.es' } });
  });
});

describe('budget to order', () => {
  it('only an accepted, unexpired budget; a cover and, for type 1, a reinforcement: "Campo obligatorio"', async () => {
    const { budget, calculus } = await budgetWithCover();
    const body = { budget_id: budget, budget_calculus_id: calculus, pool_cover_id: 1, reinforcement_type_id: 2 };
    expectError(
      await t.call('POST', '/api/budget/createOrder', { token: cliente, body }),
      409,
      Code.warning,
      'Solo se pueden pasar a pedido los presupuestos aceptados',
    );
    expectOk(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget, budget_status_id: 2 } }),
      20001,
    );
    expectError(
      await t.call('POST', '/api/budget/createOrder', { token: admin, body: { ...body, pool_cover_id: undefined } }),
      400,
      Code.error,
      undefined,
      { pool_cover_id: 'Campo obligatorio' },
    );
    expectError(
      await t.call('POST', '/api/budget/createOrder', { token: admin, body: { ...body, reinforcement_type_id: null } }),
      400,
      Code.error,
      undefined,
      { reinforcement_type_id: 'Campo obligatorio' },
    );
    // Nothing was half-written by the refused attempts.
    expect(expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget}`, { token: admin })).budget_status_id).toBe(2);
  });

  it('creates the cart order with the lines, shipping and tax in one go; the budget becomes status 3', async () => {
    const { budget, calculus } = await budgetWithCover();
    expectOk(await t.call('POST', '/api/budget/updateClientDetails', { token: cliente, body: { budget_id: budget, ...details } }), 20001);
    expectOk(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget, budget_status_id: 2 } }),
      20001,
    );
    const prices = expectOk(
      await t.call('POST', '/api/budgetCalculus/getBudgetPrices', { token: cliente, body: { budget_calculus_id: calculus } }),
    );
    const res = await t.call('POST', '/api/budget/createOrder', {
      token: admin,
      body: { budget_id: budget, budget_calculus_id: calculus, pool_cover_id: 2, reinforcement_type_id: 1 },
    });
    const { order_id } = expectOk(res, 20001);
    expect(res.body.message).toBe(`Se ha creado el pedido nº ${order_id}`);

    const order = expectOk(await t.call('GET', `/api/order/data/${order_id}`, { token: cliente }));
    expect(order).toMatchObject({ client_id: 1, customer_info: 'Chalet Romero', buyer_name: 'Lucía Romero' });
    const { order_items } = await import('../../src/server/db/tables');
    const { eq } = await import('drizzle-orm');
    const lines = await t.ctx.db.select().from(order_items).where(eq(order_items.order_id, order_id));
    expect(lines.map((l) => l.kind)).toEqual(['item', 'cover', 'reinforcement', 'confection']);
    expect(lines.find((l) => l.kind === 'cover')).toMatchObject({ quantity_purchased: 2, item_reference: 'Cobertor' });
    expect(lines.find((l) => l.kind === 'cover')!.product_name).toMatch(/Manta Invierno Básica \(\d+,\d{2} m²\)/);
    expect(order.user_id).toBe(expectOk(await t.call('GET', '/api/auth/info', { token: cliente })).user.id);
    expect(lines.find((l) => l.kind === 'item')).toMatchObject({ quantity_purchased: 3, item_reference: 'ANC-SUE', currency: 'EUR' });
    // Unit prices without and with 21 % VAT, worked by hand (half-up to the cent). The pool: 10,40 × 5,40 m + a 2 × 1 m
    // stairwell = 58,16 m²; Manta Invierno Básica 58,16 × 11,20 = 651,392 €; Refuerzo perimetral 58,16 × 1,20 = 69,792 €;
    // the stairwell's confección, Agua Azul's 15 €; an anchor, 3,50 €.
    expect(lines.map((l) => [l.kind, Number(l.vat_exclusive_item_price), Number(l.item_price)])).toEqual([
      ['item', 3.5, 4.24], // 4,235 €, half a cent, up
      ['cover', 651.39, 788.18], // 788,1819 €
      ['reinforcement', 69.79, 84.45], // 84,4459 €
      ['confection', 15, 18.15],
    ]);
    expect(prices.lines.length).toBe(lines.length);

    const after = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget}`, { token: cliente }));
    expect(after).toMatchObject({ budget_status_id: 3, order_id, pool_cover_id: 2, reinforcement_type_id: 1 });
    expect(expectOk(await t.call('GET', '/api/auth/info', { token: admin })).user.current_cart_order_id).toBe(order_id);
    expectError(
      await t.call('POST', '/api/budget/createOrder', {
        token: admin,
        body: { budget_id: budget, budget_calculus_id: calculus, pool_cover_id: 2, reinforcement_type_id: 1 },
      }),
      409,
      Code.warning,
      'El presupuesto ya se ha convertido en pedido',
    );
    const dropdown = expectOk(await t.call('GET', '/api/budget/getOrderedBudgetsDropdown', { token: cliente }));
    expect(dropdown.some((o: Row) => o.value === budget && o.extra === order_id)).toBe(true);
    expectError(await t.call('POST', '/api/budget/delete', { token: admin, body: { id: budget } }), 409, Code.warning);
  });
});
