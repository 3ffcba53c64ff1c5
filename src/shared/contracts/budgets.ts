/** The budget, budget-calculus and budget-status endpoints (server: src/server/routes/budgets.ts). */
import { z } from 'zod';
import { budgetClientDetailsForm, budgetStatusForm, budgetToOrderForm, calculusForm, quantity } from '../forms/budget';
import {
  budgetAnswer, budgetCalculusAnswer, budgetDetailsAnswer, budgetListRowAnswer, budgetPricesAnswer, budgetStatusChangeAnswer,
  calculusRowAnswer, priceTableAnswer, storedOrProposedPricesAnswer,
} from '../budgetAnswers';
import { pageAnswer } from '../listPage';
import { reference } from '../validation';
import { defineContract } from './contract';
import { optionAnswer } from './records';

const tag = 'Presupuestos';

const idParam = z.object({ id: z.string().describe('Id') });
const calculusId = z.object({ budget_calculus_id: reference('Seleccione el cálculo') });
const budgetId = z.object({ budget_id: reference('Seleccione el presupuesto') });

/** A reel diameter or an article variation, with its quantity (the reel and article wizards). */
export const lineRequest = z.object({
  reel_diameter_id: reference(null).optional(),
  item_property_value_id: reference(null).optional(),
  quantity,
});
/** A cover (and its reinforcement) chosen from a price table. */
export const coverRequest = z.object({
  pool_cover_id: reference('Campo obligatorio'),
  reinforcement_type_id: reference(null).optional(),
  quantity,
});

/** The `{page, filter|filters}` body of the named list endpoints, read loosely as before (the list engine checks it). */
const pagedBody = z.object({
  page: z.unknown().optional().describe('Número de página, desde 1'),
  per_page: z.unknown().optional().describe('Filas por página (como mucho 100)'),
  filter: z.unknown().optional().describe('Campos (un objeto) o texto buscado'),
  filters: z.unknown().optional().describe('Igual que `filter`'),
  sort: z.string().optional().describe('Campo por el que ordenar'),
  order: z.string().optional().describe('ASC o DESC'),
});

export const budgetContracts = {
  list: defineContract({
    method: 'POST', path: '/api/budget/getBudgetList', access: 'user', tag, summary: 'Presupuestos: una página filtrada',
    description: 'Estado (`budget_status_id`) 0 o ninguno: todos los presupuestos que el usuario puede ver; '
      + '1 borrador, 2 aceptado, 3 pedido.',
    body: pagedBody, data: pageAnswer(budgetListRowAnswer),
  }),
  details: defineContract({
    method: 'GET', path: '/api/budget/getBudgetDetails/:id', access: 'user', tag, summary: 'Un presupuesto con sus cálculos',
    params: idParam, data: budgetDetailsAnswer,
  }),
  detailsById: defineContract({
    method: 'POST', path: '/api/budget/getBudgetDetails', access: 'user', tag, summary: 'Un presupuesto con sus cálculos (id en el cuerpo)',
    body: z.object({ id: z.unknown().optional().describe('Id del presupuesto') }), data: budgetDetailsAnswer,
  }),
  hasAccepted: defineContract({
    method: 'GET', path: '/api/budget/hasAcceptedBudgets', access: 'user', tag, summary: 'Si hay presupuestos aceptados',
    data: z.boolean(),
  }),
  changeStatus: defineContract({
    method: 'POST', path: '/api/budget/changeBudgetStatus', access: ['admin'], tag,
    summary: 'Cambiar el estado de un presupuesto (borrador o aceptado)', body: budgetStatusForm, data: budgetStatusChangeAnswer,
  }),
  redo: defineContract({
    method: 'POST', path: '/api/budget/rehacerPresupuesto/:id', writes: true, access: 'user', tag,
    summary: 'Rehacer un presupuesto con los precios de hoy (crea uno nuevo)', params: idParam, data: budgetAnswer,
  }),
  orderedDropdown: defineContract({
    method: 'GET', path: '/api/budget/getOrderedBudgetsDropdown/:id?', access: 'user', tag,
    summary: 'Presupuestos convertidos en pedido (de un cliente, si se indica): desplegable',
    params: z.object({ id: z.string().optional().describe('Id del cliente') }),
    data: z.array(optionAnswer).describe('`extra`: el pedido del presupuesto'),
  }),
  updateClientDetails: defineContract({
    method: 'POST', path: '/api/budget/updateClientDetails', writes: true, access: 'user', tag,
    summary: 'Guardar los datos del cliente final de un presupuesto',
    body: budgetId.extend(budgetClientDetailsForm.shape), data: budgetAnswer,
  }),
  createOrder: defineContract({
    method: 'POST', path: '/api/budget/createOrder', writes: true, access: 'user', tag, summary: 'Convertir un presupuesto en pedido',
    body: budgetToOrderForm, data: z.object({ order_id: z.number().int().describe('El pedido creado (en el carrito)') }),
  }),
  document: defineContract({
    method: 'GET', path: '/api/budget/document/:id', access: 'user', tag, summary: 'El presupuesto de un cálculo en PDF',
    params: z.object({ id: z.string().describe('Id del cálculo') }), produces: 'application/pdf', heavy: true,
  }),
  sendDocument: defineContract({
    method: 'POST', path: '/api/budget/sendDocument', access: 'user', tag,
    summary: 'Enviar el presupuesto en PDF por correo (al comprador, o a `email`)',
    description: 'Como mucho 20 envíos por hora y usuario.',
    body: calculusId.extend({ email: z.unknown().optional().describe('Otra dirección; si falta, la del comprador') }),
    data: z.object({ to: z.string().describe('La dirección a la que se ha enviado') }),
    rateLimit: { max: 20, timeWindow: '1 hour' },
  }),
  statusDropdown: defineContract({
    method: 'GET', path: '/api/budgetStatus/getDropdown', access: 'user', tag, summary: 'Estados de presupuesto: desplegable',
    data: z.array(optionAnswer),
  }),
};

