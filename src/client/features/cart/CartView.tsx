/**
 * A cart order: its lines, totals and basic data, the ways to add products, and "Terminar pedido".
 * A finished order is not a cart any more: the page says so and points to where it is followed.
 */
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Link } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { OrderStatus } from '../../../shared/orders';
import { AddProductsBar } from './AddProductsBar';
import type { OrderDetails } from '../../../shared/orderViews';
import { unsellableLines } from './cartApi';
import { draftOf, type BasicsDraft } from './cartBasics';
import { cartChecks, fetchCartChecksAhead } from './cartChecksOnDemand';
import { CartBasicsSection } from './CartBasicsSection';
import { CartHeader } from './CartHeader';
import { CartLinesTable } from './CartLinesTable';
import { CartTotals } from './CartTotals';
import { EmptyCart } from './EmptyCart';
import { afterFinishPath } from '../../paths/cart';
import type { CartBasicsChanges } from '../../../shared/forms/order';
import { lazyPage } from '../../lazyPage';
import { rulesOrNotice } from '../../providers/events';
import type { FinishOrderProps } from './FinishOrderDialog';

/** «Terminar pedido»'s form (react-admin's inputs, zod): fetched as the button is approached or pressed, not with the cart. */
const FinishOrderDialog = lazyPage<FinishOrderProps>(() => import('./FinishOrderDialog').then((m) => ({ default: m.FinishOrderDialog })));
const fetchFinishAhead = () => {
  fetchCartChecksAhead();
  FinishOrderDialog.preload().catch(() => undefined);
};

export function CartView({ order, isAdmin, onChanged }: { order: OrderDetails; isAdmin: boolean; onChanged(order: OrderDetails): void }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<BasicsDraft>(() => draftOf(order));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The basics checked when «Terminar pedido» was pressed, sent with the order's finishing form.
  const [finishing, setFinishing] = useState<CartBasicsChanges | null>(null);
  const shown = useRef(draftOf(order));
  // Every cart call answers the whole order (shipping and VAT may have changed on the server): a field
  // the user has not touched shows the new value, one being edited keeps the edit.
  useEffect(() => {
    const next = draftOf(order);
    const before = shown.current;
    shown.current = next;
    setDraft((current) => {
      // Each field from the edit or from the server: a key's value stays with its own key's type.
      const pick = <K extends keyof BasicsDraft>(k: K) => (current[k] !== before[k] ? current[k] : next[k]);
      return {
        shipping_price: pick('shipping_price'),
        tax_percentage: pick('tax_percentage'),
        invoicing_company_id: pick('invoicing_company_id'),
        order_remark: pick('order_remark'),
      };
    });
  }, [order]);
  /** After saving the basic data the server's values are the page's. */
  const saved = (next: OrderDetails) => { shown.current = draftOf(next); setDraft(draftOf(next)); setErrors({}); onChanged(next); };

  const title = `Carrito · pedido nº ${order.id}`;
  const client = isAdmin ? order.client_name : null;
  if (order.status_id !== OrderStatus.cart) {
    return (
      <Box sx={{ maxWidth: 1200 }}>
        <CartHeader title={title} client={client} />
        <Alert severity="info">
          El pedido nº {order.id} ya está terminado ({order.state}).{' '}
          <Link component={RouterLink} to={afterFinishPath(isAdmin, order.id)}>{isAdmin ? 'Ver pedidos' : 'Ver mis pedidos'}</Link>
        </Alert>
      </Box>
    );
  }

  const clientId = isAdmin ? order.client_id : null;
  const openFinish = async () => {
    const checks = await cartChecks();
    if (!checks) return;
    const checked = checks.checkBasics(order.id, draft, isAdmin);
    if (!checked.ok) return setErrors(checked.errors);
    if (!(await rulesOrNotice(FinishOrderDialog.preload().then(() => FinishOrderDialog)))) return;
    setFinishing(checked.basics);
  };
  // The user has no current cart any more: the banner goes, through the cache (finishCart's `changes`).
  const finished = (done: OrderDetails) => {
    setFinishing(null);
    navigate(afterFinishPath(isAdmin, done.id));
  };

  return (
    <Box sx={{ maxWidth: 1200 }} onFocusCapture={fetchCartChecksAhead}>
      <CartHeader title={title} client={client}>
        <Button
          variant="contained"
          startIcon={<DoneAllIcon />}
          disabled={order.order_items.length === 0}
          onClick={openFinish}
          onPointerEnter={fetchFinishAhead}
          onFocus={fetchFinishAhead}
        >
          Terminar pedido
        </Button>
      </CartHeader>
      {order.order_items.length === 0 ? (
        <EmptyCart clientId={clientId} orderId={order.id} />
      ) : (
        <>
          <UnsellableNotice order={order} />
          <AddProductsBar clientId={clientId} orderId={order.id} />
          <CartLinesTable order={order} onChanged={onChanged} />
          <CartTotals totals={order.totals} />
        </>
      )}
      <CartBasicsSection
        order={order}
        isAdmin={isAdmin}
        draft={draft}
        errors={errors}
        onDraft={setDraft}
        onErrors={setErrors}
        onSaved={saved}
      />
      {finishing && (
        <FinishOrderDialog
          order={order}
          isAdmin={isAdmin}
          basics={finishing}
          onClose={() => setFinishing(null)}
          onFinished={finished}
        />
      )}
    </Box>
  );
}

/** Lines that can no longer be sold stay in the cart until the user removes them or confirms it on finishing. */
function UnsellableNotice({ order }: { order: OrderDetails }) {
  const lines = unsellableLines(order);
  if (!lines.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      Estas líneas ya no se pueden vender: {lines.map((line) => line.product_name).join(', ')}. Quítelas del carrito, o al terminar el
      pedido se le pedirá confirmación para quitarlas.
    </Alert>
  );
}
