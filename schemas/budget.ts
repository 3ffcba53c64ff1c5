import type { z } from 'zod';
import { defineResource, type FileRule } from '../src/shared/resource';
import { ACCESS, OFFICE_AND_MEMBERS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { SEASONS } from '../src/shared/catalogue';
import { BUDGET_STATUSES } from '../src/shared/budgets';
import { stairwellMisfit } from '../src/shared/calculators';

/** A stairwell needs its sizes C × D (they add to the cover's area), and fits its pool (stairwellMisfit). */
export function stairwellSizes(data: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (!data.stairwell) return;
  if (data.c == null) ctx.addIssue({ code: 'custom', path: ['c'], message: Msg.stairwellSize });
  if (data.d == null) ctx.addIssue({ code: 'custom', path: ['d'], message: Msg.stairwellSize });
  const { a, c, e } = data;
  const misfit = typeof a === 'number' && typeof c === 'number' ? stairwellMisfit(a, c, typeof e === 'number' ? e : null) : null;
  if (misfit) ctx.addIssue({ code: 'custom', path: [misfit.field], message: misfit.message });
}

/**
 * A budget (docs/data.md budget): the client's pool and the buyer. Created in status 1 always; only admins
 * change the status (changeBudgetStatus) and only createOrder sets 3.
 */
export const budget = defineResource({
  name: 'budget',
  label: { one: 'Presupuesto', many: 'Presupuestos' },
  titleField: 'id',
  extraField: 'remark_OB1PCL',
  search: ['buyer_name', 'buyer_email', 'buyer_city', 'remark_OB1PCL', 'remark'],
  defaultSort: { field: 'id', order: 'DESC' },
  clientScope: 'client_id',
  access: { ...ACCESS.membersRead, create: OFFICE_AND_MEMBERS, update: OFFICE_AND_MEMBERS },
  // The budget lists' columns (src/client/resources/budgets/BudgetList.tsx); every row adds its client's name and is_expired.
  listExtras: ['client_name', 'is_expired'],
  listRow: [
    'id',
    'created_date',
    'client_id',
    'budget_status_id',
    'remark_OB1PCL',
    'pool_cover_type_id',
    'buyer_name',
    'buyer_city',
    'expires_at',
    'order_id',
  ],
  // Beside the fields: a row's extras (`listExtras`), and columns the record has that a page's rows leave out.
  answer: (r) => ({
    client_name: r.z.string().nullable().describe('Nombre del cliente'),
    is_expired: r.z.boolean().describe('Caducado: pasada su fecha de caducidad sin haber pasado a pedido'),
    user_id: r.z.number().int().nullable().optional().describe('Usuario que lo creó; no viene en las filas de una página'),
    accepted_at: r.z.string().nullable().optional().describe('Cuándo se aceptó; no viene en las filas de una página'),
  }),
  dialogWidth: 750,
  fields: [
    { name: 'id', label: 'Nº presupuesto', type: 'integer', list: true },
    { name: 'created_date', label: 'Fecha', type: 'datetime', list: true, filter: true },
    {
      name: 'client_id',
      label: 'Cliente',
      type: 'reference',
      reference: 'client',
      list: true,
      filter: true,
      validate: (r) => r.reference(Msg.client),
    },
    { name: 'budget_status_id', label: 'Estado', type: 'select', choices: BUDGET_STATUSES, list: true, filter: true },
    { name: 'remark_OB1PCL', label: 'Referencia', type: 'text', list: true, validate: (r) => r.text(null, { max: 150 }) },
    {
      name: 'pool_subcategory_id',
      label: 'Temporada',
      type: 'select',
      choices: SEASONS,
      filter: true,
      validate: (r) => r.oneOf(
        SEASONS.map((s) => s.value),
        Msg.season,
      ),
    },
    {
      name: 'pool_cover_type_id',
      label: 'Tipo de cobertor',
      type: 'reference',
      reference: 'poolCoverType',
      list: true,
      filter: true,
      validate: (r) => r.reference(Msg.coverType),
    },
    { name: 'a', label: 'Largo A (m)', type: 'decimal', decimals: 2, validate: (r) => r.measure('a', Msg.dimensionA) },
    { name: 'b', label: 'Ancho B (m)', type: 'decimal', decimals: 2, validate: (r) => r.measure('b', Msg.dimensionB) },
    { name: 'c', label: 'Escalera C (m)', type: 'decimal', decimals: 2, validate: (r) => r.measure('c', null) },
    { name: 'd', label: 'Escalera D (m)', type: 'decimal', decimals: 2, validate: (r) => r.measure('d', null) },
    { name: 'e', label: 'Distancia E (m)', type: 'decimal', decimals: 2, validate: (r) => r.measure('e', null) },
    { name: 'rounded_corners', label: 'Esquinas redondeadas', type: 'boolean', validate: (r) => r.boolean() },
    { name: 'stairwell', label: 'Escalera', type: 'boolean', validate: (r) => r.boolean() },
    {
      name: 'extra_distance',
      label: 'Solape (m)',
      type: 'decimal',
      decimals: 2,
      validate: (r) => r.measure('extra_distance', Msg.overlap, { whenMissing: 0 }),
    },
    { name: 'buyer_name', label: 'Nombre del comprador', type: 'text', list: true, validate: (r) => r.text(null, { max: 150 }) },
    { name: 'buyer_email', label: 'Email del comprador', type: 'email', validate: (r) => r.email(null, Msg.emailInvalid) },
    {
      name: 'buyer_phone_number',
      label: 'Teléfono del comprador',
      type: 'text',
      validate: (r) => r.phone(null, { international: true }),
    },
    { name: 'buyer_address_1', label: 'Dirección de facturación', type: 'text', validate: (r) => r.text(null, { max: 250 }) },
    { name: 'buyer_address_2', label: 'Dirección de facturación (2)', type: 'text', validate: (r) => r.text(null, { max: 250 }) },
    { name: 'buyer_delivery_address_1', label: 'Dirección de envío', type: 'text', validate: (r) => r.text(null, { max: 250 }) },
    { name: 'buyer_delivery_address_2', label: 'Dirección de envío (2)', type: 'text', validate: (r) => r.text(null, { max: 250 }) },
    { name: 'buyer_postal_code', label: 'Código postal', type: 'text', zeroPad: 5, validate: (r) => r.postalCode(null) },
    { name: 'buyer_city', label: 'Población', type: 'text', list: true, validate: (r) => r.text(null, { max: 100 }) },
    { name: 'delivery_time_zone', label: 'Provincia', type: 'text', validate: (r) => r.text(null, { max: 100 }) },
    { name: 'buyer_country', label: 'País', type: 'text', validate: (r) => r.text(null, { max: 100 }) },
    { name: 'remark', label: 'Observaciones', type: 'textarea', fullWidth: true, validate: (r) => r.text(null, { max: 2000 }) },
    { name: 'expires_at', label: 'Válido hasta', type: 'datetime', list: true },
    { name: 'order_id', label: 'Pedido', type: 'reference', reference: 'order', list: true },
    { name: 'pool_cover_id', label: 'Cobertor', type: 'reference', reference: 'poolCover' },
    { name: 'reinforcement_type_id', label: 'Refuerzo', type: 'reference', reference: 'reinforcementType' },
  ],
  refine: stairwellSizes,
});

/** jpeg, png or pdf by content (docs/validation.md "Photo import, attached file and payment proof"). */
const documentRule = (typeMessage: string): FileRule => ({
  kinds: ['jpeg', 'png', 'pdf'],
  typeMessage,
  requiredOnCreate: Msg.fileRequired,
  maxBytes: 10_000_000,
});

/**
 * An uploaded document (a name and one jpeg, png or pdf) that belongs to a budget row; its client is
 * the budget's, set by the server.
 */
export function uploadedDocument<const Parent extends string, const FileField extends string = 'file'>(opts: {
  name: string;
  label: { one: string; many: string };
  parent: { name: Parent; label: string; message: string };
  typeMessage: string;
  fileField?: FileField;
}) {
  return defineResource({
    name: opts.name,
    label: opts.label,
    titleField: 'name',
    search: ['name'],
    defaultSort: { field: 'id', order: 'ASC' },
    clientScope: 'client_id',
    access: { ...ACCESS.membersRead, create: OFFICE_AND_MEMBERS, update: OFFICE_AND_MEMBERS, delete: OFFICE_AND_MEMBERS },
    fields: [
      { name: 'id', label: 'Id', type: 'integer', list: true },
      {
        name: opts.parent.name,
        label: opts.parent.label,
        type: 'integer',
        list: true,
        filter: true,
        edit: false,
        validate: (r) => r.reference(opts.parent.message),
      },
      { name: 'client_id', label: 'Cliente', type: 'reference', reference: 'client', filter: true },
      { name: 'name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.name, { max: 150 }) },
      { name: opts.fileField ?? ('file' as FileField), label: 'Archivo', type: 'file', list: true, file: documentRule(opts.typeMessage) },
      { name: 'created_at', label: 'Fecha', type: 'datetime', list: true },
    ],
  });
}

/** A file attached to a budget calculation. */
export const attachedFile = uploadedDocument({
  name: 'attachedFile', label: { one: 'Archivo adjunto', many: 'Archivos adjuntos' },
  parent: { name: 'budget_calculus_id', label: 'Cálculo', message: 'Seleccione el cálculo' }, typeMessage: Msg.attachedFileType,
});

/** A payment proof of a budget. */
export const budgetPaycheck = uploadedDocument({
  name: 'budgetPaycheck', label: { one: 'Justificante de pago', many: 'Justificantes de pago' },
  parent: { name: 'budget_id', label: 'Presupuesto', message: 'Seleccione el presupuesto' }, typeMessage: Msg.paycheckFileType,
});