export const budgetCalculusContracts = {
  list: defineContract({
    method: 'POST', path: '/api/budgetCalculus/getBudgetCalculusList', access: 'user', tag,
    summary: 'Los cálculos de un presupuesto: una página',
    body: z.object({
      budget_id: z.unknown().optional().describe('Id del presupuesto'),
      page: z.unknown().optional().describe('Número de página, desde 1'),
      per_page: z.unknown().optional().describe('Filas por página'),
    }),
    data: pageAnswer(calculusRowAnswer),
  }),
  create: defineContract({
    method: 'POST', path: '/api/budgetCalculus/create', access: 'user', tag, summary: 'Añadir un cálculo vacío a un presupuesto',
    writes: true,
    body: z.object({ budget_id: z.unknown().optional().describe('Id del presupuesto') }), data: budgetCalculusAnswer,
  }),
  priceTable: defineContract({
    method: 'GET', path: '/api/budgetCalculus/generateBudgetPrices/:id', access: 'user', tag,
    summary: 'La tabla de precios de un cálculo de presupuesto', params: z.object({ id: z.string().describe('Id del cálculo') }),
    data: priceTableAnswer,
  }),
  prices: defineContract({
    method: 'POST', path: '/api/budgetCalculus/getBudgetPrices', access: 'user', tag,
    summary: 'Precios de un cálculo (con las líneas propuestas en budget_calculus_items)',
    body: calculusId.extend({
      budget_calculus_items: z.unknown().optional().describe('Líneas propuestas (ids y cantidades): se calculan sin guardarlas'),
    }),
    data: storedOrProposedPricesAnswer,
  }),
  updateExtraDistance: defineContract({
    method: 'POST', path: '/api/budgetCalculus/updateExtraDistance', access: 'user', tag, summary: 'Cambiar el solape de un cálculo',
    writes: true,
    body: calculusId.extend({ extra_distance: calculusForm.shape.extra_distance }), data: budgetCalculusAnswer,
  }),
  updateRemark: defineContract({
    method: 'POST', path: '/api/budgetCalculus/updateRemark', access: 'user', tag, summary: 'Cambiar la observación de un cálculo',
    writes: true,
    body: calculusId.extend({ remark: calculusForm.shape.remark }), data: budgetCalculusAnswer,
  }),
  chooseCover: defineContract({
    method: 'POST', path: '/api/budgetCalculus/chooseCover', writes: true, access: 'user', tag,
    summary: 'Elegir el cobertor (y el refuerzo) de un cálculo',
    body: calculusId.extend(coverRequest.shape), data: budgetPricesAnswer,
  }),
  addLine: defineContract({
    method: 'POST', path: '/api/budgetCalculus/addLine', access: 'user', tag, summary: 'Añadir un enrollador o un artículo a un cálculo',
    writes: true,
    body: calculusId.extend(lineRequest.shape), data: budgetPricesAnswer,
  }),
  removeLine: defineContract({
    method: 'POST', path: '/api/budgetCalculus/removeLine', access: 'user', tag, summary: 'Quitar una línea de un cálculo de presupuesto',
    writes: true,
    body: z.object({ id: z.unknown().optional().describe('Id de la línea') }), data: budgetPricesAnswer,
  }),
};
