/**
 * The pool printed where the cover is made (issue 43 point 3): the budget and order PDFs draw the pool of each
 * made-to-measure cover, and the workshop's bar-code answer carries the cover's pool to staff only.
 * Every expected label is worked by hand from the pool's numbers: a side «A 8,50 m», the cover
 * A + 2·solape × B + 2·solape.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../support/app';
import { ANTONIO_GIL } from '../support/addresses';
import { createUser, expectOk, jsonData, pdfText, tokenOf } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente, taller } = tokens); });

type Row = Record<string, any>;
const BLANKET = 1;
const BUBBLE_TYPE = 3;
const BUBBLE_400 = 4;
const address = { customer_info: 'Piscina Sr. Gil', ...ANTONIO_GIL, delivery_date: '2036-12-15' };

/** A fresh member of client 1, so that each order is its own cart. */
async function member() {
  const user = await createUser(t, admin, { client_id: 1 });
  return tokenOf(t, user.username, user.password);
}

/** Every line a PDF prints of a drawing: its title, summary and labels, as text. */
const documentText = async (path: string, token: string) => {
  const res = await t.call('GET', path, { token });
  expect(res.response.headers['content-type']).toBe('application/pdf');
  return pdfText(res.response.rawPayload);
};

/**
 * A finished order of a new member: a bubble cover for a 7 × 3,5 m pool with a 1,80 × 0,90 m stair 2,60 m from the
 * corner, 0,15 m of overlap and rounded corners (a cover line and its confection line), then an anchor article.
 */
async function orderWithCoverAndArticle() {
  const token = await member();
  const calculated = expectOk(
    await t.call('POST', '/api/order/createWithOrderCalculus', {
      token,
      body: {
        order: {},
        order_calculus: {
          pool_subcategory_id: 1, pool_cover_type_id: BUBBLE_TYPE, a: 7, b: 3.5, extra_distance: 0.15, rounded_corners: true,
          stairwell: true, c: 1.8, d: 0.9, e: 2.6, pool_cover_id: BUBBLE_400, quantity: 1,
        },
      },
    }),
    20001,
  );
  const id = calculated.order_id as number;
  expectOk(await t.call('POST', '/api/orderItem/create', { token, body: { order_id: id, item_property_value_id: 1, quantity: 1 } }), 20001);
  const finish = { order_id: id, ...address };
  expectOk(await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', { token, body: finish }), 20001);
  return { id, token };
}

describe('the budget document draws its pool', () => {
  it('with the budget\'s sides and stair and the calculation\'s overlap, each labelled in Spanish notation', async () => {
    const budget = expectOk(
      await t.call('POST', '/api/budget/create', {
        token: cliente,
        body: jsonData({
          pool_subcategory_id: 2, pool_cover_type_id: BLANKET, a: 8.5, b: 4, extra_distance: 0.3, stairwell: true, c: 2, d: 1, e: 1.5,
        }),
      }),
      20001,
    );
    const calculus = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente })).budget_calculus[0].id;
    const text = await documentText(`/api/budget/document/${calculus}`, cliente);
    // 8,50 + 2 × 0,30 = 9,10 m; 4,00 + 2 × 0,30 = 4,60 m.
    for (const label of [
      'Dibujo de la piscina',
      'Piscina de 8,50 × 4,00 m con escalera de 2,00 × 1,00 m; cobertor de 9,10 × 4,60 m',
      'A 8,50 m', 'B 4,00 m', 'C 2,00 m', 'D 1,00 m', 'E 1,50 m',
      'Cobertor 9,10 × 4,60 m · solape 0,30 m',
    ])
      expect(text).toContain(label);
  });
});

describe('the order document draws each made-to-measure cover\'s pool', () => {
  it('once per cover line, from its calculation; the confection and article lines draw nothing', async () => {
    const { id, token } = await orderWithCoverAndArticle();
    const text = await documentText(`/api/order/document/${id}`, token);
    // 7,00 + 2 × 0,15 = 7,30 m; 3,50 + 2 × 0,15 = 3,80 m.
    for (const label of [
      'Piscina de 7,00 × 3,50 m con escalera de 1,80 × 0,90 m; cobertor de 7,30 × 3,80 m',
      'A 7,00 m', 'B 3,50 m', 'C 1,80 m', 'D 0,90 m', 'E 2,60 m',
      'Cobertor 7,30 × 3,80 m · solape 0,15 m',
    ])
      expect(text).toContain(label);
    expect(text.match(/Dibujo de la piscina/g)).toHaveLength(1);
  });

  it('an order of articles only has no drawing', async () => {
    const token = await member();
    const cart = expectOk(
      await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 1, quantity: 2 } }),
      20001,
    );
    const text = await documentText(`/api/order/document/${cart.id}`, token);
    expect(text).toContain('Anclaje de suelo');
    expect(text).not.toContain('Dibujo de la piscina');
    expect(text).not.toMatch(/Piscina de|Cobertor \d/);
  });
});

describe('the bar-code answer carries a cover\'s pool to staff only', () => {
  it('staff get the cover\'s pool and null for an article; an anonymous reader and a member get no pool at all', async () => {
    const { id } = await orderWithCoverAndArticle();
    const lines: Row[] = expectOk(await t.call('GET', `/api/order/getById/${id}`, { token: admin })).order_items;
    const byKind = (kind: string) => lines.find((line) => line.kind === kind)!.barcode as string;
    const view = (code: string, token?: string) => t.call('GET', `/api/traceability/barCode/${code}`, { token });
    const pool = { a: 7, b: 3.5, c: 1.8, d: 0.9, e: 2.6, stairwell: true, rounded_corners: true, extra_distance: 0.15 };
    for (const token of [admin, taller]) {
      expect(expectOk(await view(byKind('cover'), token)).pool).toEqual(pool);
      expect(expectOk(await view(byKind('item'), token)).pool).toBeNull();
      // The confection is sewn on the cover, but its label is not the cover to cut.
      expect(expectOk(await view(byKind('confection'), token)).pool).toBeNull();
    }
    for (const token of [undefined, cliente]) {
      const answer = expectOk(await view(byKind('cover'), token));
      expect(answer).not.toHaveProperty('pool');
      expect(answer.product_name).toBeTruthy();
    }
    // Marking a step is for staff: its answer carries the pool too.
    const marked = expectOk(
      await t.call('POST', '/api/traceability/markNextStep', { token: taller, body: { code: byKind('cover') } }),
      20001,
    );
    expect(marked.pool).toEqual(pool);
  });
});
