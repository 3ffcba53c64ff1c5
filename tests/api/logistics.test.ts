/**
 * Consignments, the delivery calendar, tasks, traceability and order migration (docs/screens.md, docs/api.md Order;
 * docs/business-rules.md).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '../../src/shared/codes';
import { order_item_steps } from '../../src/server/db/tables';
import { madridToday } from '../../src/shared/madrid';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, filterQuery, jsonData, multipart, pdfText, tokenOf } from './helpers';
import { MIGRATION_HEADER as HEADER, migrationRow as row } from '../support/migration';
import { ROSA_VIDAL } from '../support/addresses';

let t: TestApp;
let admin: string;
let cliente: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente, taller } = tokens); });

type Row = Record<string, any>;
// The business's days are Madrid's (the server reads bare days so).
const today = () => madridToday();

const address = {
  customer_info: 'Logística',
  ...ROSA_VIDAL,
};

/** A finished order of a client (through a fresh member's cart), delivered on `day`. */
async function finishedOrder(clientId = 1, day = today()) {
  const user = await createUser(t, admin, { client_id: clientId });
  const token = await tokenOf(t, user.username, user.password);
  const cart = expectOk(await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 2, quantity: 1 } }), 20001);
  return expectOk(
    await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
      token,
      body: { order_id: cart.id, ...address, delivery_date: day },
    }),
    20001,
  ) as Row;
}

const consignment = (data: Row, token = admin) => t.call('POST', '/api/consignment/create', { token, body: jsonData(data) });

describe('the demo', () => {
  /** Monday of a day's week (`YYYY-MM-DD`), worked out here from the weekday. */
  const mondayOf = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) - ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);

  it('has this week\'s consignments: one sent on Monday, one planned ahead that both dashboards show', async () => {
    const list = expectOk(await t.call('GET', '/api/consignment/page/1?per_page=100', { token: admin }));
    const seeded = (tracking: string) => list.items.find((c: Row) => c.tracking_number === tracking) as Row;
    const [sent, planned] = [seeded('SEUR-2026-004512'), seeded('MRW-2026-118830')];
    const [sentDay, plannedDay] = [sent.date.slice(0, 10), planned.date.slice(0, 10)];
    expect(sentDay).toBe(mondayOf(today()));
    expect(mondayOf(plannedDay)).toBe(mondayOf(today()));
    expect(plannedDay >= today()).toBe(true);
    expect(sent.order_ids).toHaveLength(2);
    expect(planned.order_ids).toHaveLength(2);
    const staffBoard = expectOk(await t.call('GET', '/api/dashboard/staff', { token: admin }));
    expect(staffBoard.consignments.map((c: Row) => c.id)).toContain(planned.id);
    // One of its orders is the demo member's client's.
    const memberBoard = expectOk(await t.call('GET', '/api/dashboard/member', { token: cliente }));
    expect(memberBoard.consignments.find((c: Row) => c.id === planned.id)).toMatchObject({
      carrier: 'MRW',
      orders: 1,
      clients: 'Piscinas Agua Azul',
    });
  });
});

