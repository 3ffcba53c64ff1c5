import { defineResource } from '../src/shared/resource';
import { REVIEW_STATUSES } from '../src/shared/orders';
import { oneOf } from '../src/shared/validation';

/**
 * Orders: listed by review status for staff, by client for members. They are created from carts and
 * budgets (not through the generic create); staff change the review status.
 */
export const order = defineResource({
  name: 'order',
  label: { one: 'Pedido', many: 'Pedidos' },
  titleField: 'id',
  extraField: 'customer_info',
  search: ['customer_info', 'buyer_name', 'buyer_email', 'buyer_city'],
  defaultSort: { field: 'id', order: 'DESC' },
  clientScope: 'client_id',
  access: { list: ['admin', 'client'], read: ['admin', 'client'], create: [], update: ['admin'], delete: ['admin'] },
  fields: [
    { name: 'id', label: 'Nº pedido', type: 'integer', list: true },
    { name: 'created_at', label: 'Fecha', type: 'datetime', list: true },
    { name: 'client_id', label: 'Cliente', type: 'reference', reference: 'client', list: true, filter: true },
    { name: 'customer_info', label: 'Referencia', type: 'text', list: true },
    { name: 'buyer_name', label: 'Comprador', type: 'text', list: true },
    { name: 'buyer_city', label: 'Población', type: 'text', list: true },
    { name: 'invoicing_company_id', label: 'Empresa de facturación', type: 'reference', reference: 'invoicingCompany', filter: true },
    {
      name: 'order_review_status_id', label: 'Revisión', type: 'select', list: true, filter: true, choices: REVIEW_STATUSES,
      validate: oneOf(REVIEW_STATUSES.map((s) => s.value), 'Seleccione el estado de revisión'),
    },
    { name: 'delivery_date', label: 'Entrega', type: 'date', list: true },
    { name: 'track_code', label: 'Código de seguimiento', type: 'text' },
  ],
});
