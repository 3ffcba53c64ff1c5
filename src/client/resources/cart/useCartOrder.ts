/** Loads a cart order and keeps the latest answer of every cart call (each one returns the whole order). */
import { useCallback, useEffect, useState } from 'react';
import { getOrder, type CartOrder } from './cartApi';

export interface LoadedCart {
  order: CartOrder | null;
  /** The order could not be read (not found or not the user's). */
  failed: boolean;
  /** Shows an order a cart call answered with. */
  show(order: CartOrder): void;
  reload(): void;
}

export function useCartOrder(orderId: number | null): LoadedCart {
  const [order, setOrder] = useState<CartOrder | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    setFailed(false);
    if (!orderId) return setOrder(null);
    let alive = true;
    getOrder(orderId).then((data) => alive && setOrder(data), () => alive && setFailed(true));
    return () => { alive = false; };
  }, [orderId]);
  useEffect(reload, [reload]);
  return { order: order && order.id === orderId ? order : null, failed, show: setOrder, reload };
}
