/**
 * Articles: categories, up to three properties with options, and the variation rows generated from
 * them (one per combination of options, holding the price). Everything of one article is written in
 * the caller's transaction, so an article and its structure are saved whole or not at all.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ItemProperty, ItemStructure, VariationView } from '../../shared/catalogueAnswers';
import { Msg } from '../../shared/messages';
import { variationPrice } from '../../shared/pricing';
import type { Queryable, Tx } from '../db';
import {
  categories, item_categories, item_properties, item_property_options, item_property_value_fare_prices, item_property_values, items,
} from '../db/tables';
import { invalid } from '../errors';
import type { Row } from './records';

export interface PropertyInput { id?: number; name: string; item_property_options: Array<{ id?: number; name: string }> }

const OPTION_COLUMNS = ['item_property_1_option_id', 'item_property_2_option_id', 'item_property_3_option_id'] as const;

// ---------------------------------------------------------------- reading the structure

/** An article's properties in order, each with its options in order (and its article, for several at once). */
export async function propertiesOf(db: Queryable, itemIds: number[]): Promise<Array<ItemProperty & { item_id: number }>> {
  if (!itemIds.length) return [];
  const props = await db
    .select()
    .from(item_properties)
    .where(inArray(item_properties.item_id, itemIds))
    .orderBy(asc(item_properties.position), asc(item_properties.id));
  const options = props.length
    ? await db.select().from(item_property_options).where(inArray(item_property_options.item_property_id, props.map((p) => p.id)))
        .orderBy(asc(item_property_options.position), asc(item_property_options.id))
    : [];
  return props.map((p) => ({
    id: p.id, item_id: p.item_id, position: p.position, name: p.name,
    item_property_options: options.filter((o) => o.item_property_id === p.id).map((o) => ({ id: o.id, name: o.name })),
  }));
}

/** Adds `categories_ids` and `item_properties` (with their options) to article records. */
export async function withItemStructure<R extends Row>(db: Queryable, records: R[]): Promise<Array<R & ItemStructure>> {
  const ids = records.map((r) => r.id as number);
  if (!ids.length) return [];
  const [links, props] = await Promise.all([
    db.select().from(item_categories).where(inArray(item_categories.item_id, ids)).orderBy(asc(item_categories.category_id)),
    propertiesOf(db, ids),
  ]);
  return records.map((record): R & ItemStructure => ({
    ...record,
    categories_ids: links.filter((l) => l.item_id === record.id).map((l) => l.category_id),
    item_properties: props.filter((p) => p.item_id === record.id).map(({ item_id: _item, ...p }) => p),
  }));
}

/** Articles of a category (a value or a list of ids): the `categories_ids` filter. */
export function inCategories(value: unknown): SQL {
  const ids = (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  if (!ids.length) return sql`false`;
  return inArray(
    items.id,
    sql`(select ${item_categories.item_id} from ${item_categories} where ${inArray(item_categories.category_id, ids)})`,
  );
}

// ---------------------------------------------------------------- writing the structure

/** Makes the article's categories exactly `ids`; an unknown category is a 40001 on the field. */
export async function syncItemCategories(tx: Tx, itemId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length) {
    const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted));
    if (found.length !== wanted.length) throw invalid({ categories_ids: Msg.referenceMissing });
  }
  await tx.delete(item_categories).where(eq(item_categories.item_id, itemId));
  if (wanted.length) await tx.insert(item_categories).values(wanted.map((category_id) => ({ item_id: itemId, category_id })));
}

/**
 * Makes the article's properties and options exactly `wanted` (by id where given) and keeps the
 * variations consistent with them:
 * - a removed option (or property) takes its variations with it;
 * - reordered properties move their options to the right variation column;
 * - an added property gives the existing variations its first option, so their prices survive;
 * then the missing combinations are generated at the article's default price.
 */
