/** A resource's table and what the engine derives from its schema once: columns, outputs, filterable keys. */
import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isFileField, type FieldDef, type ResourceSchema } from '../../../shared/resource';
import { resourceTables } from '../../db/tables';
import { selectedAsIso } from '../../db/timestamps';

/** Columns never sent to browsers nor written to audits. */
export const SECRET_COLUMNS = new Set(['password_hash', 'file_secret']);
/** The name a list page's statement gives its bounded count (no column is called so). */
export const MATCHING = '__matching';

/** A resource and the table it is stored in: what the generic endpoints are mounted for. */
export interface DeclaredResource { schema: ResourceSchema; table: PgTable }

/** The tables of resources mounted from outside the schema index (a plugin's, a test's fixture). */
const mountedTables = new WeakMap<ResourceSchema, PgTable>();

export function useTableFor(schema: ResourceSchema, table: PgTable) {
  mountedTables.set(schema, table);
}

export function tableOf(schema: ResourceSchema): PgTable {
  const table = mountedTables.get(schema) ?? (resourceTables as Record<string, PgTable>)[schema.name];
  if (!table) throw new Error(`No table for resource ${schema.name}`);
  return table;
}

/** What the engine derives from a schema, once per schema rather than per row or request. */
interface SchemaShape {
  columns: Record<string, PgColumn>;
  /** What a list row carries: the schema's `listRow`, else every column; timestamps as ISO strings. */
  listRowColumns: Record<string, PgColumn | SQL<string>>;
  fields: Map<string, FieldDef>;
  /** How toApi sends the keys that are not sent as they are (dates become ISO strings anyway). */
  outputs: Map<string, 'hidden' | 'decimal' | 'file'>;
  /** Filterable keys: the id and the fields marked filter or list. */
  filterable: Set<string>;
}
const shapes = new WeakMap<ResourceSchema, SchemaShape>();

export function shapeOf(schema: ResourceSchema): SchemaShape {
  let shape = shapes.get(schema);
  if (!shape) {
    const columns = getTableColumns(tableOf(schema)) as Record<string, PgColumn>;
    shape = {
      columns,
      listRowColumns: Object.fromEntries((schema.listRow ?? Object.keys(columns)).map((name) => {
        if (!columns[name]) throw new Error(`${schema.name}.listRow: ${name} is not a column`);
        return [name, selectedAsIso(columns[name])];
      })),
      fields: new Map(schema.fields.map((f) => [f.name, f])),
      outputs: outputsOf(schema),
      filterable: new Set(['id', ...schema.fields.filter((f) => f.filter || f.list).map((f) => f.name)]),
    };
    shapes.set(schema, shape);
  }
  return shape;
}

function outputsOf(schema: ResourceSchema): SchemaShape['outputs'] {
  // The page statement's own count (MATCHING) is never sent either.
  const outputs: SchemaShape['outputs'] = new Map([...SECRET_COLUMNS, MATCHING].map((name) => [name, 'hidden']));
  for (const field of schema.fields) {
    if (field.writeOnly) outputs.set(field.name, 'hidden');
    else if (isFileField(field)) outputs.set(field.name, 'file');
    else if (field.type === 'decimal') outputs.set(field.name, 'decimal');
  }
  return outputs;
}

export const columnsOf = (schema: ResourceSchema) => shapeOf(schema).columns;
