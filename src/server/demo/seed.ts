/**
 * Demo data for an empty database (docs/architecture.md), made through the domain modules as the screens
 * make it: the catalogue, budgets in every status, orders, consignments this week, the board, the
 * library, a month of check-ins. Dates follow today, so every screen shows what it is for.
 */
import { and, count, eq } from 'drizzle-orm';
import { hashPassword } from '../domain/passwords';
import { ensureSettings } from '../domain/settings';
import { rebuildKeptMonths } from '../domain/timeRecords';
import PDFDocument from 'pdfkit';
import type { Db } from '../db';
import { storedFileName, type FileStore } from '../files/store';
import { writeAudit } from '../domain/audit';
import { ALL_CLIENTS, CHOSEN_CLIENTS, STAFF_ONLY } from '../../shared/announcements';
import { DocumentVisibility } from '../../shared/documents';
import { syncItemCategories, syncItemProperties } from '../domain/items';
import { addLine, budgetPrices, budgetToOrder, changeBudgetStatus, chooseCover, expiryFor } from '../domain/budgets';
import type { SessionUser } from '../domain/sessionUser';
import { BudgetStatus } from '../../shared/budgets';
import { OrderStatus, ReviewStatus } from '../../shared/orders';
import { dayAfter, madridToday } from '../../shared/madrid';
import { ADMIN_GROUP, CLIENT_GROUP, rolesOfGroup, TALLER_GROUP } from '../../shared/roles';
import { addCalculation, addToCart, changeReviewStatus, finishCart } from '../domain/orders';
import {
  announcement_clients,
  announcements,
  document_categories,
  documents,
  mail_templates,
  time_entries,
  app_settings,
  budget_calculus,
  consignment_orders,
  consignments,
  production_steps,
  tasks,
  budget_calculus_items,
  budgets,
  categories,
  item_property_values,
  items,
  client_fares,
  clients,
  country_taxes,
  invoicing_companies,
  orders,
  pool_cover_types,
  pool_covers,
  reel_diameters,
  reel_subcategories,
  reels,
  reinforcement_types,
  taxes,
  users,
} from '../db/tables';

export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'admin1234', role: 'admin' },
  { username: 'cliente', password: 'cliente1234', role: 'client' },
  { username: 'taller', password: 'taller1234', role: 'taller' },
] as const;

export async function isEmpty(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(users);
  return Number(n) === 0;
}

/**
 * `files`: where the demo's library documents go (their PDFs); without a store (the tests' template)
 * the library has its categories but no document.
 */
