import { sql } from 'drizzle-orm';
import type { Bound } from '../../db';

/**
 * The values of a statement as placeholders, and its structure as a key: a list statement of a known
 * structure is prepared once and then only executed (no query building, and no planning on PostgreSQL).
 * A condition the engine cannot see into (a hook's SQL) makes the statement one-off.
 */
export interface Binder {
  bind<T>(value: T): Bound<T>;
  shape: string[];
  reusable: boolean;
}

export class Binding implements Binder {
  readonly params: Record<string, unknown> = {};
  readonly shape: string[] = [];
  reusable = true;

  bind<T>(value: T): Bound<T> {
    const name = `p${this.shape.length}_${Object.keys(this.params).length}`;
    // As the ORM writes a date parameter itself (placeholders skip its column mapping).
    this.params[name] = value instanceof Date ? value.toISOString() : value;
    return sql.placeholder(name);
  }
}

/** For statements that pass their values inline (reads of one record, dropdowns, whole lists). */
export const inline = (): Binder => ({ bind: <T>(value: T) => value, shape: [], reusable: false });