export async function syncItemProperties(tx: Tx, itemId: number, wanted: PropertyInput[], defaultPrice: number) {
  const existing = await propertiesOf(tx, [itemId]);
  const keptIds = wanted.map((p) => p.id).filter((id): id is number => !!id && existing.some((e) => e.id === id));
  const removed = existing.filter((e) => !keptIds.includes(e.id));
  if (removed.length) await tx.delete(item_properties).where(inArray(item_properties.id, removed.map((p) => p.id)));

  const positions = new Map<number, number>(); // option id → its property's new position (1–3)
  const firstOptions: Array<number | null> = [];
  for (const [index, property] of wanted.entries()) {
    const position = index + 1;
    const old = existing.find((e) => e.id === property.id);
    let propertyId: number;
    if (old) {
      propertyId = old.id;
      await tx.update(item_properties).set({ name: property.name, position }).where(eq(item_properties.id, propertyId));
      const keptOptions = property.item_property_options
        .map((o) => o.id)
        .filter((id) => id && old.item_property_options.some((e) => e.id === id)) as number[];
      const gone = old.item_property_options.filter((o) => !keptOptions.includes(o.id)).map((o) => o.id);
      if (gone.length) await tx.delete(item_property_options).where(inArray(item_property_options.id, gone));
    } else {
      [{ id: propertyId }] = await tx
        .insert(item_properties)
        .values({ item_id: itemId, name: property.name, position })
        .returning({ id: item_properties.id });
    }
    const isNewProperty = !old;
    for (const [optionIndex, option] of property.item_property_options.entries()) {
      const kept = old?.item_property_options.some((o) => o.id === option.id);
      let optionId: number;
      if (kept) {
        optionId = option.id!;
        await tx
          .update(item_property_options)
          .set({ name: option.name, position: optionIndex })
          .where(eq(item_property_options.id, optionId));
      } else {
        [{ id: optionId }] = await tx
          .insert(item_property_options)
          .values({ item_property_id: propertyId, name: option.name, position: optionIndex })
          .returning({ id: item_property_options.id });
      }
      positions.set(optionId, position);
      if (optionIndex === 0) firstOptions[index] = isNewProperty ? optionId : null;
    }
  }

  // Re-seat every surviving variation's options by their property's position.
  const variations = await tx.select().from(item_property_values).where(eq(item_property_values.item_id, itemId));
  for (const variation of variations) {
    const columns: Array<number | null> = [null, null, null];
    for (const column of OPTION_COLUMNS) {
      const optionId = variation[column];
      if (optionId && positions.has(optionId)) columns[positions.get(optionId)! - 1] = optionId;
    }
    firstOptions.forEach((first, index) => { if (first && columns[index] === null) columns[index] = first; });
    const unchanged = OPTION_COLUMNS.every((column, i) => variation[column] === columns[i]);
    if (!unchanged) {
      await tx
        .update(item_property_values)
        .set({
          item_property_1_option_id: columns[0],
          item_property_2_option_id: columns[1],
          item_property_3_option_id: columns[2],
          updated_at: new Date(),
        })
        .where(eq(item_property_values.id, variation.id));
    }
  }
  // Variations missing an option of a current property cannot be priced: they go (their combination is regenerated).
  const incomplete = OPTION_COLUMNS.slice(0, wanted.length).map((column) => sql`${item_property_values[column]} is null`);
  const extra = OPTION_COLUMNS.slice(wanted.length).map((column) => sql`${item_property_values[column]} is not null`);
  if (incomplete.length || extra.length)
    await tx.delete(item_property_values).where(and(eq(item_property_values.item_id, itemId), or(...incomplete, ...extra)));
  return generateMissingVariations(tx, itemId, defaultPrice);
}

/** The combinations of one option per property; one empty combination for an article without properties. */
export function combinations(optionIdsByProperty: number[][]): number[][] {
  return optionIdsByProperty.reduce<number[][]>((acc, options) => acc.flatMap((combo) => options.map((o) => [...combo, o])), [[]]);
}

const comboKey = (ids: Array<number | null>) => ids.map((id) => id ?? 0).join('-');

/** Creates the variation rows that are missing for the article's current options, at `price`. */
export async function generateMissingVariations(tx: Tx, itemId: number, price: number) {
  const props = await propertiesOf(tx, [itemId]);
  const wanted = combinations(props.map((p) => p.item_property_options.map((o) => o.id)));
  const present = new Set((await tx.select().from(item_property_values).where(eq(item_property_values.item_id, itemId)))
    .map((v) => comboKey(OPTION_COLUMNS.map((c) => v[c]))));
  const missing = wanted.filter((combo) => !present.has(comboKey([combo[0] ?? null, combo[1] ?? null, combo[2] ?? null])));
  if (missing.length) {
    await tx.insert(item_property_values).values(
      missing.map((combo) => ({
        item_id: itemId,
        item_property_1_option_id: combo[0] ?? null,
        item_property_2_option_id: combo[1] ?? null,
        item_property_3_option_id: combo[2] ?? null,
        value: price.toFixed(2),
      })),
    );
  }
  return { created: missing.length };
}

