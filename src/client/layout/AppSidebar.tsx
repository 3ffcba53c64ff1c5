/**
 * The sidebar: open or closed, remembered between visits (react-admin's store, in localStorage).
 * Below 1024 px it floats over the page and a click outside closes it.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Drawer, Typography, useMediaQuery, type Theme } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useSidebarState } from 'react-admin';
import { Texts } from '../../shared/codes';
import { Logo } from '../components/Logo';
import { MOBILE_QUERY } from './appShell';
import { logoutAndLeave } from './logout';
import { useSession } from '../providers/useSession';

export const SIDEBAR_WIDTH = 248;
export const SIDEBAR_CLOSED_WIDTH = 56;

export function AppSidebar({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useSidebarState();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const session = useSession();
  // On a phone the menu is drawn when first opened, then kept: hidden, hundreds of components to mount
  // were a long task of every page's opening (issue 46: a phone's blocking time).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  const content = (
    <Box
      component="aside"
      aria-label="Barra lateral"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}
      data-testid="sidebar"
      data-open={open ? 'true' : 'false'}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: 64, px: 1 }}>
        <Link to="/" aria-label="Cobertores: ir al inicio" style={{ textDecoration: 'none' }}>
          <Logo compact={!open} />
        </Link>
      </Box>
      {open && session && (
        <Box sx={{ px: 2, pb: 1 }} data-testid="sidebar-greeting">
          <Typography
            variant="body2"
            component={Link}
            to={`/usuarios/perfil/${session.id}`}
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 600 }}
          >
            Hola, {session.first_name}
          </Typography>
          <Button size="small" startIcon={<LogoutIcon />} onClick={logoutAndLeave} sx={{ display: 'flex', mt: 0.5 }}>
            {Texts.logout}
          </Button>
        </Box>
      )}
      <Box sx={{ flex: 1 }} onClick={() => mobile && setOpen(false)}>
        {(opened || !mobile) && children}
      </Box>
    </Box>
  );

  if (mobile) {
    return (
      <Drawer variant="temporary" open={open} onClose={() => setOpen(false)} ModalProps={{ keepMounted: true }}
        PaperProps={{ sx: { width: SIDEBAR_WIDTH } }}>
        {content}
      </Drawer>
    );
  }
  const width = open ? SIDEBAR_WIDTH : SIDEBAR_CLOSED_WIDTH;
  // The theme's: none with reduced motion (brand.ts).
  const slide = (theme: Theme) => theme.transitions.create('width', { duration: 200 });
  return (
    <Drawer
      variant="permanent"
      open={open}
      sx={{
        width,
        'flexShrink': 0,
        'transition': slide,
        '& .MuiDrawer-paper': { width, position: 'relative', transition: slide, boxSizing: 'border-box' },
      }}
    >
      {content}
    </Drawer>
  );
}