describe('consignments', () => {
  it('groups finished orders with a date, carrier and tracking number; regrouping moves an order', async () => {
    const [a, b] = [await finishedOrder(1), await finishedOrder(2)];
    const first = expectOk(
      await consignment({ date: `${today()} 10:00:00`, carrier: 'Seur', tracking_number: 'S-1', order_ids: [a.id, b.id] }),
      20001,
    );
    expect(first.order_ids).toEqual([a.id, b.id].sort((x, y) => x - y));
    const second = expectOk(await consignment({ date: today(), carrier: 'MRW', order_ids: [b.id] }), 20001);
    expect(second.date).toBe(`${today()} 12:00:00`);
    expect(expectOk(await t.call('GET', `/api/consignment/data/${first.id}`, { token: admin })).order_ids).toEqual([a.id]);
    const orders: Row[] = expectOk(await t.call('GET', `/api/order/getConsignmentOrders/${second.id}`, { token: admin }));
    expect(orders.map((o) => [o.id, o.consignment_id])).toEqual([[b.id, second.id]]);
    // The orders a consignment carries are in its audit rows.
    const update = expectOk(
      await t.call('POST', '/api/consignment/update', { token: admin, body: jsonData({ id: second.id, order_ids: [a.id, b.id] }) }),
      20001,
    );
    expect(update.order_ids).toEqual([a.id, b.id].sort((x, y) => x - y));
    const audited = expectOk(
      await t.call('GET', `/api/audit/all?${filterQuery({ resource: 'consignment', record_id: String(second.id) })}`, { token: admin }),
    )
      .sort((x: Row, y: Row) => x.id - y.id)
      .map((row: Row) => [row.action, row.before?.order_ids, row.after?.order_ids]);
    expect(audited).toEqual([['create', undefined, [b.id]], ['update', [b.id], [a.id, b.id].sort((x, y) => x - y)]]);
  });

  it("an order's items count as shipped while it is in a consignment, and no longer once it leaves or the consignment goes", async () => {
    const [a, b] = [await finishedOrder(1), await finishedOrder(1)];
    const shipped = async (order: Row) =>
      (expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin })).order_items as Row[]).map((i) => [
        i.quantity_shipped,
        i.quantity_to_ship,
      ]);
    expect(await shipped(a)).toEqual([[0, 1]]);
    const sent = expectOk(await consignment({ date: today(), carrier: 'Seur', order_ids: [a.id, b.id] }), 20001);
    expect(await shipped(a)).toEqual([[1, 1]]);
    expect(await shipped(b)).toEqual([[1, 1]]);
    // b leaves the consignment; a stays.
    expectOk(await t.call('POST', '/api/consignment/update', { token: admin, body: jsonData({ ...sent, order_ids: [a.id] }) }), 20001);
    expect(await shipped(a)).toEqual([[1, 1]]);
    expect(await shipped(b)).toEqual([[0, 1]]);
    expectOk(await t.call('POST', '/api/consignment/delete', { token: admin, body: { id: sent.id } }), 20001);
    expect(await shipped(a)).toEqual([[0, 1]]);
  });

  it('validates: date, carrier, at least one order, finished orders only; staff only', async () => {
    expectError(await consignment({ date: '', carrier: ' ', order_ids: [] }), 400, Code.error, undefined, {
      date: 'Introduzca la fecha del envío', carrier: 'Introduzca el transportista', order_ids: 'Seleccione al menos un pedido',
    });
    expectError(await consignment({ date: '2026-02-30', carrier: 'Seur', order_ids: [1] }), 400, Code.error, undefined, {
      date: 'Introduzca una fecha y hora válidas',
    });
    const cart = expectOk(
      await t.call('POST', '/api/orderItem/create', { token: admin, body: { client_id: 1, item_property_value_id: 1, quantity: 1 } }),
      20001,
    );
    expectError(await consignment({ date: today(), carrier: 'Seur', order_ids: [cart.id] }), 400, Code.error, undefined, {
      order_ids: 'Solo se pueden enviar pedidos terminados',
    });
    expectError(await consignment({ date: today(), carrier: 'Seur', order_ids: [999999] }), 400, Code.error, undefined, {
      order_ids: 'La opción seleccionada no existe',
    });
    expectError(await consignment({ date: today(), carrier: 'Seur', order_ids: [1] }, cliente), 403, Code.error);
  });

  it('a member lists only consignments carrying its orders, and only its own orders in them', async () => {
    const [mine, theirs] = [await finishedOrder(1), await finishedOrder(2)];
    const mixed = expectOk(await consignment({ date: today(), carrier: 'Nacex', order_ids: [mine.id, theirs.id] }), 20001);
    const other = expectOk(await consignment({ date: today(), carrier: 'GLS', order_ids: [(await finishedOrder(3)).id] }), 20001);
    const list = expectOk(await t.call('GET', '/api/consignment/page/1?per_page=100', { token: cliente }));
    const ids = list.items.map((c: Row) => c.id);
    expect(ids).toContain(mixed.id);
    expect(ids).not.toContain(other.id);
    expect(expectOk(await t.call('GET', `/api/order/getConsignmentOrders/${mixed.id}`, { token: cliente })).map((o: Row) => o.id)).toEqual([
      mine.id,
    ]);
    // The consignment itself names only the member's own orders.
    expect(expectOk(await t.call('GET', `/api/consignment/data/${mixed.id}`, { token: cliente })).order_ids).toEqual([mine.id]);
    // Its list row too (the orders read in the page's own statement); staff see both, in order.
    expect(list.items.find((c: Row) => c.id === mixed.id).order_ids).toEqual([mine.id]);
    const staffList = expectOk(await t.call('GET', '/api/consignment/page/1?per_page=100', { token: admin }));
    expect(staffList.items.find((c: Row) => c.id === mixed.id).order_ids).toEqual([mine.id, theirs.id].sort((x, y) => x - y));
    expect(list.items.find((c: Row) => c.id === mixed.id).order_ids).toEqual([mine.id]);
    expect(expectOk(await t.call('GET', `/api/consignment/data/${mixed.id}`, { token: admin })).order_ids).toHaveLength(2);
    expectError(await t.call('GET', `/api/order/getConsignmentOrders/${other.id}`, { token: cliente }), 404, Code.error);

    // The same page asked by members of the other clients, after this one's (its statement is prepared once, by
    // its structure): each reads its own client's.
    for (const [clientId, carries, hidden, own] of [[2, mixed, other, theirs], [3, other, mixed, null]] as const) {
      const member = await createUser(t, admin, { client_id: clientId });
      const token = await tokenOf(t, member.username, member.password);
      const theirList = expectOk(await t.call('GET', '/api/consignment/page/1?per_page=100', { token }));
      expect(theirList.items.map((c: Row) => c.id)).toContain(carries.id);
      expect(theirList.items.map((c: Row) => c.id)).not.toContain(hidden.id);
      if (own) expect(theirList.items.find((c: Row) => c.id === mixed.id).order_ids).toEqual([own.id]);
    }
  });

  it('the public tracking page shows the consignment\'s date, carrier and tracking number', async () => {
    const order = await finishedOrder(1);
    expectOk(
      await consignment({ date: `${today()} 08:30:00`, carrier: 'Correos Express', tracking_number: 'CE-9', order_ids: [order.id] }),
      20001,
    );
    const tracked = expectOk(await t.call('GET', `/api/order/trackOrder/${order.track_code}`, {}));
    expect(tracked.consignments).toEqual([{ date: `${today()} 08:30:00`, carrier: 'Correos Express', tracking_number: 'CE-9' }]);
  });
});

