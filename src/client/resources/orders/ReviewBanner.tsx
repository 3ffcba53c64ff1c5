/**
 * The staff banner of the orders waiting for review (docs/roles.md: banners are admin-only): "Hay N pedidos
 * pendientes de revisión", linking to the orders to review. The count is read again on every navigation
 * and after a review change on the details page.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Link } from '@mui/material';
import type { SessionData } from '../../providers/session';
import { ordersToReviewCount } from './orderApi';
import { orderPaths } from './paths';
import { BANNER_COLOURS, bannerSx } from '../../layout/bannerStyle';

const REFRESH_EVENT = 'cobertores:orders-review-changed';

/** Asks the banner to read the count again (e.g. after changing a review status). */
export const refreshReviewCount = () => window.dispatchEvent(new Event(REFRESH_EVENT));

export const reviewBannerText = (count: number) =>
  (count === 1 ? 'Hay 1 pedido pendiente de revisión' : `Hay ${count} pedidos pendientes de revisión`);

export function OrdersToReviewBanner({ session }: { session: SessionData }) {
  const isAdmin = session.roles.includes('admin');
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const again = () => setTick((n) => n + 1);
    window.addEventListener(REFRESH_EVENT, again);
    return () => window.removeEventListener(REFRESH_EVENT, again);
  }, []);

  useEffect(() => {
    if (!isAdmin) return;
    let alive = true;
    ordersToReviewCount().then((r) => alive && setCount(r.count), () => undefined);
    return () => { alive = false; };
  }, [isAdmin, pathname, tick]);

  if (!isAdmin || count <= 0) return null;
  return (
    <Alert severity="info" variant="filled" sx={{ ...bannerSx, bgcolor: BANNER_COLOURS.info }} data-testid="banner-orders-review">
      <Link component={RouterLink} to={orderPaths.toReview} color="inherit" underline="always">{reviewBannerText(count)}</Link>
    </Alert>
  );
}
