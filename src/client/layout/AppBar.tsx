/**
 * Top bar: hamburger, logo (to the orders list), breadcrumb, banners and the avatar menu; on a phone, staff
 * also get «Escanear» (issue 28 §1), the camera reading the labels. Without react-admin: «Escanear» opened
 * on a phone draws it too (LightApp.tsx).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AppBar as MuiAppBar, Avatar, Box, IconButton, Menu, MenuItem, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import { Texts } from '../../shared/codes';
import { hasAnyRole } from '../../shared/permissions';
import { STAFF } from '../../shared/roles';
import { ordersListPath } from '../routing';
import { SCAN_PATH } from '../paths/traceability';
import { Banners } from './Banners';
import { Breadcrumb } from './Breadcrumb';
import { useFrame, useMenuToggle } from './frame';
import { Logo } from '../components/Logo';
import { logoutAndLeave } from './logout';
import { useRoles, useSession } from '../providers/useSession';

export function AppBar() {
  const { open, setOpen } = useMenuToggle();
  const session = useSession();
  const { barButtons } = useFrame();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The last session's roles while auth/info answers: a phone's second row (staff) is there from the
  // first paint, as in index.html's picture of the frame, instead of pushing the page down later (issue 30).
  const roles = useRoles();
  const staff = !!roles && hasAnyRole(roles, STAFF);
  return (
    <MuiAppBar position="static" color="primary" elevation={1}>
      {/* On a phone the banners take a row of their own under the bar, so the page's title stays readable. */}
      <Toolbar variant="dense" sx={{ gap: 1, minHeight: 56, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <IconButton color="inherit" edge="start" aria-label="Abrir o cerrar el menú" onClick={() => setOpen(!open)}>
          <MenuIcon />
        </IconButton>
        <Box
          component={Link}
          to={session ? ordersListPath(session.roles) : '/'}
          sx={{ color: 'inherit', textDecoration: 'none', display: { xs: 'none', sm: 'block' } }}
        >
          <Logo light />
        </Box>
        {/* Staff have more buttons (check-in, «Escanear»): on a phone the title keeps the first row, the buttons take the next. */}
        <Box sx={{ ml: { xs: 0, sm: 2 }, flex: 1, minWidth: 0, flexBasis: { xs: staff ? 'calc(100% - 56px)' : 0, sm: 0 } }}>
          <Breadcrumb />
        </Box>
        <Box
          sx={{
            'display': 'flex',
            'alignItems': 'center',
            'gap': 1,
            'order': { xs: 3, sm: 0 },
            'flexBasis': { xs: '100%', sm: 'auto' },
            'pb': { xs: 1, sm: 0 },
            '&:empty': { display: 'none' },
          }}
        >
          <Banners />
        </Box>
        {/*
          A phone's staff row is the whole width, its buttons at its right end: the check-in and the bell,
          arriving with their answers, then take their place beside the avatar without moving the row (issue 46).
        */}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 1,
            ml: 'auto',
            flexBasis: { xs: staff ? '100%' : 'auto', sm: 'auto' },
            pb: { xs: staff ? 1 : 0, sm: 0 },
          }}
        >
          {barButtons.map((BarButton, i) => (
            <BarButton key={i} />
          ))}
          {staff && (
            <IconButton
              component={Link}
              to={SCAN_PATH}
              color="inherit"
              aria-label="Escanear"
              sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
              data-testid="scan-button"
            >
              <QrCodeScanner />
            </IconButton>
          )}
          <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label="Menú de usuario" aria-haspopup="menu">
            <Avatar src={session?.image ?? undefined} alt={session?.first_name} sx={{ width: 32, height: 32 }}>
              {session?.first_name?.[0]}
            </Avatar>
          </IconButton>
        </Box>
        <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              logoutAndLeave();
            }}
          >
            {Texts.logout}
          </MenuItem>
        </Menu>
      </Toolbar>
    </MuiAppBar>
  );
}