export async function seedDemo(db: Db, files?: FileStore) {
  await ensureSettings(db);
  const pdfs = files
    ? await Promise.all(
        DEMO_DOCUMENTS.map(async (d) => ({ key: `document/${storedFileName(`${d.title}.pdf`, 'pdf')}`, data: await demoPdf(d.title) })),
      )
    : [];
  await db.transaction(async (tx) => {
    const [iva21, iva10] = await tx.insert(taxes).values([
      { name: 'IVA 21 %', tax_percentage: '21.00' },
      { name: 'IVA 10 %', tax_percentage: '10.00' },
      { name: 'Exento 0 %', tax_percentage: '0.00' },
    ]).returning();
    const [general, web] = await tx.insert(client_fares).values([{ name: 'Tarifa General' }, { name: 'Tarifa WEB' }]).returning();
    const [piscinas, export_] = await tx.insert(invoicing_companies).values([
      { name: 'Cobertores Piscinas S.L.', code: 'CPS' },
      { name: 'Cobertores Export S.L.', code: 'CEX' },
    ]).returning();
    await tx.insert(country_taxes).values([
      { code: 'ES', country: 'España' }, { code: 'PT', country: 'Portugal' }, { code: 'FR', country: 'Francia' },
    ]);
    const common = { country: 'España', web: 'https://www.ejemplo.es', budget_expiration_days: 30 };
    const [aguaAzul, jardines, costaBrava] = await tx
      .insert(clients)
      .values([
        {
          ...common,
          name: 'Piscinas Agua Azul',
          factusol_CODCLI: '1001',
          nif: '12345678',
          client_fare_id: general.id,
          tax_id: iva21.id,
          invoicing_company_id: piscinas.id,
          email: 'pedidos@aguaazul.es',
          phone_number: '961234567',
          address: 'Calle Mayor 12',
          postal_code: '46001',
          city: 'Valencia',
          province: 'Valencia',
          default_ship_price: '25.00',
          free_shipping_threshold: '600.00',
          extra_confection_price: 15,
          receiving_from: 9 * 3600,
          receiving_until: 14 * 3600,
        },
        {
          ...common,
          name: 'Jardines del Sur',
          factusol_CODCLI: '1002',
          nif: '8765432',
          client_fare_id: general.id,
          tax_id: iva21.id,
          invoicing_company_id: piscinas.id,
          email: 'compras@jardinesdelsur.es',
          phone_number: '954112233',
          address: 'Avenida de la Palmera 8',
          postal_code: '41012',
          city: 'Sevilla',
          province: 'Sevilla',
          default_ship_price: '30.00',
          free_shipping_threshold: null,
          extra_confection_price: 20,
        },
        {
          ...common,
          name: 'Mantenimientos Costa Brava',
          factusol_CODCLI: '1003',
          nif: '44556677',
          client_fare_id: web.id,
          tax_id: iva10.id,
          invoicing_company_id: export_.id,
          email: 'info@costabrava-piscinas.es',
          phone_number: '972334455',
          address: 'Passeig del Mar 3',
          postal_code: '17310',
          city: 'Lloret de Mar',
          province: 'Girona',
          default_ship_price: '35.50',
          free_shipping_threshold: '900.00',
          extra_confection_price: 18,
        },
      ])
      .returning();
    const [admin, member, tallerRow] = await tx
      .insert(users)
      .values([
        {
          username: 'admin',
          password_hash: await hashPassword('admin1234'),
          email: 'admin@cobertores.local',
          first_name: 'Ana',
          last_name: 'Martínez Ruiz',
          phone: '600000001',
          roles: ADMIN_GROUP,
        },
        {
          username: 'cliente',
          password_hash: await hashPassword('cliente1234'),
          email: 'cliente@aguaazul.es',
          first_name: 'Carlos',
          last_name: 'García López',
          phone: '600000002',
          roles: CLIENT_GROUP,
          client_id: aguaAzul.id,
        },
        {
          username: 'taller',
          password_hash: await hashPassword('taller1234'),
          email: 'taller@cobertores.local',
          first_name: 'Jorge',
          last_name: 'Sánchez Gil',
          phone: '600000003',
          roles: TALLER_GROUP,
        },
      ])
      .returning();
    await tx.update(app_settings).set({ web_fare_id: web.id }).where(eq(app_settings.id, 1));
    await seedCatalogue(tx);
    await seedBudgets(tx, admin, [aguaAzul, jardines, costaBrava]);
    await seedOrders(tx, admin, member, [aguaAzul, jardines, costaBrava]);
    await seedLogistics(tx, admin);
    await seedBoardAndLibrary(tx, admin, aguaAzul, pdfs);
    await seedCheckIns(tx, tallerRow);
    // Written as rows, not clocked: the figures everyone's month reads are worked out from them once.
    await rebuildKeptMonths(tx);
    await seedTemplateChange(tx, admin);
  });
  for (const pdf of pdfs) await files!.put(pdf.key, pdf.data);
}

type ClientRow = typeof clients.$inferSelect;
type UserRow = typeof users.$inferSelect;

const sessionOf = (user: UserRow): SessionUser => ({
  id: user.id, sessionId: 0, username: user.username, first_name: user.first_name, last_name: user.last_name, email: user.email,
  roles: rolesOfGroup(user.roles), client_id: user.client_id,
});

/**
 * Orders in every state, made as the screens make them: carts filled with articles, reels and cover
 * calculations, finished (staff force the review status where the demo wants another), and one
 * unfinished cart of the demo member.
 */
