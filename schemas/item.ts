import type { z } from 'zod';
import { defineResource, imageRule, type Rules } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';

/** Items have up to 3 properties (docs/business-rules.md), each with its options. */
export const MAX_ITEM_PROPERTIES = 3;

const option = (r: Rules) => r.z.object({
  id: r.z.number().int().positive().optional(),
  name: r.text(Msg.optionName, { max: 100 }),
}, { error: Msg.optionName });

/** Names must differ within their list (two options "Azul" would make two variations of one name). */
const repeatedNames = (path: string, message: string) => (list: Array<{ name?: unknown }>, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    const name = typeof entry.name === 'string' ? entry.name.trim().toLowerCase() : '';
    if (name && seen.has(name)) ctx.addIssue({ code: 'custom', path: [i, path], message });
    seen.add(name);
  });
};

const property = (r: Rules) => r.z.object({
  id: r.z.number().int().positive().optional(),
  name: r.text(Msg.propertyName, { max: 100 }),
  item_property_options: r.z.array(option(r), { error: Msg.propertyNeedsOption }).min(1, Msg.propertyNeedsOption)
    .superRefine(repeatedNames('name', Msg.optionRepeated)),
}, { error: Msg.propertyName });

export const itemProperties = (r: Rules) => r.z.preprocess(
  (v) => (v === undefined || v === null ? [] : v),
  r.z
    .array(property(r), { error: Msg.invalidBody })
    .max(MAX_ITEM_PROPERTIES, Msg.tooManyProperties)
    .superRefine(repeatedNames('name', Msg.propertyRepeated)),
);

export const categoryIds = (r: Rules) => r.z.preprocess(
  (v) => (v === undefined || v === null ? [] : v),
  r.z.array(r.rowId(Msg.referenceMissing), { error: Msg.referenceMissing }),
);

/** An article of the catalogue with its categories, properties and options (docs/data.md item, docs/validation.md Item). */
export const item = defineResource({
  name: 'item',
  label: { one: 'Artículo', many: 'Artículos' },
  titleField: 'name',
  publicFiles: true,
  extraField: 'reference',
  search: ['name', 'reference', 'description'],
  defaultSort: { field: 'name', order: 'ASC' },
  access: ACCESS.membersRead,
  dialogWidth: 750,
  // Its categories and properties as they are stored (withItemStructure).
  answer: (r) => r.itemStructureAnswer.shape,
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    {
      name: 'image',
      label: 'Imagen principal',
      type: 'image',
      list: true,
      file: imageRule(Msg.imageType, { requiredOnCreate: Msg.itemImage }),
    },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.itemName, { max: 150 }) },
    {
      name: 'reference',
      label: 'Referencia',
      type: 'text',
      list: true,
      validate: (r) => r.text(Msg.itemReference, { min: 1, max: 13, lengthMessage: Msg.itemReference }),
    },
    {
      name: 'default_price',
      label: 'Precio base',
      type: 'decimal',
      decimals: 2,
      list: true,
      validate: (r) => r.decimal({ required: Msg.itemDefaultPrice, invalid: Msg.priceInvalid, places: 2, min: 0 }),
    },
    { name: 'is_orillo_bisagra', label: 'Orillo bisagra', type: 'boolean', list: true, filter: true, validate: (r) => r.boolean() },
    {
      name: 'description',
      label: 'Descripción',
      type: 'textarea',
      fullWidth: true,
      validate: (r) => r.text(Msg.description, { max: 5000 }),
    },
    { name: 'categories_ids', label: 'Categorías', type: 'json', filter: true, validate: (r) => categoryIds(r) },
    { name: 'item_properties', label: 'Propiedades', type: 'json', validate: (r) => itemProperties(r) },
  ],
});

/** A new article: the schema's own starting values (its item dialog is not the generated one) and the reference prefix. */

/** Extra images of an article, uploaded one at a time after the article is saved. */
export const itemImage = defineResource({
  name: 'itemImage',
  label: { one: 'Imagen de artículo', many: 'Imágenes de artículo' },
  titleField: 'id',
  publicFiles: true,
  extraField: 'item_id',
  defaultSort: { field: 'id', order: 'ASC' },
  access: ACCESS.membersRead,
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    {
      name: 'item_id',
      label: 'Artículo',
      type: 'reference',
      reference: 'item',
      list: true,
      filter: true,
      validate: (r) => r.reference(Msg.itemRequired),
    },
    { name: 'image', label: 'Imagen', type: 'image', list: true, file: imageRule(Msg.imageType, { requiredOnCreate: Msg.itemImage }) },
  ],
});

/**
 * A variation of an article: one option of each of its properties, with its base price (`value`),
 * weight and visibility. Variations are generated from the properties, never created one by one.
 */
export const itemPropertyValue = defineResource({
  name: 'itemPropertyValue',
  label: { one: 'Variación', many: 'Variaciones' },
  titleField: 'name',
  extraField: 'value',
  defaultSort: { field: 'id', order: 'ASC' },
  access: { ...ACCESS.membersRead, create: [] },
  answer: (r) => ({ item_name: r.z.string().describe('Nombre del artículo de la variación') }),
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'item_id', label: 'Artículo', type: 'reference', reference: 'item', list: true, filter: true },
    { name: 'name', label: 'Variación', type: 'text', list: true },
    { name: 'item_property_1_option_id', label: 'Opción 1', type: 'integer', filter: true },
    { name: 'item_property_2_option_id', label: 'Opción 2', type: 'integer', filter: true },
    { name: 'item_property_3_option_id', label: 'Opción 3', type: 'integer', filter: true },
    {
      name: 'value',
      label: 'Precio',
      type: 'decimal',
      decimals: 2,
      list: true,
      validate: (r) => r.decimal({ required: Msg.price, invalid: Msg.priceInvalid, places: 2, min: 0 }),
    },
    {
      name: 'weight_index',
      label: 'Índice de peso',
      type: 'decimal',
      decimals: 4,
      list: true,
      validate: (r) => r.decimal({ required: Msg.weightIndex, whenMissing: 0, invalid: Msg.weightIndex, places: 4, min: 0 }),
    },
    { name: 'is_hidden', label: 'Oculta', type: 'boolean', list: true, filter: true, validate: (r) => r.boolean() },
    {
      name: 'is_internal_hidden',
      label: 'Oculta en calculadora interna',
      type: 'boolean',
      list: true,
      filter: true,
      validate: (r) => r.boolean(),
    },
  ],
});
