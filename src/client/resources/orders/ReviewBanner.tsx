/**
 * The staff banner of the orders waiting for review (docs/roles.md: banners are admin-only): "Hay N pedidos
 * pendientes de revisión", linking to the orders to review. The count is read again on every navigation
 * (others review orders too) and, through the cache, after any write that changes orders (issue 27).
 */
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Link } from '@mui/material';
import type { SessionData } from '../../providers/session';
import { useApiQuery } from '../../providers/query';
import { ordersToReviewCount } from './orderApi';
import { orderPaths } from '../../paths/orders';
import { BANNER_COLOURS, bannerSx } from '../../components/bannerStyle';

export const reviewBannerText = (count: number) =>
  (count === 1 ? 'Hay 1 pedido pendiente de revisión' : `Hay ${count} pedidos pendientes de revisión`);

export function OrdersToReviewBanner({ session }: { session: SessionData }) {
  const isAdmin = session.roles.includes('admin');
  const { pathname } = useLocation();
  // A refused read (silent) shows no banner.
  const { data } = useApiQuery(['order', 'toReviewCount', pathname], ordersToReviewCount, isAdmin, { keepPrevious: true });
  const count = data?.count ?? 0;

  if (!isAdmin || count <= 0) return null;
  return (
    <Alert severity="info" variant="filled" sx={{ ...bannerSx, bgcolor: BANNER_COLOURS.info }} data-testid="banner-orders-review">
      <Link component={RouterLink} to={orderPaths.toReview} color="inherit" underline="always">{reviewBannerText(count)}</Link>
    </Alert>
  );
}
