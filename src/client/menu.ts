/** The menu built from the route declaration (docs/screens.md), as plain data so it is unit-tested. */
import { hasAnyRole } from '../shared/permissions';
import type { Role } from '../shared/roles';
import { childPath, routeTitle, type AppRoute } from './routing';

export interface MenuEntry { key: string; title: string; icon?: AppRoute['icon']; to?: string; children?: MenuEntry[] }

/** The menu for a set of roles (pure, so it is unit-tested). */
export function buildMenu(routes: AppRoute[], roles: readonly Role[], platformScopeId?: number): MenuEntry[] {
  return routes.flatMap((route): MenuEntry[] => {
    if (route.menu && hasAnyRole(roles, route.menu.roles))
      return [{ key: route.menu.to, title: route.menu.title ?? routeTitle(route, platformScopeId), icon: route.icon, to: route.menu.to }];
    if (route.hidden || !hasAnyRole(roles, route.roles)) return [];
    const children = (route.children ?? []).filter((child) => !child.hidden && hasAnyRole(roles, child.roles ?? route.roles));
    const title = routeTitle(route, platformScopeId);
    if (!route.children) return [{ key: route.path, title, icon: route.icon, to: route.path }];
    if (children.length === 0) return [];
    if (children.length === 1) {
      const only = children[0];
      return [
        {
          key: route.path,
          title: only.path ? routeTitle(only, platformScopeId) : title,
          icon: route.icon,
          to: childPath(route.path, only.path),
        },
      ];
    }
    return [
      {
        key: route.path,
        title,
        icon: route.icon,
        children: children.map((child) => ({
          key: childPath(route.path, child.path),
          title: routeTitle(child, platformScopeId),
          icon: child.icon,
          to: childPath(route.path, child.path),
        })),
      },
    ];
  });
}
