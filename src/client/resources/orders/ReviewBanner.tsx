/**
 * The staff banner of the orders waiting for review (docs/roles.md: banners are admin-only): "Hay N pedidos
 * pendientes de revisión", linking to the orders to review. The count is read again on every navigation
 * (others review orders too) and, through the cache, after any write that changes orders (issue 27).
 * Until the first count answers, the last one read shows (a hint kept in this browser): on a phone the
 * banner has a row of its own, which would otherwise push the page down once painted (issue 30).
 */
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Link } from '@mui/material';
import { useFirstScreenShown } from '../../providers/firstScreen';
import { useApiQuery } from '../../providers/query';
import { lastHint, rememberHint, REVIEW_COUNT_HINT } from '../../providers/token';
import { useRoles } from '../../providers/useSession';
import { ordersToReviewCount } from './orderApi';
import { orderPaths } from '../../paths/orders';
import { BANNER_COLOURS, bannerSx } from '../../components/bannerStyle';

export const reviewBannerText = (count: number) =>
  (count === 1 ? 'Hay 1 pedido pendiente de revisión' : `Hay ${count} pedidos pendientes de revisión`);

export function OrdersToReviewBanner() {
  const isAdmin = !!useRoles()?.includes('admin');
  const { pathname } = useLocation();
  // Read once the page's first read is on screen (providers/firstScreen.ts); the last count shows meanwhile.
  const firstScreenShown = useFirstScreenShown();
  // A refused read (silent) shows no banner.
  const { data, isError } = useApiQuery(
    ['order', 'toReviewCount', pathname], ordersToReviewCount, isAdmin && firstScreenShown, { keepPrevious: true },
  );
  useEffect(() => {
    if (data) rememberHint(REVIEW_COUNT_HINT, String(data.count));
  }, [data]);
  const count = data?.count ?? (isError ? 0 : Number(lastHint(REVIEW_COUNT_HINT) ?? 0));

  if (!isAdmin || count <= 0) return null;
  return (
    <Alert severity="info" variant="filled" sx={{ ...bannerSx, bgcolor: BANNER_COLOURS.info }} data-testid="banner-orders-review">
      <Link component={RouterLink} to={orderPaths.toReview} color="inherit" underline="always">{reviewBannerText(count)}</Link>
    </Alert>
  );
}