describe('the delivery calendar', () => {
  it('getClientOrdersInDay lists the finished orders delivered that day; a member gets its own', async () => {
    const day = '2027-03-04';
    const [mine, theirs] = [await finishedOrder(1, day), await finishedOrder(2, day)];
    const staff: Row[] = expectOk(await t.call('GET', `/api/order/getClientOrdersInDay/${day}`, { token: admin }));
    expect(staff.map((o) => o.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect(staff[0]).toMatchObject({ state: 'Pendiente de revisión', delivery_date: expect.stringMatching(/^2027-03-04/) });
    expect(expectOk(await t.call('GET', `/api/order/getClientOrdersInDay/${day}`, { token: cliente })).map((o: Row) => o.id)).toEqual([
      mine.id,
    ]);
    expectError(await t.call('GET', '/api/order/getClientOrdersInDay/04-03-2027', { token: admin }), 400, Code.error, undefined, {
      day: 'Introduzca una fecha válida',
    });
    const range: Row[] = expectOk(
      await t.call('POST', '/api/order/getDeliveryCalendar', { token: admin, body: { from: '2027-03-01', to: '2027-03-31' } }),
    );
    expect(range.map((o) => o.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});

describe('tasks', () => {
  it('staff create, move and edit tasks with title, location, attendees and colours', async () => {
    const made = expectOk(
      await t.call('POST', '/api/task/create', {
        token: admin,
        body: jsonData({
          title: 'Visita obra',
          location: 'Xàbia',
          attendees: 'Ana, Luis',
          start: '2027-01-10 09:00:00',
          end: '2027-01-10T10:30',
          bg_color: '#ff0000',
          border_color: '#aa0000',
        }),
      }),
      20001,
    );
    expect(made).toMatchObject({
      start: '2027-01-10 09:00:00',
      end: '2027-01-10 10:30:00',
      bg_color: '#ff0000',
      user_id: expectOk(await t.call('GET', '/api/auth/info', { token: admin })).user.id,
    });
    const moved = expectOk(
      await t.call('POST', '/api/task/update', {
        token: admin,
        body: jsonData({ id: made.id, start: '2027-01-11 09:00:00', end: '2027-01-11 10:30:00' }),
      }),
      20001,
    );
    expect(moved).toMatchObject({ title: 'Visita obra', start: '2027-01-11 09:00:00' });
    const week = expectOk(
      await t.call('GET', `/api/task/all?${filterQuery({ start_gte: '2027-01-10 00:00:00', start_lte: '2027-01-16 23:59:59' })}`, {
        token: admin,
      }),
    );
    expect(week.map((task: Row) => task.id)).toContain(made.id);
    // A bare day as the upper bound means that whole day.
    expect(
      expectOk(
        await t.call('GET', `/api/task/all?${filterQuery({ start_gte: '2027-01-11', start_lte: '2027-01-11' })}`, { token: admin }),
      ).map((task: Row) => task.id),
    ).toContain(made.id);
    expect(
      expectOk(await t.call('GET', `/api/audit/page/1?${filterQuery({ created_at_lte: today(), resource: 'task' })}`, { token: admin }))
        .total,
    ).toBeGreaterThan(0);
    expectError(
      await t.call('POST', '/api/task/create', {
        token: admin,
        body: jsonData({ title: '', start: '2027-01-10 10:00:00', end: '2027-01-10 09:00:00', bg_color: 'rojo' }),
      }),
      400,
      Code.error,
      undefined,
      {
        title: 'Introduzca el título',
        end: 'El fin no puede ser anterior al inicio',
        bg_color: 'Introduzca un color válido (#rrggbb)',
      },
    );
    expectError(await t.call('GET', '/api/task/page/1', { token: cliente }), 403, Code.error);
  });
});

describe('traceability', () => {
  it('steps are configured in order; a bar code shows the item and its steps; staff mark the next one done', async () => {
    const steps: Row[] = expectOk(await t.call('GET', '/api/productionStep/all', { token: admin }));
    expect(steps.map((s) => s.name)).toEqual(['Corte', 'Soldadura', 'Confección', 'Control de calidad', 'Embalaje']);
    expectError(
      await t.call('POST', '/api/productionStep/create', { token: admin, body: jsonData({ name: '', position: 0 }) }),
      400,
      Code.error,
      undefined,
      { name: 'Introduzca el nombre del paso', position: 'Introduzca el orden del paso (1 o más)' },
    );

    const order = await finishedOrder(1);
    const details = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin }));
    const [item] = details.order_items;
    expect(item.barcode).toMatch(/^[0-9A-F]{12}$/);
    expect(item).toMatchObject({ steps_done: 0, steps_total: 5 });

    const view = expectOk(await t.call('GET', `/api/traceability/barCode/${item.barcode}`, {}));
    expect(view).toMatchObject({
      product_name: item.product_name,
      order: { id: order.id, state: 'Pendiente de revisión' },
      next_step_id: steps[0].id,
    });
    expect(JSON.stringify(view)).not.toContain('Rosa');

    expectError(await t.call('POST', '/api/traceability/markNextStep', { token: cliente, body: { code: item.barcode } }), 403, Code.error);
    expectError(await t.call('POST', '/api/traceability/markNextStep', { body: { code: item.barcode } }), 401, 50008);
    const marked = expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: item.barcode } }), 20001);
    expect(marked.steps[0]).toMatchObject({ name: 'Corte', done_by: 'Ana', done_at: expect.any(String) });
    expect(marked.next_step_id).toBe(steps[1].id);
    for (let i = 1; i < steps.length; i++)
      expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: item.barcode } }), 20001);
    expectError(
      await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: item.barcode } }),
      409,
      Code.warning,
      'Todos los pasos de este artículo están hechos',
    );
    expect(expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: cliente })).order_items[0].steps_done).toBe(5);
    expectError(
      await t.call('GET', '/api/traceability/barCode/NOEXISTE0000', {}),
      404,
      Code.error,
      'No existe ningún artículo con ese código',
    );
    // A step already done on some item keeps its record: it cannot be deleted.
    expectError(
      await t.call('POST', '/api/productionStep/delete', { token: admin, body: { id: steps[0].id } }),
      400,
      Code.error,
      'No se puede borrar un paso que ya se ha hecho en algún artículo',
    );
    // Production starts with a finished order, not a cart.
    const cart = expectOk(
      await t.call('POST', '/api/orderItem/create', { token: admin, body: { client_id: 1, item_property_value_id: 1, quantity: 1 } }),
      20001,
    );
    expectError(
      await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: cart.order_items[0].barcode } }),
      409,
      Code.warning,
      'El pedido todavía es un carrito sin terminar',
    );
  });

  it('who did each step is shown to staff, never to an anonymous reader of the label or to a member', async () => {
    const order = await finishedOrder(1);
    const [item] = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin })).order_items;
    expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: item.barcode } }), 20001);
    expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: taller, body: { code: item.barcode } }), 20001);
    const url = `/api/traceability/barCode/${item.barcode}`;
    const names = (view: Row) => view.steps.map((s: Row) => s.done_by);
    expect(names(expectOk(await t.call('GET', url, { token: admin })))).toEqual(['Ana', 'Jorge', null, null, null]);
    expect(names(expectOk(await t.call('GET', url, { token: taller })))).toEqual(['Ana', 'Jorge', null, null, null]);
    for (const token of [undefined, cliente]) {
      const view = expectOk(await t.call('GET', url, { token }));
      expect(names(view)).toEqual([null, null, null, null, null]);
      expect(view.steps.filter((s: Row) => s.done_at)).toHaveLength(2);
      expect(JSON.stringify(view)).not.toMatch(/Ana|Jorge/);
    }
  });

  /** The step rows recorded for an item, read from the table itself. */
  const stepRows = (itemId: number) => t.ctx.db.select().from(order_item_steps).where(eq(order_item_steps.order_item_id, itemId));
  const mark = (body: Row, token = taller) => t.call('POST', '/api/traceability/markNextStep', { token, body });

  it('a mark sent again with its idempotency key records nothing new and answers as the first time', async () => {
    const order = await finishedOrder(1);
    const [item] = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin })).order_items;
    const steps: Row[] = expectOk(await t.call('GET', '/api/productionStep/all', { token: admin }));
    const body = { code: item.barcode, step_id: steps[0].id, idempotency_key: '3f0c9a52-7d4e-4b1a-9c2e-5a6b7c8d9e0f' };
    const first = await mark(body);
    const again = await mark(body);
    expect(first.body.message).toBe('Paso marcado como hecho');
    expect(again.body).toEqual(first.body);
    expect(again.status).toBe(first.status);
    expect(await stepRows(item.id)).toHaveLength(1);
    // A new key is a new mark: the step after.
    expectOk(await mark({ code: item.barcode, step_id: steps[1].id, idempotency_key: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' }), 20001);
    expect(await stepRows(item.id)).toHaveLength(2);
  });

  it('records the time the mark was made on the phone, neither in the future nor days old', async () => {
    const order = await finishedOrder(1);
    const [item] = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin })).order_items;
    const steps: Row[] = expectOk(await t.call('GET', '/api/productionStep/all', { token: admin }));
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    const refused = (made_at: string) => mark({ code: item.barcode, step_id: steps[0].id, made_at });
    const future = 'La hora del paso no puede ser futura';
    expectError(await refused(minutes(10)), 400, Code.error, future, { made_at: future });
    const weekOld = 'El paso se hizo hace más de 3 días: márquelo de nuevo';
    expectError(await refused(minutes(-7 * 24 * 60)), 400, Code.error, weekOld, { made_at: weekOld });
    expectError(await refused('ayer'), 400, Code.error, 'La hora del paso no es válida');
    expect(await stepRows(item.id)).toHaveLength(0);

    // Made two hours ago without network: recorded at that time.
    const madeAt = minutes(-120);
    const view = expectOk(await refused(madeAt), 20001);
    expect(new Date(view.steps[0].done_at).getTime()).toBe(new Date(madeAt).getTime());
  });

  it('of ten concurrent marks of one step, one marks it and the others are told it was already marked', async () => {
    const order = await finishedOrder(1);
    const [item] = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin })).order_items;
    const steps: Row[] = expectOk(await t.call('GET', '/api/productionStep/all', { token: admin }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => mark({ code: item.barcode, step_id: steps[0].id })));
    const messages = answers.map((a) => a.body.message);
    expect(messages.filter((m) => m === 'Paso marcado como hecho')).toHaveLength(1);
    const refusals = answers.filter((a) => a.body.message !== 'Paso marcado como hecho');
    expect(refusals).toHaveLength(9);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ status: 409, body: { code: Code.warning, message: 'Este paso ya estaba marcado' } });
    const rows = await stepRows(item.id);
    expect(rows.map((r) => r.production_step_id)).toEqual([steps[0].id]);
  });

  it('prints a label per item with its bar code (PDF, staff only)', async () => {
    const order = await finishedOrder(1);
    const res = await t.call('GET', `/api/order/labels/${order.id}`, { token: admin });
    expect(res.response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.response.rawPayload);
    expect(text).toContain(`Pedido nº ${order.id}`);
    expect(res.response.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expectError(await t.call('GET', `/api/order/labels/${order.id}`, { token: cliente }), 403, Code.error);
  });
});

