/** Top bar: hamburger, logo (to the orders list), breadcrumb, banners and the avatar menu. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AppBar as MuiAppBar, Avatar, Box, IconButton, Menu, MenuItem, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useSidebarState } from 'react-admin';
import { Texts } from '../../shared/codes';
import { ordersListPath } from '../routing';
import { AnnouncementsBell } from './AnnouncementsBell';
import { Banners } from './Banners';
import { Breadcrumb } from './Breadcrumb';
import { CheckInButton } from './CheckInButton';
import { Logo } from './Logo';
import { logoutAndLeave } from './logout';
import { useSession } from './useSession';

export function AppBar() {
  const [open, setOpen] = useSidebarState();
  const session = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <MuiAppBar position="static" color="primary" elevation={1}>
      {/* On a phone the banners take a row of their own under the bar, so the page's title stays readable. */}
      <Toolbar variant="dense" sx={{ gap: 1, minHeight: 56, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <IconButton color="inherit" edge="start" aria-label="Abrir o cerrar el menú" onClick={() => setOpen(!open)}>
          <MenuIcon />
        </IconButton>
        <Box component={Link} to={session ? ordersListPath(session.roles) : '/'} sx={{ color: 'inherit', textDecoration: 'none', display: { xs: 'none', sm: 'block' } }}>
          <Logo light />
        </Box>
        <Box sx={{ ml: { xs: 0, sm: 2 }, flex: 1, minWidth: 0 }}><Breadcrumb /></Box>
        <Box sx={{ 'display': 'flex', 'alignItems': 'center', 'gap': 1, 'order': { xs: 3, sm: 0 }, 'flexBasis': { xs: '100%', sm: 'auto' }, 'pb': { xs: 1, sm: 0 }, '&:empty': { display: 'none' } }}>
          <Banners />
        </Box>
        <AnnouncementsBell />
        <CheckInButton />
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label="Menú de usuario" aria-haspopup="menu">
          <Avatar src={session?.image ?? undefined} alt={session?.first_name} sx={{ width: 32, height: 32 }}>
            {session?.first_name?.[0]}
          </Avatar>
        </IconButton>
        <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
          <MenuItem onClick={() => { setAnchor(null); logoutAndLeave(); }}>{Texts.logout}</MenuItem>
        </Menu>
      </Toolbar>
    </MuiAppBar>
  );
}
