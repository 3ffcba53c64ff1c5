/**
 * Alert banners of the top bar. Admin-only banners (docs/roles.md) and the unfinished-cart banner, which
 * shows for anyone with a draft cart; resources add theirs through the frame's `banners` (layout/frame.tsx).
 * While the session is read again, the last one's unfinished cart shows its banner (a hint, providers/token.ts),
 * so that on a phone its row does not push the page down as the session answers (issue 46).
 */
import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { draftCartOf, type SessionData } from '../providers/session';
import { CART_HINT, lastHint } from '../providers/token';
import { useSession } from '../providers/useSession';
import { BANNER_COLOURS, bannerSx } from '../components/bannerStyle';
import { useFrame } from './frame';
import { cartPaths } from '../paths/cart';

interface BannerDef {
  key: string;
  adminOnly: boolean;
  show(session: SessionData): boolean;
  text(session: SessionData): string;
  to?(session: SessionData): string;
}

const CART_BANNER = 'Tiene un carrito sin terminar';

export const banners: BannerDef[] = [
  {
    key: 'cart', adminOnly: false,
    show: (s) => draftCartOf(s) !== null,
    text: () => CART_BANNER,
    to: (s) => cartPaths.cart(draftCartOf(s)),
  },
  {
    key: 'maintenance', adminOnly: true,
    show: (s) => s.maintenance_mode,
    text: () => 'El modo mantenimiento está activo: solo los administradores pueden usar la aplicación',
    to: () => '/configuracion/app-settings',
  },
];

export function Banners() {
  const session = useSession();
  const { banners: added } = useFrame();
  const hintedCart = session ? 0 : Number(lastHint(CART_HINT));
  const visible = session
    ? banners
        .filter((b) => (!b.adminOnly || session.roles.includes('admin')) && b.show(session))
        .map((b) => ({ key: b.key, text: b.text(session), to: b.to?.(session) }))
    : hintedCart > 0 ? [{ key: 'cart', text: CART_BANNER, to: cartPaths.cart(hintedCart) }] : [];
  return (
    <>
      {visible.map((b) => (
        <Alert
          key={b.key}
          severity="warning"
          variant="filled"
          sx={{ ...bannerSx, bgcolor: BANNER_COLOURS.warning }}
          data-testid={`banner-${b.key}`}
        >
          {b.to ? (
            <Link component={RouterLink} to={b.to} color="inherit" underline="always">
              {b.text}
            </Link>
          ) : (
            b.text
          )}
        </Alert>
      ))}
      {added.map((Banner, i) => (
        <Banner key={i} />
      ))}
    </>
  );
}
