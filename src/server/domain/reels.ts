/**
 * Reels, their sizes (subcategories) and diameters: the sizes are written with their reel in one
 * transaction; a reel's price is looked up by (size, diameter, engine) (docs/business-rules.md).
 */
import { and, asc, eq, inArray, notInArray, sql, type Placeholder } from 'drizzle-orm';
import type { ReelSizes } from '../../shared/catalogueAnswers';
import { Msg } from '../../shared/messages';
import { invalid, warning } from '../errors';
import type { Queryable, Tx } from '../db';
import { reel_diameters, reel_subcategories, reels } from '../db/tables';
import type { Row } from './records';
import { formatMetres } from '../../shared/format';

export interface SubSize { id?: number; size_max: number }

/** Adds `reels_subcategories` (sorted by size, as numbers) to reel records. */
export async function withSubSizes<R extends Row>(db: Queryable, records: R[]): Promise<Array<R & ReelSizes>> {
  const ids = records.map((r) => r.id as number);
  if (!ids.length) return [];
  const subs = await db
    .select()
    .from(reel_subcategories)
    .where(inArray(reel_subcategories.reel_id, ids))
    .orderBy(asc(reel_subcategories.size_max));
  return records.map((record): R & ReelSizes => ({
    ...record,
    reels_subcategories: subs
      .filter((s) => s.reel_id === record.id)
      .map((s) => ({ id: s.id, reel_id: s.reel_id, size_max: Number(s.size_max) })),
  }));
}

/** Makes the reel's sizes exactly `wanted`: updates those with an id, adds new ones, removes the rest. */
export async function syncSubSizes(tx: Tx, reelId: number, wanted: SubSize[]) {
  const existing = await tx.select().from(reel_subcategories).where(eq(reel_subcategories.reel_id, reelId));
  const kept = wanted.filter((w) => w.id && existing.some((e) => e.id === w.id));
  const keptIds = kept.map((w) => w.id!);
  const removed = existing.filter((e) => !keptIds.includes(e.id));
  if (removed.length) {
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reel_diameters)
      .where(
        inArray(
          reel_diameters.reel_subcategory_id,
          removed.map((r) => r.id),
        ),
      );
    if (used.n > 0) throw invalid({ reels_subcategories: Msg.sizeInUse });
    await tx
      .delete(reel_subcategories)
      .where(and(eq(reel_subcategories.reel_id, reelId), keptIds.length ? notInArray(reel_subcategories.id, keptIds) : sql`true`));
  }
  // Two passes avoid clashing with the unique (reel, size) index while sizes swap values.
  for (const w of kept) await tx.update(reel_subcategories).set({ size_max: String(-w.id!) }).where(eq(reel_subcategories.id, w.id!));
  for (const w of kept)
    await tx
      .update(reel_subcategories)
      .set({ size_max: String(w.size_max), updated_at: new Date() })
      .where(eq(reel_subcategories.id, w.id!));
  const added = wanted.filter((w) => !keptIds.includes(w.id ?? -1));
  if (added.length) await tx.insert(reel_subcategories).values(added.map((w) => ({ reel_id: reelId, size_max: String(w.size_max) })));
}

/** Reels that fit a cover of this width: size_min ≤ width ≤ size_max. */
/** Reels whose range holds a cover width (metres). */
export const fitsWidth = (width: number | Placeholder) => and(sql`${reels.size_min} <= ${width}`, sql`${reels.size_max} >= ${width}`);

export async function reelsForWidth(db: Queryable, width: number) {
  return db.select().from(reels).where(fitsWidth(width)).orderBy(asc(reels.name));
}

/** A readable name for a diameter row: "Hasta 5,00 m · Ø 120 mm · con motor". */
export function diameterName(sizeMax: number, diameter: number, engine: boolean) {
  return `Hasta ${formatMetres(sizeMax)} · Ø ${diameter} mm · ${engine ? 'con motor' : 'sin motor'}`;
}

/** Adds `reel_id` and `subcategory_diameter_name` to diameter records. */
export async function withDiameterNames(db: Queryable, records: Row[]): Promise<Row[]> {
  const ids = [...new Set(records.map((r) => r.reel_subcategory_id as number))];
  if (!ids.length) return records;
  const subs = await db.select().from(reel_subcategories).where(inArray(reel_subcategories.id, ids));
  return records.map((record) => {
    const sub = subs.find((s) => s.id === record.reel_subcategory_id);
    return {
      ...record,
      reel_id: sub?.reel_id ?? null,
      subcategory_diameter_name: sub ? diameterName(Number(sub.size_max), record.diameter as number, !!record.engine) : null,
    };
  });
}

/**
 * The base price of a reel by size, diameter (mm) and engine; 30001 "No disponible" when that
 * combination has no row or is not available.
 */
export async function reelPrice(db: Queryable, query: { reel_subcategory_id: number; diameter: number; engine: boolean }) {
  const [row] = await db.select().from(reel_diameters).where(and(
    eq(reel_diameters.reel_subcategory_id, query.reel_subcategory_id),
    eq(reel_diameters.diameter, query.diameter),
    eq(reel_diameters.engine, query.engine),
  ));
  if (!row || !row.available) throw warning(Msg.notAvailable);
  return row;
}
