import { index } from 'drizzle-orm/pg-core';
import { defineResource, imageRule, type FileRule } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { DEFAULT_REFERENCE, IMAGE_SIZES, REINFORCED_COVER_TYPE } from '../src/shared/catalogue';
import { table, timestamps } from './table';
import { pool_cover_types } from './poolCoverType';

const image = (extra: Partial<FileRule> = {}) => imageRule(Msg.imageType, extra);

/** A pool cover and its images (docs/data.md, docs/validation.md): the background is 956×637, the reinforcement image 568×568. */
export const poolCover = defineResource({
  name: 'poolCover',
  label: { one: 'Cobertor', many: 'Cobertores' },
  titleField: 'name',
  publicFiles: true,
  extraField: 'price_m2',
  search: ['name', 'reference', 'description'],
  defaultSort: { field: 'name', order: 'ASC' },
  access: ACCESS.membersRead,
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'image', label: 'Imagen', type: 'image', list: true, file: image() },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.coverName, { max: 150 }) },
    {
      name: 'pool_cover_type_id',
      label: 'Tipo',
      type: 'reference',
      reference: 'poolCoverType',
      list: true,
      filter: true,
      validate: (r) => r.reference(Msg.coverType),
    },
    {
      name: 'reference',
      label: 'Referencia',
      type: 'text',
      list: true,
      validate: (r) => r.text(Msg.itemReference, { min: 1, max: 13, lengthMessage: Msg.itemReference }),
    },
    {
      name: 'price_m2',
      label: 'Precio m²',
      type: 'decimal',
      decimals: 2,
      list: true,
      validate: (r) => r.decimal({ required: Msg.priceM2, invalid: Msg.priceM2, places: 2, min: 0 }),
    },
    {
      name: 'weight_index',
      label: 'Índice de peso',
      type: 'decimal',
      decimals: 4,
      validate: (r) => r.decimal({ required: Msg.weightIndex, invalid: Msg.weightIndex, places: 4, min: 0 }),
    },
    { name: 'show_cover', label: 'Visible', type: 'boolean', list: true, filter: true, validate: (r) => r.boolean(true) },
    {
      name: 'description',
      label: 'Descripción',
      type: 'textarea',
      fullWidth: true,
      validate: (r) => r.text(Msg.description, { max: 5000 }),
    },
    {
      name: 'background_cover_image',
      label: 'Imagen de fondo (956 × 637)',
      type: 'image',
      file: image({ dimensions: { ...IMAGE_SIZES.background, message: Msg.backgroundImageSize } }),
    },
    {
      name: 'without_reinforcement_image',
      label: 'Imagen de refuerzo (568 × 568)',
      type: 'image',
      showIf: { field: 'pool_cover_type_id', equals: REINFORCED_COVER_TYPE },
      file: image({ dimensions: { ...IMAGE_SIZES.reinforcement, message: Msg.reinforcementImageSize } }),
    },
  ],
  fileRules(values, files, mode) {
    const errors: Record<string, string> = {};
    if (mode === 'create' && !files.image) errors.image = Msg.missingImages;
    if (mode === 'create' && !files.background_cover_image) errors.background_cover_image = Msg.missingImages;
    const reinforced = Number(values.pool_cover_type_id) === REINFORCED_COVER_TYPE;
    if (reinforced && !files.without_reinforcement_image) errors.without_reinforcement_image = Msg.missingImages;
    if (!reinforced && files.without_reinforcement_image === 'new') errors.without_reinforcement_image = Msg.reinforcementImageNotAllowed;
    return errors;
  },
});

/** A new cover starts with the reference prefix; the fields' own defaults come from the schema (missingValues). */
export const DEFAULT_COVER = { reference: DEFAULT_REFERENCE.cover };

export const pool_covers = table('pool_covers', (t) => ({
  id: t.serial('id').primaryKey(),
  pool_cover_type_id: t.integer('pool_cover_type_id').notNull().references(() => pool_cover_types.id),
  name: t.varchar('name', { length: 150 }).notNull(),
  description: t.text('description').notNull(),
  image: t.text('image'),
  background_cover_image: t.text('background_cover_image'),
  without_reinforcement_image: t.text('without_reinforcement_image'),
  price_m2: t.numeric('price_m2', { precision: 12, scale: 2 }).notNull(),
  reference: t.varchar('reference', { length: 13 }).notNull().default('Cobertor'),
  weight_index: t.numeric('weight_index', { precision: 12, scale: 4 }).notNull(),
  show_cover: t.boolean('show_cover').notNull().default(true),
  ...timestamps(t),
}), (t) => [index('pool_covers_type_idx').on(t.pool_cover_type_id)]);