async function seedOrders(tx: Tx, adminRow: UserRow, memberRow: UserRow, all: ClientRow[]) {
  const [admin, member] = [sessionOf(adminRow), sessionOf(memberRow)];
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const variations = await tx.select().from(item_property_values).orderBy(item_property_values.id);
  const [diameter] = await tx.select().from(reel_diameters).where(eq(reel_diameters.available, true)).orderBy(reel_diameters.id).limit(1);
  const [bubble] = await tx.select().from(pool_covers).where(eq(pool_covers.name, 'Burbuja 400 micras'));
  const states: Array<{ client: ClientRow; review: number | null; reference: string; delivery: number; by: SessionUser }> = [
    { client: all[0], review: 1, reference: 'Piscina Sr. Pérez', delivery: 12, by: member },
    { client: all[0], review: 2, reference: 'Comunidad Los Olivos', delivery: 5, by: member },
    { client: all[0], review: 3, reference: 'Chalet Playa', delivery: -3, by: member },
    { client: all[1], review: 2, reference: 'Hotel Sevilla Centro', delivery: 7, by: admin },
    { client: all[1], review: 3, reference: 'Camping Doñana', delivery: -10, by: admin },
    { client: all[2], review: 1, reference: 'Villa Tossa', delivery: 20, by: admin },
    { client: all[2], review: 3, reference: 'Club Náutico', delivery: -1, by: admin },
    { client: all[0], review: null, reference: 'Carrito en curso', delivery: 10, by: member },
  ];
  for (const [i, state] of states.entries()) {
    const target = { client_id: state.client.id };
    await addToCart(tx, state.by, target, {
      kind: 'item',
      item_property_value_id: variations[i % variations.length].id,
      quantity: 1 + (i % 3),
    });
    if (i % 2 === 0) await addToCart(tx, state.by, target, { kind: 'reel', reel_diameter_id: diameter.id, quantity: 1 });
    const { order_id } = await addCalculation(tx, state.by, target, {
      pool_subcategory_id: 1,
      pool_cover_type_id: bubble.pool_cover_type_id,
      a: 6 + i,
      b: 3 + i / 2,
      rounded_corners: i % 3 === 0,
      stairwell: false,
      extra_distance: 0.15,
      pool_cover_id: bubble.id,
      quantity: 1,
      c: null,
      d: null,
      e: null,
      remark: null,
    });
    if (state.review === null) continue;
    const c = state.client;
    await finishCart(tx, state.by, {
      order_id,
      address: {
        customer_info: state.reference,
        buyer_name: state.reference,
        buyer_email: c.email,
        buyer_phone_number: c.phone_number,
        buyer_address_1: c.address,
        buyer_postal_code: c.postal_code,
        buyer_city: c.city,
        buyer_province: c.province,
        buyer_country: c.country,
        ship_name: c.name,
        ship_address_1: c.address,
        ship_postal_code: c.postal_code,
        ship_city: c.city,
        ship_province: c.province,
        ship_country: c.country,
        delivery_date: day(state.delivery),
      },
    });
    // Finished orders wait for review; staff then review them or send them back to draft.
    if (state.review !== ReviewStatus.toReview) await changeReviewStatus(tx, admin, order_id, state.review);
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Two cover types per season (type 1, the reinforced winter blanket, first), six covers, three reinforcements, three categories. */
async function seedCatalogue(tx: Tx) {
  const [blanket, opaque, bubble, solar] = await tx.insert(pool_cover_types).values([
    { name: 'Manta de invierno con refuerzo', season: 2, position: 1, description: 'Manta de invierno reforzada en el perímetro' },
    { name: 'Cobertor de invierno opaco', season: 2, position: 2, description: 'Lona opaca que evita la luz y las algas' },
    { name: 'Cobertor de burbujas', season: 1, position: 1, description: 'Cobertor térmico de burbujas para el verano' },
    { name: 'Cobertor solar', season: 1, position: 2, description: 'Calienta el agua y reduce la evaporación' },
  ]).returning();
  const cover = (type: number, name: string, price: string, weight: string, description: string) => ({
    pool_cover_type_id: type, name, price_m2: price, weight_index: weight, description, reference: 'Cobertor',
  });
  await tx.insert(pool_covers).values([
    cover(blanket.id, 'Manta Invierno Premium', '14.50', '0.6500', 'PVC 650 g/m² con refuerzo perimetral'),
    cover(blanket.id, 'Manta Invierno Básica', '11.20', '0.5500', 'PVC 550 g/m² con refuerzo perimetral'),
    cover(opaque.id, 'Lona Opaca 580', '9.80', '0.5800', 'Lona opaca de 580 g/m²'),
    cover(bubble.id, 'Burbuja 400 micras', '6.90', '0.4000', 'Burbuja azul de 400 micras'),
    cover(bubble.id, 'Burbuja 500 micras', '8.10', '0.5000', 'Burbuja azul de 500 micras'),
    cover(solar.id, 'Solar GeoBubble', '10.40', '0.4500', 'Burbuja bicolor de alto rendimiento'),
  ]);
  await tx.insert(reinforcement_types).values([
    { name: 'Refuerzo perimetral', reference: 'REF-PER', price_m2: '1.20', description: 'Cinta de refuerzo en todo el perímetro' },
    { name: 'Refuerzo con ollaos', reference: 'REF-OLL', price_m2: '1.80', description: 'Refuerzo con ollaos cada 50 cm' },
    { name: 'Refuerzo doble', reference: 'REF-DOB', price_m2: '2.40', description: 'Doble cinta de refuerzo para piscinas grandes' },
  ]);
  const cats = await tx
    .insert(categories)
    .values([{ name: 'Anclajes' }, { name: 'Limpieza' }, { name: 'Accesorios de enrollador' }])
    .returning();
  await seedReels(tx);
  await seedArticles(tx, cats.map((c) => c.id));
}

/** Two reels with sizes; diameters with and without motor, one combination unavailable. */
async function seedReels(tx: Tx) {
  const [telescopic, fixed] = await tx.insert(reels).values([
    { name: 'Enrollador telescópico', description: 'Tubo de aluminio telescópico con ruedas', size_min: '3.00', size_max: '6.00' },
    { name: 'Enrollador fijo inox', description: 'Soportes fijos de acero inoxidable', size_min: '4.00', size_max: '8.00' },
  ]).returning();
  const subs = await tx.insert(reel_subcategories).values([
    { reel_id: telescopic.id, size_max: '4.50' }, { reel_id: telescopic.id, size_max: '6.00' },
    { reel_id: fixed.id, size_max: '6.00' }, { reel_id: fixed.id, size_max: '8.00' },
  ]).returning();
  const rows: Array<typeof reel_diameters.$inferInsert> = [];
  subs.forEach((sub, i) => {
    for (const diameter of [110, 160]) {
      rows.push({
        reel_subcategory_id: sub.id,
        diameter,
        engine: false,
        price: String(180 + i * 40 + diameter),
        is_budget_favorite: diameter === 110,
        weight_index: '4.5000',
      });
      rows.push({
        reel_subcategory_id: sub.id,
        diameter,
        engine: true,
        price: String(620 + i * 60 + diameter),
        available: !(i === 3 && diameter === 160),
        weight_index: '9.0000',
      });
    }
  });
  await tx.insert(reel_diameters).values(rows);
}

/** Six articles over the three categories, with 0 to 2 properties; the hinged edging is the "orillo bisagra". */
async function seedArticles(tx: Tx, [anchors, cleaning, reelParts]: number[]) {
  const articles: Array<{
    name: string;
    reference: string;
    price: number;
    category: number;
    description: string;
    orillo?: boolean;
    properties: Array<[string, string[]]>;
  }> = [
    {
      name: 'Anclaje de suelo',
      reference: 'ANC-SUE',
      price: 3.5,
      category: anchors,
      description: 'Anclaje empotrable para fijar el cobertor',
      properties: [['Acabado', ['Latón', 'Inox']]],
    },
    {
      name: 'Tensor de invierno',
      reference: 'TEN-INV',
      price: 6.2,
      category: anchors,
      description: 'Tensor elástico con gancho',
      properties: [
        ['Longitud', ['1 m', '1,5 m']],
        ['Color', ['Negro', 'Blanco']],
      ],
    },
    {
      name: 'Cepillo de fondo',
      reference: 'CEP-FON',
      price: 18.9,
      category: cleaning,
      description: 'Cepillo de 45 cm para fondo y paredes',
      properties: [],
    },
    {
      name: 'Limpiafondos manual',
      reference: 'LIM-MAN',
      price: 39.5,
      category: cleaning,
      description: 'Limpiafondos con ruedas',
      properties: [['Anchura', ['35 cm', '45 cm']]],
    },
    {
      name: 'Correa de enrollador',
      reference: 'COR-ENR',
      price: 12.4,
      category: reelParts,
      description: 'Correa con hebilla para unir cobertor y tubo',
      properties: [['Longitud', ['2 m', '3 m', '4 m']]],
    },
    {
      name: 'Orillo bisagra',
      reference: 'ORI-BIS',
      price: 4.8,
      category: reelParts,
      description: 'Orillo con bisagra para el lado del enrollador (precio por metro)',
      orillo: true,
      properties: [['Color', ['Azul', 'Gris']]],
    },
  ];
  for (const article of articles) {
    const [row] = await tx
      .insert(items)
      .values({
        name: article.name,
        reference: article.reference,
        description: article.description,
        default_price: article.price.toFixed(2),
        is_orillo_bisagra: !!article.orillo,
      })
      .returning();
    await syncItemCategories(tx, row.id, [article.category]);
    await syncItemProperties(
      tx,
      row.id,
      article.properties.map(([name, options]) => ({ name, item_property_options: options.map((o) => ({ name: o })) })),
      article.price,
    );
  }
}

/** Budgets in every status: a draft with lines, an accepted one, one turned into an order, an expired draft. */
async function seedBudgets(tx: Tx, admin: typeof users.$inferSelect, [aguaAzul, jardines, costaBrava]: ClientRow[]) {
  const staff = sessionOf(admin);
  const buyer = (name: string, city: string, province: string, reference: string) => ({
    buyer_name: name,
    buyer_email: `${name.split(' ')[0].toLowerCase()}@ejemplo.es`,
    buyer_phone_number: '600123123',
    buyer_address_1: 'Calle de la Piscina 1',
    buyer_delivery_address_1: 'Calle de la Piscina 1',
    buyer_postal_code: '46001',
    buyer_city: city,
    delivery_time_zone: province,
    buyer_country: 'España',
    remark_OB1PCL: reference,
  });
  const make = async (client: ClientRow, pool: Partial<typeof budgets.$inferInsert>, daysAgo = 0) => {
    const created = new Date(Date.now() - daysAgo * 86_400_000);
    const [budget] = await tx.insert(budgets).values({
      client_id: client.id, user_id: admin.id, pool_subcategory_id: 1, pool_cover_type_id: 3, a: '8', b: '4', extra_distance: '0.15',
      created_date: created, expires_at: await expiryFor(tx, client.id, created), ...pool,
    }).returning();
    const [calculus] = await tx.insert(budget_calculus).values({ budget_id: budget.id, extra_distance: budget.extra_distance }).returning();
    return { budget, calculus };
  };
  // One by one: a transaction is one connection, and it runs one statement at a time.
  const coverNamed = async (name: string) => (await tx.select().from(pool_covers).where(eq(pool_covers.name, name)))[0];
  const bubble = await coverNamed('Burbuja 500 micras');
  const blanket = await coverNamed('Manta Invierno Premium');
  const solar = await coverNamed('Solar GeoBubble');
  const [firstVariation] = await tx.select().from(item_property_values).limit(1);

  const draft = await make(aguaAzul, buyer('Marta Pérez', 'Valencia', 'Valencia', 'Piscina Sra. Pérez'));
  await chooseCover(tx, staff, draft.calculus.id, { pool_cover_id: bubble.id, quantity: 1 });
  await addLine(tx, staff, draft.calculus.id, { kind: 'item', item_property_value_id: firstVariation.id, quantity: 4 });

  const accepted = await make(aguaAzul, {
    pool_subcategory_id: 2,
    pool_cover_type_id: blanket.pool_cover_type_id,
    a: '10',
    b: '5',
    stairwell: true,
    c: '2',
    d: '1',
    ...buyer('Jorge Sanz', 'Gandía', 'Valencia', 'Chalet Sanz'),
  });
  await chooseCover(tx, staff, accepted.calculus.id, {
    pool_cover_id: blanket.id,
    reinforcement_type_id: (await tx.select().from(reinforcement_types).limit(1))[0].id,
    quantity: 1,
  });
  await changeBudgetStatus(tx, staff, accepted.budget.id, BudgetStatus.accepted);

  const ordered = await make(jardines, {
    a: '7',
    b: '3.5',
    pool_cover_type_id: solar.pool_cover_type_id,
    ...buyer('Hotel Triana', 'Sevilla', 'Sevilla', 'Hotel Triana'),
  });
  await chooseCover(tx, staff, ordered.calculus.id, { pool_cover_id: solar.id, quantity: 1 });
  await changeBudgetStatus(tx, staff, ordered.budget.id, BudgetStatus.accepted);
  await budgetToOrder(tx, staff, {
    budget_id: ordered.budget.id,
    budget_calculus_id: ordered.calculus.id,
    pool_cover_id: solar.id,
    reinforcement_type_id: null,
  });
  // The seed is nobody's cart: the order stays a draft cart of the client, not the admin's current one.
  await tx.update(users).set({ current_cart_order_id: null }).where(eq(users.id, admin.id));

  const expired = await make(costaBrava, buyer('Club de Tenis Lloret', 'Lloret de Mar', 'Girona', 'Club de Tenis'), 45);
  await tx
    .insert(budget_calculus_items)
    .values(
      (await budgetPrices(tx, staff, expired.calculus.id, [{ kind: 'cover', pool_cover_id: bubble.id, quantity: 1 }])).lines.map(
        (line) => ({
          ...line,
          budget_calculus_id: expired.calculus.id,
          base_price: String(line.base_price),
          unit_price: String(line.unit_price),
          item_price: String(line.item_price),
          weight_index: String(line.weight_index),
          extra_distance: line.extra_distance == null ? null : String(line.extra_distance),
        }),
      ),
    );
}

/**
 * Monday to Sunday of this week in Madrid, each a `YYYY-MM-DD` date: the demo's consignments fall in
 * it whatever day it is seeded on.
 */
function thisWeek(today: string): string[] {
  const monday = dayAfter(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => dayAfter(monday, i));
}

/**
 * Production steps, a few staff tasks and this week's consignments: one sent on Monday with two
 * reviewed orders, and one planned for Thursday (or today, later in the week) with two orders whose
 * delivery is near, so the consignments list, its calendar and the dashboards' "next 7 days" show them.
 */
async function seedLogistics(tx: Tx, admin: UserRow) {
  await tx
    .insert(production_steps)
    .values(['Corte', 'Soldadura', 'Confección', 'Control de calidad', 'Embalaje'].map((name, i) => ({ name, position: i + 1 })));
  const day = (offset: number, time = '09:00:00') => `${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)} ${time}`;
  const today = madridToday();
  const week = thisWeek(today);
  const finishedOf = (review: number) => tx.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.status_id, OrderStatus.finished), eq(orders.order_review_status_id, review))).orderBy(orders.id).limit(2);
  const [sent, planned] = await tx
    .insert(consignments)
    .values([
      { date: `${week[0]} 08:30:00`, carrier: 'Seur', tracking_number: 'SEUR-2026-004512', remark: 'Entrega por la mañana' },
      {
        date: `${week[3] < today ? today : week[3]} 10:00:00`,
        carrier: 'MRW',
        tracking_number: 'MRW-2026-118830',
        remark: 'Avisar al cliente la víspera',
      },
    ])
    .returning();
  await tx.insert(consignment_orders).values([
    ...(await finishedOf(ReviewStatus.reviewed)).map((o) => ({ consignment_id: sent.id, order_id: o.id })),
    ...(await finishedOf(ReviewStatus.toReview)).map((o) => ({ consignment_id: planned.id, order_id: o.id })),
  ]);
  await tx.insert(tasks).values([
    {
      title: 'Medición piscina Chalet Playa',
      location: 'Valencia',
      attendees: 'Ana, Luis',
      start: day(1, '10:00:00'),
      end: day(1, '11:30:00'),
      bg_color: '#2e7d32',
      border_color: '#1b5e20',
      user_id: admin.id,
    },
    {
      title: 'Revisión de pedidos',
      location: 'Oficina',
      attendees: 'Ana',
      start: day(2, '09:00:00'),
      end: day(2, '10:00:00'),
      user_id: admin.id,
    },
    {
      title: 'Feria del sector',
      location: 'Madrid',
      attendees: 'Equipo comercial',
      start: day(7, '00:00:00'),
      end: day(8, '23:59:00'),
      all_day: true,
      bg_color: '#ef6c00',
      border_color: '#e65100',
      user_id: admin.id,
    },
  ]);
}

