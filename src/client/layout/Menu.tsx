/**
 * The sidebar menu, built from the route declaration: hidden routes skipped, one visible child shown
 * as a flat item, several as an expandable submenu; with the sidebar closed a submenu opens on hover
 * after 200 ms.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  MenuList,
  Paper,
  Popper,
  Tooltip,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useSidebarState } from 'react-admin';
import { buildMenu, type MenuEntry } from '../menu';
import { findRoute, preloadRoutePage, type FlatRoute } from '../routing';
import { useSession } from '../providers/useSession';
import { useFrame } from './frame';

export const SUBMENU_DELAY_MS = 200;

export function AppMenu() {
  const session = useSession();
  const [open] = useSidebarState();
  const { routes } = useFrame();
  if (!session) return null;
  const entries = buildMenu(routes, session.roles, session.platform_scope_id);
  return (
    <List component="nav" aria-label="Menú principal" dense sx={{ py: 0 }}>
      {entries.map((entry) => entry.children
        ? <SubMenu key={entry.key} entry={entry} sidebarOpen={open} />
        : <MenuLink key={entry.key} entry={entry} sidebarOpen={open} />)}
    </List>
  );
}

/**
 * Whether a menu entry is where the user is: its own page or one under it, a page that names it as its
 * menu entry (`activeMenu`, e.g. a reel's diameters under "Enrolladores"), or, for a top-level entry, any
 * page of its section (a member's budget calculations under "Presupuestos").
 */
export function isCurrentEntry(flat: FlatRoute[], entry: MenuEntry, pathname: string, topLevel: boolean) {
  if (pathname === entry.to || pathname.startsWith(`${entry.to}/`)) return true;
  const current = findRoute(flat, pathname);
  if (!current) return false;
  return current.route.activeMenu === entry.to || (topLevel && current.chain[0]?.path === entry.key);
}

function MenuLink({ entry, sidebarOpen, nested }: { entry: MenuEntry; sidebarOpen: boolean; nested?: boolean }) {
  const { pathname } = useLocation();
  const { flat } = useFrame();
  const Icon = entry.icon;
  const selected = isCurrentEntry(flat, entry, pathname, !nested);
  // The page's scripts are fetched as the pointer or the focus reaches its entry, before the click.
  const preload = () => { void preloadRoutePage(flat, entry.to!); };
  const button = (
    <ListItemButton
      component={Link}
      to={entry.to!}
      onPointerEnter={preload}
      onFocus={preload}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      sx={{ pl: nested ? 4 : 2 }}
    >
      {Icon && (
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
      )}
      {sidebarOpen && <ListItemText primary={entry.title} />}
    </ListItemButton>
  );
  // In a submenu's list each link is a list item.
  if (nested) return <ListItem disablePadding>{button}</ListItem>;
  return sidebarOpen ? button : <Tooltip title={entry.title} placement="right">{button}</Tooltip>;
}

function SubMenu({ entry, sidebarOpen }: { entry: MenuEntry; sidebarOpen: boolean }) {
  const { pathname } = useLocation();
  const { flat } = useFrame();
  const active
    = entry.children!.some((child) => isCurrentEntry(flat, child, pathname, false))
      || findRoute(flat, pathname)?.chain[0]?.path === entry.key;
  const [expanded, setExpanded] = useState(active);
  const [hoverOpen, setHoverOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const Icon = entry.icon;

  const showLater = () => { clearTimeout(timer.current); timer.current = setTimeout(() => setHoverOpen(true), SUBMENU_DELAY_MS); };
  const hideLater = () => { clearTimeout(timer.current); timer.current = setTimeout(() => setHoverOpen(false), SUBMENU_DELAY_MS); };

  const header: ReactNode = (
    <ListItemButton onClick={() => setExpanded(!expanded)} aria-expanded={expanded} selected={!sidebarOpen && active}>
      {Icon && <ListItemIcon sx={{ minWidth: 40 }}><Icon fontSize="small" /></ListItemIcon>}
      {sidebarOpen && <ListItemText primary={entry.title} />}
      {sidebarOpen && (expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
    </ListItemButton>
  );

  if (!sidebarOpen) {
    return (
      <div ref={anchor} onMouseEnter={showLater} onMouseLeave={hideLater}>
        {header}
        <Popper open={hoverOpen} anchorEl={() => anchor.current!} placement="right-start" sx={{ zIndex: 1300 }}>
          <Paper elevation={4} onMouseEnter={showLater} onMouseLeave={hideLater}>
            <MenuList dense aria-label={entry.title}>
              {entry.children!.map((child) => (
                <MenuItem key={child.key} component={Link} to={child.to!} onClick={() => setHoverOpen(false)}>{child.title}</MenuItem>
              ))}
            </MenuList>
          </Paper>
        </Popper>
      </div>
    );
  }
  return (
    <>
      {header}
      {/* Unfolded at once, not through MUI's Collapse: one component less on every page's first load (issue 46). */}
      {expanded && (
        <List disablePadding dense aria-label={entry.title}>
          {entry.children!.map((child) => <MenuLink key={child.key} entry={child} sidebarOpen nested />)}
        </List>
      )}
    </>
  );
}