describe('order migration', () => {
  const upload = (files: Array<[string, string]>, query = '', token = admin) =>
    t.call('POST', `/api/order/migrateOrdersFiles${query}`, {
      token,
      ...multipart({}, { files: files.map(([filename, text]) => ({ filename, data: Buffer.from(text), contentType: 'text/csv' })) }),
    });

  it('previews (dry_run) the rows and orders and the errors of each row, writing nothing', async () => {
    const file = [
      HEADER,
      row('M-1'),
      row('M-1', { producto: 'Enrollador', cantidad: '2', precio: '100' }),
      row('M-2', { cliente: '9999' }),
      row('M-3', { fecha: '2024-03-15', cantidad: '0' }),
      row('M-4', { estado: 'constructor' }),
    ].join('\n');
    const preview = expectOk(await upload([['antiguos.csv', file]], '?dry_run=true'));
    expect(preview).toMatchObject({ files: 1, rows: 5, orders: 2 });
    expect(preview.errors).toEqual([
      { file: 'antiguos.csv', row: 4, message: 'No existe ningún cliente con el código Factusol 9999' },
      { file: 'antiguos.csv', row: 5, message: 'La fecha debe ser dd/mm/aaaa; la cantidad debe ser un número entero de 1 o más' },
      { file: 'antiguos.csv', row: 6, message: 'El estado debe ser borrador, pendiente o revisado' },
    ]);
    const orders = expectOk(
      await t.call('POST', '/api/order/getFilteredOrders', { token: admin, body: { page: 1, filters: { q: 'M-1' } } }),
    );
    expect(orders.total).toBe(0);
  });

  it('a file with one bad row is refused whole, with the row\'s error; nothing is half-imported', async () => {
    const good = [HEADER, row('N-1'), row('N-2')].join('\r\n');
    const bad = [HEADER, row('N-3'), row('N-3', { iva: '10' })].join('\n');
    const res = await upload([['buenos.csv', good], ['malos.csv', bad]]);
    expectError(res, 400, Code.error, 'No se ha importado nada: 1 fila tiene errores', {
      'malos.csv:3': 'La columna iva no coincide con la de la fila 2 (malos.csv) del mismo pedido',
    });
    const orders = expectOk(
      await t.call('POST', '/api/order/getFilteredOrders', { token: admin, body: { page: 1, filters: { q: 'N-1' } } }),
    );
    expect(orders.total).toBe(0);
  });

  it('imports every order of the files in one go (lines, prices with VAT, status), never twice', async () => {
    const file = [
      HEADER,
      row('P-1'),
      row('P-1', { producto: 'Enrollador', referencia_producto: 'ENR', cantidad: '2', precio: '1.100,50' }),
      row('P-2', { estado: 'pendiente', cliente: '1002' }),
    ].join('\n');
    const res = await upload([['historico.csv', `\uFEFF${file}`]]);
    expect(expectOk(res, 20001)).toMatchObject({ orders: 2, rows: 3 });
    expect(res.body.message).toBe('Se han importado 2 pedidos (3 filas)');
    expect((await upload([['uno.csv', [HEADER, row('P-9')].join('\n')]])).body.message).toBe('Se han importado 1 pedido (1 fila)');
    const found = expectOk(
      await t.call('POST', '/api/order/getFilteredOrders', { token: admin, body: { page: 1, filters: { q: 'P-1' } } }),
    );
    expect(found.total).toBe(1);
    const order = expectOk(await t.call('GET', `/api/order/getById/${found.items[0].id}`, { token: admin }));
    expect(order).toMatchObject({
      status_id: 1,
      order_review_status_id: 3,
      client_id: 1,
      buyer_name: 'Cliente Antiguo',
      shipping_price: 25,
      tax_percentage: 21,
    });
    expect(order.created_at).toMatch(/^2024-03-15/);
    expect(order.order_items.map((i: Row) => [i.product_name, i.quantity_purchased, i.vat_exclusive_item_price, i.item_price])).toEqual([
      ['Cobertor burbuja 8x4', 1, 250, 302.5], ['Enrollador', 2, 1100.5, 1331.61],
    ]);
    expect(order.totals.total).toBe(Math.round((250 + 2201 + 25) * 1.21 * 100) / 100);
    expectError(await upload([['otra-vez.csv', [HEADER, row('P-2')].join('\n')]]), 400, Code.error, undefined, {
      'otra-vez.csv:2': 'El pedido P-2 ya se importó',
    });
  });

  it('refuses what is not a migration CSV, and non-staff', async () => {
    expectError(await upload([['tabla.csv', 'nombre,precio\nA,1']]), 400, Code.error);
    expectError(await upload([['imagen.csv', '\u0000\u0001PNG']]), 400, Code.error);
    expectError(await t.call('POST', '/api/order/migrateOrdersFiles', { token: admin, body: {} }), 400, Code.error, undefined, {
      files: 'Seleccione uno o más ficheros CSV',
    });
    expectError(await upload([['x.csv', HEADER]], '', cliente), 403, Code.error);
  });
});