const DEMO_DOCUMENTS = [
  {
    title: 'Ficha técnica Manta Invierno Premium',
    category: 0,
    visibility: DocumentVisibility.allClients,
    description: 'Materiales, gramaje y medidas máximas.',
  },
  {
    title: 'Ficha técnica Burbuja 500 micras',
    category: 0,
    visibility: DocumentVisibility.allClients,
    description: 'Cobertor térmico de verano.',
  },
  {
    title: 'Garantía de los cobertores',
    category: 1,
    visibility: DocumentVisibility.allClients,
    description: 'Tres años en costuras y refuerzos.',
  },
  {
    title: 'Procedimiento de control de calidad',
    category: 1,
    visibility: DocumentVisibility.staff,
    description: 'Sólo para el personal.',
  },
] as const;

/** A one-page PDF titled as the document, so the demo's downloads open. */
function demoPdf(title: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(18).text(title).moveDown().fontSize(11).text('Documento de demostración de Cobertores.');
    doc.end();
  });
}

/** A few announcements (for every client, for one, for staff) and the library's two categories with their documents. */
async function seedBoardAndLibrary(tx: Tx, admin: UserRow, aguaAzul: ClientRow, pdfs: Array<{ key: string }>) {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  const [, chosen] = await tx
    .insert(announcements)
    .values([
      {
        title: 'Horario de verano',
        body: 'Del 1 de julio al 31 de agosto la oficina abre de **8:00 a 15:00**.',
        audience: ALL_CLIENTS,
        pinned: true,
        user_id: admin.id,
        created_at: daysAgo(6),
      },
      {
        title: 'Nueva lona opaca 580',
        body: 'Ya puede pedir la *Lona Opaca 580* en la calculadora.',
        audience: CHOSEN_CLIENTS,
        user_id: admin.id,
        created_at: daysAgo(3),
      },
      {
        title: 'Revisión de las máquinas de soldar',
        body: 'El jueves por la tarde no se suelda: mantenimiento.',
        audience: STAFF_ONLY,
        user_id: admin.id,
        created_at: daysAgo(1),
      },
    ])
    .returning();
  await tx.insert(announcement_clients).values({ announcement_id: chosen.id, client_id: aguaAzul.id });
  const categories = await tx
    .insert(document_categories)
    .values([
      { name: 'Fichas de producto', position: 1 },
      { name: 'Garantías y calidad', position: 2 },
    ])
    .returning();
  if (!pdfs.length) return;
  await tx.insert(documents).values(
    DEMO_DOCUMENTS.map((d, i) => ({
      title: d.title,
      description: d.description,
      visibility: d.visibility,
      document_category_id: categories[d.category].id,
      file: pdfs[i].key,
    })),
  );
}

