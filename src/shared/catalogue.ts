/**
 * Catalogue constants (docs/data.md, docs/business-rules.md). What the article, reel and fare-price endpoints
 * answer is in catalogueAnswers.ts.
 */

export const SEASONS = [
  { value: 1, label: 'Verano' },
  { value: 2, label: 'Invierno' },
] as const;

/** Pool cover type 1 is the blanket with reinforcement: it needs a reinforcement type and its image. */
export const REINFORCED_COVER_TYPE = 1;

export const DEFAULT_REFERENCE = { cover: 'Cobertor', reel: 'Enrollador', item: 'Artículo' } as const;

export const IMAGE_SIZES = {
  background: { width: 956, height: 637 },
  reinforcement: { width: 568, height: 568 },
} as const;