/** Shows (true) or hides (false) every variation of an article. */
export async function setAllVariationsVisible(tx: Tx, itemId: number, visible: boolean) {
  const changed = await tx.update(item_property_values).set({ is_hidden: !visible, updated_at: new Date() })
    .where(eq(item_property_values.item_id, itemId)).returning({ id: item_property_values.id });
  return { updated: changed.length };
}

// ---------------------------------------------------------------- variations with names and prices

/** "Azul · 2 m": the option names of a variation, in property order (the article's name without options). */
export function variationLabel(itemName: string, optionNames: string[]) {
  return optionNames.length ? optionNames.join(' · ') : itemName;
}

/** Adds `name` (its options) and `item_name` to variation records. */
export async function withVariationNames(db: Queryable, records: Row[]): Promise<Row[]> {
  if (!records.length) return records;
  const optionIds = [
    ...new Set(records.flatMap((r) => OPTION_COLUMNS.map((c) => r[c] as number | null)).filter((id): id is number => !!id)),
  ];
  const itemIds = [...new Set(records.map((r) => r.item_id as number))];
  const [options, names] = await Promise.all([
    optionIds.length
      ? db
          .select({ id: item_property_options.id, name: item_property_options.name })
          .from(item_property_options)
          .where(inArray(item_property_options.id, optionIds))
      : [],
    db.select({ id: items.id, name: items.name }).from(items).where(inArray(items.id, itemIds)),
  ]);
  const optionName = new Map(options.map((o) => [o.id, o.name]));
  const itemName = new Map(names.map((i) => [i.id, i.name]));
  return records.map((record) => {
    const chosen = OPTION_COLUMNS.map((c) => record[c] as number | null)
      .filter((id): id is number => !!id)
      .map((id) => optionName.get(id) ?? '');
    return {
      ...record,
      item_name: itemName.get(record.item_id as number) ?? '',
      name: variationLabel(itemName.get(record.item_id as number) ?? '', chosen),
    };
  });
}

/**
 * The variations of some articles with their price under a fare (null: base prices). `audience`
 * decides what is left out: 'staff' sees everything, 'client' loses hidden and fare-hidden rows,
 * 'internal' (the staff's internal calculator) loses hidden and internal-hidden rows.
 */
export async function variationsWithPrices(
  db: Queryable,
  itemIds: number[],
  fareId: number | null,
  audience: 'staff' | 'client' | 'internal',
): Promise<VariationView[]> {
  if (!itemIds.length) return [];
  const rows = await db
    .select({ variation: item_property_values, fare: item_property_value_fare_prices })
    .from(item_property_values)
    .leftJoin(
      item_property_value_fare_prices,
      and(
        eq(item_property_value_fare_prices.target_id, item_property_values.id),
        eq(item_property_value_fare_prices.client_fare_id, fareId ?? 0),
      ),
    )
    .where(inArray(item_property_values.item_id, itemIds))
    .orderBy(asc(item_property_values.item_id), asc(item_property_values.id));
  const named = await withVariationNames(
    db,
    rows.map((r) => r.variation as Row),
  );
  const views = rows.map(({ variation, fare }, i): VariationView => {
    const value = Number(variation.value);
    const custom = fare ? Number(fare.custom_price) : null;
    return {
      id: variation.id,
      item_id: variation.item_id,
      name: named[i].name as string,
      item_property_1_option_id: variation.item_property_1_option_id,
      item_property_2_option_id: variation.item_property_2_option_id,
      item_property_3_option_id: variation.item_property_3_option_id,
      value,
      weight_index: Number(variation.weight_index),
      is_hidden: variation.is_hidden,
      is_internal_hidden: variation.is_internal_hidden,
      custom_value: custom,
      fare_hidden: fare ? !fare.fare_available : false,
      price: variationPrice({ value, customValue: custom, fareAvailable: fare?.fare_available ?? true }),
    };
  });
  if (audience === 'client') return views.filter((v) => !v.is_hidden && !v.fare_hidden);
  if (audience === 'internal') return views.filter((v) => !v.is_hidden && !v.is_internal_hidden);
  return views;
}