/** The workshop's last month of working days (not today: today is checked in on the screen): in, a pause, out. */
async function seedCheckIns(tx: Tx, taller: UserRow) {
  const rows: Array<typeof time_entries.$inferInsert> = [];
  for (let back = 30; back >= 1; back--) {
    const day = new Date(Date.now() - back * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const at = (hour: number, minute: number) =>
      new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute));
    // Madrid is UTC+1 or +2: 06:00 UTC is 7 or 8 in the workshop.
    for (const [kind, hour, minute] of [
      ['in', 6, 0],
      ['pause_start', 9, 30],
      ['pause_end', 9, 50],
      ['out', 14, back % 3 === 0 ? 30 : 0],
    ] as const) {
      rows.push({ user_id: taller.id, kind, at: at(hour, minute), recorded_at: at(hour, minute), recorded_by: taller.id });
    }
  }
  await tx.insert(time_entries).values(rows);
}

/** The office has edited one mail (the budget to its buyer), so the templates screen shows a change to restore. */
async function seedTemplateChange(tx: Tx, admin: UserRow) {
  const [before] = await tx.select().from(mail_templates).where(eq(mail_templates.kind, 'budget_to_buyer'));
  const [after] = await tx
    .update(mail_templates)
    .set({
      body: before.body.replace('\n\nUn saludo.', '\n\nSi tiene cualquier duda, responda a este correo.\n\nUn saludo.'),
      updated_at: new Date(),
    })
    .where(eq(mail_templates.id, before.id))
    .returning();
  await writeAudit(tx, admin.id, 'mailTemplate', after.id, 'update', before, after);
}
