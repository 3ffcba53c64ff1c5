/**
 * The sidebar menu, built from the route declaration: hidden routes skipped, one visible child shown
 * as a flat item, several as an expandable submenu; with the sidebar closed a submenu opens on hover
 * after 200 ms.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, MenuItem, MenuList, Paper, Popper, Tooltip } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useSidebarState } from 'react-admin';
import { hasAnyRole } from '../../shared/permissions';
import type { Role } from '../../shared/roles';
import { appRoutes, childPath, routeTitle, type AppRoute } from '../routes';
import { useSession } from './useSession';

export const SUBMENU_DELAY_MS = 200;

export interface MenuEntry { key: string; title: string; icon?: AppRoute['icon']; to?: string; children?: MenuEntry[] }

/** The menu for a set of roles (pure, so it is unit-tested). */
export function buildMenu(routes: AppRoute[], roles: readonly Role[], platformScopeId?: number): MenuEntry[] {
  return routes.flatMap((route): MenuEntry[] => {
    if (route.hidden || !hasAnyRole(roles, route.roles)) return [];
    const children = (route.children ?? []).filter((child) => !child.hidden && hasAnyRole(roles, child.roles ?? route.roles));
    const title = routeTitle(route, platformScopeId);
    if (!route.children) return [{ key: route.path, title, icon: route.icon, to: route.path }];
    if (children.length === 0) return [];
    if (children.length === 1) {
      const only = children[0];
      return [{ key: route.path, title: only.path ? routeTitle(only, platformScopeId) : title, icon: route.icon, to: childPath(route.path, only.path) }];
    }
    return [{
      key: route.path, title, icon: route.icon,
      children: children.map((child) => ({ key: childPath(route.path, child.path), title: routeTitle(child, platformScopeId), icon: child.icon, to: childPath(route.path, child.path) })),
    }];
  });
}

export function AppMenu() {
  const session = useSession();
  const [open] = useSidebarState();
  if (!session) return null;
  const entries = buildMenu(appRoutes, session.roles, session.platform_scope_id);
  return (
    <List component="nav" aria-label="Menú principal" dense sx={{ py: 0 }}>
      {entries.map((entry) => entry.children
        ? <SubMenu key={entry.key} entry={entry} sidebarOpen={open} />
        : <MenuLink key={entry.key} entry={entry} sidebarOpen={open} />)}
    </List>
  );
}

function MenuLink({ entry, sidebarOpen, nested }: { entry: MenuEntry; sidebarOpen: boolean; nested?: boolean }) {
  const { pathname } = useLocation();
  const Icon = entry.icon;
  const button = (
    <ListItemButton component={Link} to={entry.to!} selected={pathname === entry.to || pathname.startsWith(`${entry.to}/`)} sx={{ pl: nested ? 4 : 2 }}>
      {Icon && <ListItemIcon sx={{ minWidth: 40 }}><Icon fontSize="small" /></ListItemIcon>}
      {sidebarOpen && <ListItemText primary={entry.title} />}
    </ListItemButton>
  );
  return sidebarOpen ? button : <Tooltip title={entry.title} placement="right">{button}</Tooltip>;
}

function SubMenu({ entry, sidebarOpen }: { entry: MenuEntry; sidebarOpen: boolean }) {
  const { pathname } = useLocation();
  const active = entry.children!.some((child) => pathname.startsWith(child.to!));
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
        <Popper open={hoverOpen} anchorEl={anchor.current} placement="right-start" sx={{ zIndex: 1300 }}>
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
      <Collapse in={expanded} timeout={SUBMENU_DELAY_MS} unmountOnExit>
        <List disablePadding dense aria-label={entry.title}>
          {entry.children!.map((child) => <MenuLink key={child.key} entry={child} sidebarOpen nested />)}
        </List>
      </Collapse>
    </>
  );
}
