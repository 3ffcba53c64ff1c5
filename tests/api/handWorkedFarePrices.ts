/**
 * The seeded catalogue's base prices (src/server/demo/seed.ts) and the custom price each gets when a
 * percentage is applied to a fare, worked by hand: base × (1 + p/100), rounded half-up to the cent
 * (docs/business-rules.md, Fares; DESIGN §5: money in integer cents, half-up). Written out here, not
 * computed, so that a wrong sign or a wrong rounding in the product cannot move the expectation too.
 * The rows marked «half a cent» are where rounding down instead of half-up would give a cent less.
 */

/** The percentages the fare tests apply, in the order of the table's columns. */
export const APPLIED_PERCENTAGES = [12.5, -10, -7.5] as const;
export type AppliedPercentage = (typeof APPLIED_PERCENTAGES)[number];

const TABLE: Array<[base: number, plus12_5: number, minus10: number, minus7_5: number]> = [
  // [base, at +12,5 %, at −10 %, at −7,5 %]
  // Covers, € per m²
  [14.50, 16.31, 13.05, 13.41], // Manta Invierno Premium: 16,3125 → 16,31
  [11.20, 12.60, 10.08, 10.36], // Manta Invierno Básica
  [9.80, 11.03, 8.82, 9.07], // Lona Opaca 580: 11,025 and 9,065, half a cent → up
  [6.90, 7.76, 6.21, 6.38], // Burbuja 400 micras: 7,7625 → 7,76
  [8.10, 9.11, 7.29, 7.49], // Burbuja 500 micras
  [10.40, 11.70, 9.36, 9.62], // Solar GeoBubble
  // Reinforcements, € per m²
  [1.20, 1.35, 1.08, 1.11], // Refuerzo perimetral
  [1.80, 2.03, 1.62, 1.67], // Refuerzo con ollaos: 2,025 and 1,665, half a cent → up
  [2.40, 2.70, 2.16, 2.22], // Refuerzo doble
  // Article variations: each variation of an article is seeded at the article's price
  [3.50, 3.94, 3.15, 3.24], // Anclaje de suelo: 3,9375 → 3,94; 3,2375 → 3,24
  [6.20, 6.98, 5.58, 5.74], // Tensor de invierno: 6,975 and 5,735, half a cent → up
  [18.90, 21.26, 17.01, 17.48], // Cepillo de fondo
  [39.50, 44.44, 35.55, 36.54], // Limpiafondos manual
  [12.40, 13.95, 11.16, 11.47], // Correa de enrollador
  [4.80, 5.40, 4.32, 4.44], // Orillo bisagra
  // Reel diameters: 180 + 40·i + Ø without motor, 620 + 60·i + Ø with motor, for subcategory i = 0…3, Ø 110 and 160 mm
  [290, 326.25, 261, 268.25],
  [340, 382.50, 306, 314.50],
  [330, 371.25, 297, 305.25],
  [380, 427.50, 342, 351.50],
  [370, 416.25, 333, 342.25],
  [420, 472.50, 378, 388.50],
  [410, 461.25, 369, 379.25],
  [460, 517.50, 414, 425.50],
  [730, 821.25, 657, 675.25],
  [780, 877.50, 702, 721.50],
  [790, 888.75, 711, 730.75],
  [840, 945, 756, 777],
  [850, 956.25, 765, 786.25],
  [900, 1012.50, 810, 832.50],
  [910, 1023.75, 819, 841.75],
  [960, 1080, 864, 888],
];

/** The custom price, worked by hand above, of a seeded base price under an applied percentage. */
export function handWorkedPrice(base: number, percentage: AppliedPercentage): number {
  const row = TABLE.find(([b]) => b === base);
  if (!row) throw new Error(`No hand-worked fare price for a base of ${base} €: add its row to the table`);
  return row[1 + APPLIED_PERCENTAGES.indexOf(percentage)];
}

/** A row of getFarePrices as the tests read it: name, base_price, custom_price, fare_available. */
type FarePriceRow = Record<string, any>;

/** Each row of a fare's prices (getFarePrices) by name, with its base and custom price… */
export const farePricesOf = (rows: FarePriceRow[]) =>
  rows.map(({ name, base_price, custom_price }) => ({ name, base_price, custom_price }));

/** …and the same rows as they should be once `percentage` was applied: compared with toEqual, a wrong row shows by name. */
export const handWorkedPricesOf = (rows: FarePriceRow[], percentage: AppliedPercentage) =>
  rows.map(({ name, base_price }) => ({ name, base_price, custom_price: handWorkedPrice(base_price, percentage) }));
