/** Route declaration types and the pure helpers built on them (menu, breadcrumb, guards). */
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import type { SvgIconComponent } from '@mui/icons-material';
import { preloadIfLazy } from './lazyPage';
import type { ResourceSummary } from '../shared/resource';
import type { Role } from '../shared/roles';

interface RouteBase {
  path: string;
  /** Title used when the platform scope id is 2 (the preparation platform). */
  altTitle?: string;
  icon?: SvgIconComponent;
  roles?: Role[];
  hidden?: boolean;
  /** Named routes other code navigates to (spec: OrdersListRoute, OrderCartRoute, …). */
  name?: string;
  children?: AppRoute[];
  /**
   * A menu entry for a route kept out of the menu (`hidden`) for other roles, or whose path has
   * parameters: who sees it and where it leads (e.g. the member's cart, `/order-cart`).
   */
  menu?: { roles: Role[]; to: string; title?: string };
  /** A hidden page's menu entry (its full path), highlighted while the page is open. */
  activeMenu?: string;
}

/**
 * A route shows a hand-written page (`component`), or a plain resource's generated list and dialogs
 * (`resource`: its title defaults to the resource's plural label), or only groups its children. A page
 * is loaded with its first visit (`lazy`), but the lists people open first come with the app: they open
 * without another wave of scripts nor React's suspense fallback (issue 30).
 */
export type AppRoute = RouteBase & (
  | { title: string; component?: ComponentType; resource?: undefined }
  | { resource: ResourceSummary; title?: string; component?: undefined }
);

/**
 * A page the route guard leaves open (docs/screens.md "Route guard", "Public routes"): rendered without the
 * layout for everyone, with a session or without one (the page itself decides what a signed-in user
 * may do more). Beside login, resetPassword/{code} and 404; the tracking page and the woocommerce
 * calculator are html pages of their own, served by the server.
 */
export interface PublicRoute {
  path: string;
  title: string;
  component: ComponentType;
}

export interface FlatRoute { path: string; route: AppRoute; chain: AppRoute[]; roles?: Role[] }

const join = (parent: string, child: string) => (!parent ? child : child ? `${parent.replace(/\/$/, '')}/${child}` : parent);

/** Every route with a component, with its full path and the roles it inherits from its parents. */
export function flattenRoutes(routes: AppRoute[], parent = '', chain: AppRoute[] = [], inherited?: Role[]): FlatRoute[] {
  return routes.flatMap((route) => {
    const path = join(parent, route.path);
    const roles = route.roles ?? inherited;
    const here: FlatRoute[] = route.component || route.resource ? [{ path, route, chain: [...chain, route], roles }] : [];
    return [...here, ...flattenRoutes(route.children ?? [], path, [...chain, route], roles)];
  });
}

/** The flattened route a pathname shows. */
export function findRoute(flat: FlatRoute[], pathname: string): FlatRoute | undefined {
  return flat.find((entry) => matchPath({ path: entry.path, end: true }, pathname));
}

/**
 * Fetches ahead the scripts of the page a pathname shows, when it is loaded with its first visit (lazyPage.ts):
 * the page then renders without React's suspense fallback.
 */
export function preloadRoutePage(flat: FlatRoute[], pathname: string): Promise<void> {
  return preloadIfLazy(findRoute(flat, pathname)?.route.component);
}

export function routeTitle(route: AppRoute, platformScopeId?: number) {
  if (platformScopeId === 2 && route.altTitle) return route.altTitle;
  return route.resource ? route.title ?? route.resource.label.many : route.title;
}

export const childPath = join;

/**
 * The routes with each plain resource's page (its schema's `page`) last in its menu group, the route
 * line a schema declares instead of routes.tsx. A group that does not exist is a mistake in the schema:
 * it stops the app at once rather than leave the page unreachable.
 */
export function withResourcePages(
  routes: AppRoute[],
  schemas: readonly ResourceSummary[],
  iconOf: (name?: string) => SvgIconComponent,
): AppRoute[] {
  const pages = schemas.filter((schema) => schema.page);
  for (const schema of pages) {
    if (!routes.some((route) => route.path === schema.page!.group))
      throw new Error(`${schema.name}: page.group «${schema.page!.group}» no es un grupo de routes.tsx`);
  }
  return routes.map((route) => {
    const own = pages.filter((schema) => schema.page!.group === route.path);
    if (!own.length) return route;
    const added: AppRoute[] = own.map((schema) => ({
      path: schema.page!.path,
      title: schema.page!.title,
      resource: schema,
      icon: iconOf(schema.page!.icon),
    }));
    return { ...route, children: [...(route.children ?? []), ...added] };
  });
}

// Each role's landing page: in home.ts, which /login loads without the router (issue 30).
export { CLIENT_HOME, ordersListPath } from './home';
