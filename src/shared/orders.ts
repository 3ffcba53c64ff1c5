/** Order states (spec §4, DESIGN §7). */
export const OrderStatus = { cart: 0, finished: 1 } as const;

export const ReviewStatus = { draft: 1, toReview: 2, reviewed: 3 } as const;

export const REVIEW_STATUSES = [
  { value: ReviewStatus.draft, label: 'Borrador' },
  { value: ReviewStatus.toReview, label: 'Pendiente de revisión' },
  { value: ReviewStatus.reviewed, label: 'Revisado' },
] as const;
