/**
 * Article endpoints of docs/api.md (Item, itemImage, Category) beyond the generic ones: articles with their
 * categories and default price, variations with fare prices, generating and showing/hiding variations, and
 * the FormData aliases.
 */
import { z } from 'zod';
import { category } from '../../../schemas/category';
import { item, itemImage } from '../../../schemas/item';
import { variationAnswer } from '../catalogueAnswers';
import { pageAnswer } from '../listPage';
import { pagedBody } from './paged';
import { listRowAnswer, optionAnswer } from './records';
import { recordWrite } from './recordWrites';
import { defineContract } from './contract';

const tag = item.label.many;
const itemParam = z.object({ id: z.string().describe('Id del artículo') });
const fareId = z.number().int().nullable().describe('La tarifa de los precios; null: los precios base');

/** An article with its variations priced under a fare: a product list's card, and getOrilloBisagra's rows. */
const catalogueItemAnswer = z.intersection(
  listRowAnswer(item),
  z.object({ item_property_values: z.array(variationAnswer).describe('Sus variaciones, con el precio de la tarifa') }),
);

export const itemContracts = {
  create: defineContract({
    method: 'POST', path: '/api/item/createItemWithDefaultValueAndAssignCategories', access: ['admin'], tag,
    summary: 'Crear un artículo con sus categorías y su precio por defecto', ...recordWrite(item, 'create'),
  }),
  update: defineContract({
    method: 'POST', path: '/api/item/updateItemAndAssignCategories', access: ['admin'], tag,
    summary: 'Modificar un artículo y sus categorías', ...recordWrite(item, 'update'),
  }),
  page: defineContract({
    method: 'POST', path: '/api/item/getFilteredItemsPaginated', access: 'user', tag, summary: 'Artículos: una página filtrada',
    body: pagedBody, data: pageAnswer(listRowAnswer(item)),
  }),
  variations: defineContract({
    method: 'GET', path: '/api/item/getFilteredItemPropertyValuesFromItem/:id', access: 'user', tag,
    summary: 'Las variaciones de un artículo con sus precios (un miembro, sólo las de su tarifa)',
    params: itemParam, data: z.array(variationAnswer),
  }),
  cataloguePage: defineContract({
    method: 'GET', path: '/api/item/getPaginatedItemsWithPropertyValuesAndFarePrices/:id/fare/:fareId/page/:page', access: 'user', tag,
    summary: 'Artículos de una categoría (0: todas) con sus variaciones y precios en una tarifa: una página',
    description: 'Un miembro, siempre con su tarifa y sin las variaciones ocultas.',
    params: z.object({
      id: z.string().describe('Id de la categoría; 0: todas'),
      fareId: z.string().describe('Id de la tarifa; 0 o null: los precios base'),
      page: z.string().describe('Número de página, desde 1'),
    }),
    data: pageAnswer(catalogueItemAnswer).extend({ client_fare_id: fareId }),
  }),
  generateVariations: defineContract({
    method: 'POST', path: '/api/item/generateMissingItemPropertyValuesForItem/:id', access: ['admin'], tag,
    summary: 'Generar las variaciones que faltan de un artículo', params: itemParam,
    data: z.object({ created: z.number().int().describe('Cuántas variaciones se han generado') }),
  }),
  setAllVisible: defineContract({
    method: 'POST', path: '/api/item/setAllItemPropertyOptionValuesFromItem/:id/:flag?', access: ['admin'], tag,
    summary: 'Mostrar (flag true, por defecto) u ocultar (false) todas las variaciones de un artículo',
    params: z.object({ id: z.string().describe('Id del artículo'), flag: z.string().optional().describe('true (por defecto) o false') }),
    data: z.object({ updated: z.number().int().describe('Cuántas variaciones han cambiado') }),
  }),
  orilloBisagra: defineContract({
    method: 'GET', path: '/api/item/getOrilloBisagra/:id', access: 'user', tag,
    summary: 'Los artículos de orillo bisagra con sus variaciones y precios en una tarifa',
    description: 'Un miembro, siempre con su tarifa.',
    params: z.object({ id: z.string().describe('Id de la tarifa; 0 o null: los precios base') }),
    data: z.array(catalogueItemAnswer),
  }),
  categoryItemCounts: defineContract({
    method: 'GET', path: '/api/category/getItemCounts', access: 'user', tag: category.label.many,
    summary: 'Cuántos artículos tiene cada categoría',
    description: 'Una categoría sin artículos no aparece.',
    data: z.record(z.string().describe('Id de la categoría'), z.number().int().describe('Sus artículos')),
  }),
  categoryCreate: defineContract({
    method: 'POST', path: '/api/category/createWithFormData', access: ['admin'], tag: category.label.many,
    summary: `${category.label.one}: crear`, ...recordWrite(category, 'create'),
  }),
  categoryUpdate: defineContract({
    method: 'POST', path: '/api/category/updateWithFormData', access: ['admin'], tag: category.label.many,
    summary: `${category.label.one}: modificar`, ...recordWrite(category, 'update'),
  }),
  imageCreate: defineContract({
    method: 'POST', path: '/api/itemImage/createWithFormData', access: ['admin'], tag: itemImage.label.many,
    summary: `${itemImage.label.one}: crear`, ...recordWrite(itemImage, 'create'),
  }),
  imageUpdate: defineContract({
    method: 'POST', path: '/api/itemImage/updateWithFormData', access: ['admin'], tag: itemImage.label.many,
    summary: `${itemImage.label.one}: modificar`, ...recordWrite(itemImage, 'update'),
  }),
  categoryDropdown: defineContract({
    method: 'GET', path: '/api/category/getDropdown', access: 'user', tag: category.label.many, summary: 'Categorías: desplegable',
    data: z.array(optionAnswer),
  }),
};

/** An article of a product list, with its variations priced under the list's fare. */
export type CatalogueItem = z.output<typeof catalogueItemAnswer>;
