/**
 * The cart variant of the product lists (/item-list|/reel-list/{client_id?}/index, docs/screens.md): the client
 * of staff's cart (from the route; a member's is its own), the fare to price with and the `onAdd` that
 * puts a wizard's line into the cart (orderItem/create). `?order_id=` names the cart when the list was
 * opened from one; else the server uses the user's current cart of that client or makes one.
 */
import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useSession } from '../../providers/useSession';
import { addCartLine } from './catalogueApi';
import type { AddLine } from './types';
import { useFareOf } from './useBudgetTarget';

export function useCartTarget() {
  const params = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const isAdmin = session ? session.roles.includes('admin') : undefined;
  // A member's cart is always its own client's (the server enforces it): the route's id is ignored.
  const clientId = isAdmin ? Number(params.client_id) || 0 : 0;
  const [orderId, setOrderId] = useState<number | null>(Number(search.get('order_id')) || null);
  const fareId = useFareOf(clientId);

  const addLine: AddLine = useCallback(async (line) => {
    const cart = await addCartLine({ order_id: orderId, client_id: isAdmin ? clientId : undefined }, line.kind === 'item'
      ? { item_property_value_id: line.item_property_value_id, quantity: line.quantity }
      : { reel_diameter_id: line.reel_diameter_id, quantity: line.quantity });
    // The cart may be new: the session's current cart (and its banner) follow through the cache (`changes: 'order'`).
    setOrderId(cart.id);
  }, [orderId, isAdmin, clientId]);

  return {
    isAdmin: !!isAdmin,
    clientId,
    orderId,
    fareId,
    addLine,
    /** Staff came without a client: the list asks for one first. */
    needsClient: isAdmin === true && !clientId,
  };
}

export type CartTarget = ReturnType<typeof useCartTarget>;
