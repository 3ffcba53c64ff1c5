import { defineResource, imageRule, type Rules } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { DEFAULT_REFERENCE } from '../src/shared/catalogue';
import { toNumber } from '../src/shared/format';

/**
 * Sizes in metres: digits with an optional decimal part, refused with the spec's words when not a number
 * (docs/validation.md Reel) and with the measurement's own when out of its limits (src/shared/measurements.ts).
 */
const size = (r: Rules, kind: 'size_min' | 'size_max' | 'reel_size') => r.measure(kind, Msg.validNumber, { invalid: Msg.validNumber });

const subSize = (r: Rules) => r.z.object(
  { id: r.z.number({ error: Msg.invalidBody }).int(Msg.invalidBody).positive(Msg.invalidBody).optional(), size_max: size(r, 'reel_size') },
  { error: Msg.validNumber },
);
const subSizes = (r: Rules) => r.z.array(subSize(r), { error: Msg.reelNeedsSize });

/** True when every sub-size is greater than size_min and at most size_max (the form's save button waits for it). */
export function subSizesFit(values: { size_min?: unknown; size_max?: unknown; reels_subcategories?: unknown }) {
  const min = Number(toNumber(values.size_min));
  const max = Number(toNumber(values.size_max));
  const subs = Array.isArray(values.reels_subcategories) ? values.reels_subcategories : [];
  return subs.length > 0 && subs.every((s: { size_max?: unknown }) => {
    const value = Number(toNumber(s?.size_max));
    return Number.isFinite(value) && value > min && value <= max;
  });
}

export const reel = defineResource({
  name: 'reel',
  label: { one: 'Enrollador', many: 'Enrolladores' },
  titleField: 'name',
  publicFiles: true,
  search: ['name', 'description'],
  defaultSort: { field: 'name', order: 'ASC' },
  access: ACCESS.membersRead,
  // Its sizes as they are stored (withSubSizes), smallest first.
  answer: (r) => r.reelSizesAnswer.shape,
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'image', label: 'Imagen', type: 'image', list: true, file: imageRule(Msg.imageType) },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.reelName, { max: 150 }) },
    { name: 'size_min', label: 'Tamaño mínimo (m)', type: 'decimal', decimals: 2, list: true, validate: (r) => size(r, 'size_min') },
    { name: 'size_max', label: 'Tamaño máximo (m)', type: 'decimal', decimals: 2, list: true, validate: (r) => size(r, 'size_max') },
    {
      name: 'description',
      label: 'Descripción',
      type: 'textarea',
      fullWidth: true,
      validate: (r) => r.text(Msg.description, { max: 5000 }),
    },
    { name: 'reels_subcategories', label: 'Tamaños (m)', type: 'json', validate: (r) => subSizes(r) },
  ],
  refine(data, ctx) {
    const min = Number(data.size_min);
    const max = Number(data.size_max);
    if (Number.isFinite(min) && Number.isFinite(max) && max < min)
      ctx.addIssue({ code: 'custom', path: ['size_max'], message: Msg.reelMinMax });
    const subs = (data.reels_subcategories ?? []) as Array<{ size_max: number }>;
    if (!Array.isArray(subs) || subs.length === 0)
      return ctx.addIssue({ code: 'custom', path: ['reels_subcategories'], message: Msg.reelNeedsSize });
    subs.forEach((sub, i) => {
      if (!(sub.size_max > min && sub.size_max <= max))
        ctx.addIssue({ code: 'custom', path: ['reels_subcategories', i, 'size_max'], message: Msg.reelSizeRange });
      else if (subs.findIndex((other) => other.size_max === sub.size_max) !== i)
        ctx.addIssue({ code: 'custom', path: ['reels_subcategories', i, 'size_max'], message: Msg.reelSizeRepeated });
    });
  },
});

export const reelSubcategory = defineResource({
  name: 'reelSubcategory',
  label: { one: 'Tamaño de enrollador', many: 'Tamaños de enrollador' },
  titleField: 'size_max',
  extraField: 'reel_id',
  defaultSort: { field: 'size_max', order: 'ASC' },
  // Sizes are written with their reel (customCreate / customUpdate); here they are read and deleted.
  access: { ...ACCESS.membersRead, create: [], update: [] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'reel_id', label: 'Enrollador', type: 'reference', reference: 'reel', list: true, filter: true },
    { name: 'size_max', label: 'Tamaño (m)', type: 'decimal', decimals: 2, list: true },
  ],
});

export const reelDiameter = defineResource({
  name: 'reelDiameter',
  label: { one: 'Diámetro de enrollador', many: 'Diámetros de enrollador' },
  titleField: 'diameter',
  extraField: 'price',
  defaultSort: { field: 'diameter', order: 'ASC' },
  access: ACCESS.membersRead,
  answer: (r) => ({
    reel_id: r.z.number().int().nullable().describe('Enrollador del tamaño'),
    subcategory_diameter_name: r.z.string().nullable().describe('Tamaño, diámetro y motor en texto: «Hasta 5,00 m · Ø 120 mm · con motor»'),
  }),
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    {
      name: 'reel_subcategory_id',
      label: 'Tamaño',
      type: 'reference',
      reference: 'reelSubcategory',
      list: true,
      filter: true,
      validate: (r) => r.reference(Msg.reelSize),
    },
    {
      name: 'diameter',
      label: 'Diámetro (mm)',
      type: 'integer',
      list: true,
      validate: (r) => r.integer({ required: Msg.diameter, invalid: Msg.validNumber, min: 1, max: 10000, rangeMessage: Msg.validNumber }),
    },
    { name: 'engine', label: 'Motor', type: 'boolean', list: true, filter: true, validate: (r) => r.boolean() },
    {
      name: 'price',
      label: 'Precio',
      type: 'decimal',
      decimals: 2,
      list: true,
      validate: (r) => r.decimal({ required: Msg.price, invalid: Msg.validNumber, places: 2, min: 0 }),
    },
    {
      name: 'reference',
      label: 'Referencia',
      type: 'text',
      list: true,
      validate: (r) => r.text(Msg.itemReference, { min: 1, max: 13, lengthMessage: Msg.itemReference }),
    },
    {
      name: 'weight_index',
      label: 'Índice de peso',
      type: 'decimal',
      decimals: 4,
      validate: (r) => r.decimal({ required: Msg.weightIndex, whenMissing: 0, invalid: Msg.weightIndex, places: 4, min: 0 }),
    },
    { name: 'available', label: 'Disponible', type: 'boolean', list: true, filter: true, validate: (r) => r.boolean(true) },
    {
      name: 'is_budget_favorite',
      label: 'Favorito en presupuestos',
      type: 'boolean',
      list: true,
      filter: true,
      validate: (r) => r.boolean(),
    },
    {
      name: 'available_internal_calculator',
      label: 'En calculadora interna',
      type: 'boolean',
      list: true,
      validate: (r) => r.boolean(true),
    },
  ],
});

/** A new size starts with the reference prefix; the fields' own defaults come from the schema (missingValues). */
export const DEFAULT_REEL_DIAMETER = { reference: DEFAULT_REFERENCE.reel };
