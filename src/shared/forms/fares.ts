/** The fare prices page's forms (src/client/resources/clientFares) and their endpoints' bodies (src/shared/contracts/fares.ts). */
import { z } from 'zod';
import { Msg } from '../messages';
import { boolean, decimal, integer, reference } from '../validation';

/** "Apply fare percentage" (docs/validation.md): a percentage, and in the dialog a ticked confirmation. */
export const farePercentageForm = z.object({
  percentage: decimal({
    required: 'Introduzca el porcentaje',
    invalid: 'Introduzca un porcentaje válido',
    places: 2,
    min: -99.99,
    max: 1000,
    rangeMessage: 'Introduzca un porcentaje entre -99,99 y 1000',
  }),
  client_fare_id: reference('Seleccione una tarifa'),
});

/** One of a fare's own prices; an empty price removes it (the base price applies again). */
export const farePriceForm = z.object({
  client_fare_id: reference('Seleccione una tarifa'),
  target_id: reference('Seleccione el registro'),
  custom_price: decimal({ required: null, invalid: 'Introduzca un precio válido (máximo 2 decimales)', places: 2, min: 0 }),
  fare_available: boolean(true),
});

/** Confección of one of the fare's clients: its extra_confection_price, whole euros. */
export const confectionPriceForm = z.object({
  client_fare_id: reference('Seleccione una tarifa'),
  target_id: reference('Seleccione el cliente'),
  custom_price: integer({
    required: Msg.confectionPrice,
    invalid: Msg.confectionPrice,
    min: 0,
    max: 100_000,
    rangeMessage: Msg.confectionPrice,
  }),
});
