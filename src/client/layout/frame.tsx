/**
 * What the top (App.tsx) hands the frame, so that layout/ imports neither routes.tsx nor resources/ nor
 * features/: the route tree the menu and the breadcrumb read, and the pieces resources and features add
 * to the top bar.
 */
import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import { flattenRoutes, type AppRoute, type FlatRoute } from '../routing';

export interface FrameParts {
  routes: AppRoute[];
  /**
   * Banners shown after the frame's own (e.g. the orders to review). They render before the session is
   * read (useRoles gives the last one's roles), so that a banner known from the last visit is there from
   * the first paint.
   */
  banners: ComponentType[];
  /** Buttons of the top bar before «Escanear» and the user menu (e.g. the announcements, the check-in). */
  barButtons: ComponentType[];
}

interface Frame extends FrameParts { flat: FlatRoute[] }

const FrameContext = createContext<Frame | null>(null);

export function FrameProvider({ parts, children }: { parts: FrameParts; children: ReactNode }) {
  const frame = useMemo(() => ({ ...parts, flat: flattenRoutes(parts.routes) }), [parts]);
  return <FrameContext.Provider value={frame}>{children}</FrameContext.Provider>;
}

/** The frame's parts and the flattened routes; only inside AppLayout. */
export function useFrame(): Frame {
  const frame = useContext(FrameContext);
  if (!frame) throw new Error('useFrame outside AppLayout');
  return frame;
}

/**
 * The top bar's menu button: whether the side menu is open, and what the button does. In the app, react-admin's
 * sidebar (AppLayout); on «Escanear» opened on a phone, which has no side menu, it opens the app with its menu.
 */
export interface MenuToggle {
  open: boolean;
  setOpen: (open: boolean) => void;
}

const MenuToggleContext = createContext<MenuToggle | null>(null);

export const MenuToggleProvider = MenuToggleContext.Provider;

/** The menu button's state and action; only inside a frame. */
export function useMenuToggle(): MenuToggle {
  const toggle = useContext(MenuToggleContext);
  if (!toggle) throw new Error('useMenuToggle outside a frame');
  return toggle;
}
