/**
 * The price concepts shown to clients on budgets, orders and documents (config-name-prices-managment).
 * The keys are fixed (the pricing code refers to them); staff rename what clients read.
 */
export const PRICE_CONCEPTS = [
  { key: 'cover', name: 'Cobertor', description: 'Línea del cobertor (precio por m²)' },
  { key: 'reinforcement', name: 'Refuerzo', description: 'Línea del refuerzo de la manta de invierno (precio por m²)' },
  { key: 'rounded_corners', name: 'Confección esquinas redondeadas', description: 'Extra de confección por esquinas redondeadas' },
  { key: 'stairwell', name: 'Confección escalera', description: 'Extra de confección por hueco de escalera' },
  { key: 'reel', name: 'Enrollador', description: 'Línea del enrollador' },
  { key: 'item', name: 'Artículo', description: 'Línea de un artículo del catálogo' },
  { key: 'shipping', name: 'Portes', description: 'Gastos de envío' },
  { key: 'vat', name: 'IVA', description: 'Impuesto sobre el valor añadido' },
] as const;

export type PriceConcept = (typeof PRICE_CONCEPTS)[number]['key'];

/** The concept names as staff set them, falling back to the default for a key with no row. */
export function priceConceptNames(rows: ReadonlyArray<{ key: string; name: string }>): Record<PriceConcept, string> {
  const names = Object.fromEntries(PRICE_CONCEPTS.map((c) => [c.key, c.name])) as Record<PriceConcept, string>;
  for (const row of rows) if (row.key in names) names[row.key as PriceConcept] = row.name;
  return names;
}
