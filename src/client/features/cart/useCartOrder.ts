/** Loads a cart order and keeps the latest answer of every cart call (each one returns the whole order). */
import { useQueryClient } from '@tanstack/react-query';
import { useApiQuery } from '../../providers/query';
import type { OrderDetails } from '../../../shared/orderViews';
import { getOrder } from './cartApi';

export interface LoadedCart {
  order: OrderDetails | null;
  /** The order could not be read (not found or not the user's). */
  failed: boolean;
  /** Shows an order a cart call answered with. */
  show(order: OrderDetails): void;
  reload(): void;
}

/** A cart order's query key: a save elsewhere invalidates it. */
export const cartOrderKey = (orderId: number) => ['order', orderId, 'cart'] as const;

export function useCartOrder(orderId: number | null): LoadedCart {
  const queryClient = useQueryClient();
  const { data, isError, refetch } = useApiQuery(cartOrderKey(orderId ?? 0), () => getOrder(orderId!), !!orderId);
  return {
    order: data && data.id === orderId ? data : null,
    failed: !!orderId && isError,
    // The answer of a cart call is the order as it is now: it becomes the cached one, no second read.
    show: (order) => queryClient.setQueryData(cartOrderKey(order.id), order),
    reload: () => { if (orderId) void refetch(); },
  };
}
