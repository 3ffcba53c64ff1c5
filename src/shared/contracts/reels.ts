/** Reel endpoints of docs/api.md beyond the generic ones: sizes, fitting reels, reels with their sizes, diameters and prices. */
import { z } from 'zod';
import { reel, reelDiameter, reelSubcategory } from '../../../schemas/reel';
import { reelPriceAnswer } from '../catalogueAnswers';
import { pageAnswer } from '../listPage';
import { pagedBody } from './paged';
import { listRowAnswer, optionAnswer, recordAnswer } from './records';
import { recordWrite } from './recordWrites';
import { defineContract } from './contract';

const idParam = z.object({ id: z.string().describe('Id del registro') });
/** A field the handler reads and checks itself (with its own Spanish message). */
const field = (meaning: string) => z.unknown().optional().describe(meaning);

export const reelContracts = {
  sizesDropdown: defineContract({
    method: 'GET', path: '/api/reelSubcategory/getReelSizesDropdown/:id', access: 'user', tag: reelSubcategory.label.many,
    summary: 'Medidas de enrollador de una subcategoría: desplegable',
    params: z.object({ id: z.string().describe('Id del enrollador') }),
    data: z.array(optionAnswer.extend({ extra: z.number().describe('El tamaño, en metros') })),
  }),
  size: defineContract({
    method: 'GET', path: '/api/reelSubcategory/getById/:id', access: 'user', tag: reelSubcategory.label.many,
    summary: 'Una subcategoría de enrolladores', params: idParam, data: recordAnswer(reelSubcategory),
  }),
  bySize: defineContract({
    method: 'GET', path: '/api/reel/reelBySize/:size', access: 'user', tag: reel.label.many, summary: 'El enrollador de una medida',
    params: z.object({ size: z.string().describe('El ancho del cobertor, en metros') }),
    data: z.array(listRowAnswer(reel)),
  }),
  all: defineContract({
    method: 'GET', path: '/api/reel/customGetAll', access: 'user', tag: reel.label.many, summary: 'Enrolladores: todos',
    data: z.array(listRowAnswer(reel)),
  }),
  create: defineContract({
    method: 'POST', path: '/api/reel/customCreate', access: ['admin'], tag: reel.label.many,
    summary: 'Crear un enrollador con sus tamaños (multipart: sus tamaños en `subs`)', ...recordWrite(reel, 'create'),
  }),
  update: defineContract({
    method: 'POST', path: '/api/reel/customUpdate', access: ['admin'], tag: reel.label.many,
    summary: 'Modificar un enrollador y sus tamaños (multipart: sus tamaños en `subs`)', ...recordWrite(reel, 'update'),
  }),
  page: defineContract({
    method: 'POST', path: '/api/reel/getFilteredReelsPaginated', access: 'user', tag: reel.label.many,
    summary: 'Enrolladores: una página filtrada', body: pagedBody, data: pageAnswer(listRowAnswer(reel)),
  }),
  diametersDropdown: defineContract({
    method: 'GET', path: '/api/reelDiameter/getReelDiameterDropDown/:id', access: 'user', tag: reelDiameter.label.many,
    summary: 'Diámetros de tubo de una subcategoría: desplegable',
    params: z.object({ id: z.string().describe('Id del tamaño de enrollador') }),
    data: z.array(optionAnswer).describe('Los diámetros disponibles, en milímetros'),
  }),
  price: defineContract({
    method: 'POST', path: '/api/reelDiameter/getReelPrice', access: 'user', tag: reelDiameter.label.many,
    summary: 'El precio de un enrollador (medida, diámetro y motor); un miembro, siempre con su tarifa',
    body: z.object({
      reel_subcategory_id: field('Id del tamaño'),
      diameter: field('Diámetro en milímetros'),
      engine: field('Con motor: true o 1'),
      motor: field('Como `engine`'),
      client_fare_id: field('La tarifa; un miembro, siempre la suya'),
    }),
    data: reelPriceAnswer,
  }),
  diametersPage: defineContract({
    method: 'POST', path: '/api/reelDiameter/ReelsByPageAndFilter', access: 'user', tag: reelDiameter.label.many,
    summary: 'Diámetros de un enrollador: una página',
    body: z.object({ reel_id: field('Id del enrollador'), page: field('Número de página, desde 1') }),
    data: pageAnswer(listRowAnswer(reelDiameter)),
  }),
  diametersOfReel: defineContract({
    method: 'GET', path: '/api/reelDiameter/getReelsDiametersByReelId/:id', access: 'user', tag: reelDiameter.label.many,
    summary: 'Los diámetros de un enrollador', params: z.object({ id: z.string().describe('Id del enrollador') }),
    data: z.array(listRowAnswer(reelDiameter)),
  }),
  diametersOfSize: defineContract({
    method: 'GET', path: '/api/reelDiameter/getReelsDiameterBySubcategoryId/:id', access: 'user', tag: reelDiameter.label.many,
    summary: 'Los diámetros de una subcategoría de enrolladores', params: z.object({ id: z.string().describe('Id del tamaño') }),
    data: z.array(listRowAnswer(reelDiameter)),
  }),
};
