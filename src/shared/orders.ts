/** Order states (docs/data.md, docs/business-rules.md). */
export const OrderStatus = { cart: 0, finished: 1 } as const;

export const ReviewStatus = { draft: 1, toReview: 2, reviewed: 3 } as const;

export const REVIEW_STATUSES = [
  { value: ReviewStatus.draft, label: 'Borrador' },
  { value: ReviewStatus.toReview, label: 'Pendiente de revisión' },
  { value: ReviewStatus.reviewed, label: 'Revisado' },
] as const;

/**
 * Review changes staff may make on a finished order (the spec leaves them open): a draft goes to
 * review and back; an order to review is reviewed or sent back to draft; a reviewed order can be
 * reopened for review. A draft is never marked reviewed without passing through review.
 */
export const REVIEW_TRANSITIONS: Record<number, readonly number[]> = {
  [ReviewStatus.draft]: [ReviewStatus.toReview],
  [ReviewStatus.toReview]: [ReviewStatus.draft, ReviewStatus.reviewed],
  [ReviewStatus.reviewed]: [ReviewStatus.toReview],
};

export const canChangeReview = (from: number | null, to: number) => from !== null && REVIEW_TRANSITIONS[from]?.includes(to) === true;

/** What finishing a cart sets: "to review", unless staff force another review status. */
export const reviewStatusOnFinish = (forced: number | null | undefined) =>
  (forced && REVIEW_STATUSES.some((s) => s.value === forced) ? forced : ReviewStatus.toReview);

/** The public name of an order's state (tracking page, lists). */
export function orderStateLabel(statusId: number, reviewStatusId: number | null): string {
  if (statusId === OrderStatus.cart) return 'Carrito sin terminar';
  return REVIEW_STATUSES.find((s) => s.value === reviewStatusId)?.label ?? 'Recibido';
}
