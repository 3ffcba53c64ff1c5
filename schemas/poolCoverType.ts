import { index } from 'drizzle-orm/pg-core';
import { defineResource } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { SEASONS } from '../src/shared/catalogue';
import { table, timestamps } from './table';

export const poolCoverType = defineResource({
  name: 'poolCoverType',
  label: { one: 'Tipo de cobertor', many: 'Tipos de cobertor' },
  titleField: 'name',
  extraField: 'season',
  search: ['name'],
  defaultSort: { field: 'position', order: 'ASC' },
  access: ACCESS.membersRead,
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.name, { max: 100 }) },
    {
      name: 'season',
      label: 'Temporada',
      type: 'select',
      choices: SEASONS,
      list: true,
      filter: true,
      validate: (r) => r.oneOf(
        SEASONS.map((s) => s.value),
        Msg.season,
      ),
    },
    {
      name: 'position',
      label: 'Orden',
      type: 'integer',
      list: true,
      validate: (r) =>
        r.integer({ required: Msg.coverTypePosition, whenMissing: 0, min: 0, max: 1000, rangeMessage: Msg.coverTypePosition }),
    },
    { name: 'description', label: 'Descripción', type: 'textarea', fullWidth: true, validate: (r) => r.text(null, { max: 2000 }) },
  ],
});

/** Pool cover types belong to a season: 1 verano, 2 invierno (docs/business-rules.md). Type 1 is the reinforced blanket. */
export const pool_cover_types = table('pool_cover_types', (t) => ({
  id: t.serial('id').primaryKey(),
  name: t.varchar('name', { length: 100 }).notNull(),
  description: t.text('description'),
  season: t.integer('season').notNull(),
  position: t.integer('position').notNull().default(0),
  ...timestamps(t),
}), (t) => [index('pool_cover_types_season_idx').on(t.season, t.position)]);
