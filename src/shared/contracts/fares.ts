/** A fare's own prices (docs/api.md): apply a percentage to a kind or to the whole fare, read a kind's prices, set one. */
import { z } from 'zod';
import { clientFare } from '../../../schemas/clientFare';
import { confectionPriceForm, farePercentageForm, farePriceForm } from '../forms/fares';
import { farePriceAnswer } from '../catalogueAnswers';
import { Msg } from '../messages';
import { defineContract } from './contract';

const tag = clientFare.label.many;
const admin = ['admin'] as const;
const count = z.number().int();

/** Confección: its prices are the fare's clients' (whole euros, always set). */
export const CONFECTION = 'client';
/** The kinds priced from a table of their own, with the fare's availability tick. */
const TABLE_KINDS = ['poolCover', 'reinforcementType', 'reelDiameter', 'itemPropertyValue'] as const;
/**
 * Every kind of price a fare sets, the one list of them: the server's rules take their kinds from its
 * options, in the order "apply to the whole fare" goes through them.
 */
export const fareKind = z.enum([...TABLE_KINDS, CONFECTION]);

const applied = z.object({ updated: count.describe('Cuántos precios de la tarifa se han fijado') });

/** `changeCustomPriceTo…`: the percentage applied to one kind of the fare's prices (its endpoint's name says which). */
const percentageTo = (suffix: string) => defineContract({
  method: 'POST', path: `/api/clientFare/changeCustomPriceTo${suffix}`, access: admin, tag,
  summary: `Aplicar un porcentaje a los precios de la tarifa (${suffix})`,
  body: farePercentageForm, data: applied,
});

export const faresContracts = {
  percentageToPoolCover: percentageTo('PoolCover'),
  percentageToReelDiameter: percentageTo('ReelDiameter'),
  percentageToReinforcement: percentageTo('Reinforcement'),
  percentageToArticle: percentageTo('Article'),
  percentageToConfection: percentageTo('Client'),
  percentageToWholeFare: defineContract({
    method: 'POST', path: '/api/clientFare/changeCustomPriceToClientFare', access: admin, tag,
    summary: 'Aplicar un porcentaje a todos los precios de la tarifa',
    body: farePercentageForm,
    data: applied.extend({
      by_kind: z.partialRecord(fareKind, count).describe('Cuántos de cada tipo de precio'),
    }),
  }),
  prices: defineContract({
    method: 'GET', path: '/api/clientFare/getFarePrices/:id/:kind', access: admin, tag,
    summary: 'Los precios de una tarifa para un tipo de producto',
    params: z.object({
      id: z.string().describe('Id de la tarifa'),
      // A string, not the enum: an unknown kind is a page that does not exist (404), as for an unknown id.
      kind: z.string().describe(`${TABLE_KINDS.join(', ')} o ${CONFECTION} (confección)`),
    }),
    data: z.array(farePriceAnswer),
  }),
  setPrice: defineContract({
    method: 'POST', path: '/api/clientFare/setFarePrice', access: admin, tag,
    summary: 'Fijar un precio de la tarifa (`kind`: el tipo de precio; confección sin fare_available)',
    // An unknown kind is told under `kind`, before any other field is looked at.
    body: z.discriminatedUnion('kind', [
      confectionPriceForm.extend({ kind: z.literal(CONFECTION) }),
      farePriceForm.extend({ kind: z.enum(TABLE_KINDS) }),
    ], { error: Msg.invalidBody }),
    data: z.object({ custom_price: z.number(), fare_available: z.boolean() }).nullable()
      .describe('El precio fijado y si está activo; null si se ha quitado (vuelve el precio base)'),
  }),
};
