/**
 * A page of the frame opened on a phone without react-admin (issue 46 §1: src/shared/lightPages.ts): «Escanear»,
 * which the workshop opens dozens of times a day, and the dashboard, everyone's first entry. Evaluating
 * react-admin's frame cost a phone about half a second before the page. The page draws in the app's own top
 * bar (the check-in, the announcements, the user menu) with the app's theme, session and notices; whatever
 * leads elsewhere (a link, the logo, the menu button) opens the app in this page (appRoot.tsx's
 * `appRenderer`), as the sign-in page does: no second load of the document.
 */
import { startTransition, StrictMode, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { hasAnyRole } from '../shared/permissions';
import { appRenderer, pageRoot, prepareFramePage } from './appRoot';
import { barParts } from './frameParts';
import { AppBar } from './layout/AppBar';
import { MOBILE_QUERY, openSideMenuOnArrival } from './layout/appShell';
import { FramePage } from './layout/FramePage';
import { FrameProvider, MenuToggleProvider, type FrameParts } from './layout/frame';
import { SessionExpiredDialog, StandaloneNotices } from './layout/NoticeStack';
import { queryClient } from './providers/query';
import { isSignedIn } from './providers/token';
import { SESSION_KEY, useRoles } from './providers/useSession';
import type { AppRoute } from './routing';
import { theme } from './theme';

/** Opens the app in this page, on the address the browser shows now. */
type OpenAppHere = () => Promise<void>;

/** The app's theme, made as react-admin makes it from the same options. */
const appTheme = createTheme(theme);

/**
 * A light page's script (scan.tsx, dashboard.tsx): a signed-in phone gets `page` in the app's top bar; a
 * desktop (its side menu is react-admin's), or a browser without a session (the sign-in), gets the app as
 * index.html opens it. `page` is the route's page itself, imported by the script: the page's code then comes
 * with the script's first wave, not after it.
 */
export function startLightPage(route: AppRoute, page: ComponentType) {
  const root = pageRoot();
  const openApp = appRenderer(root);
  prepareFramePage();
  if (isSignedIn() && window.matchMedia(MOBILE_QUERY).matches) renderLightApp(root, openApp, route, page);
  else void openApp();
}

function renderLightApp(root: Root, openApp: OpenAppHere, route: AppRoute, page: ComponentType) {
  // In slices: a phone's main thread stays free for the taps meanwhile (the html's picture of the bar shows till then).
  startTransition(() => root.render(
    <StrictMode>
      <ThemeProvider theme={appTheme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Routes>
              <Route path={route.path} element={<LightFrame openApp={openApp} route={route} page={page} />} />
              <Route path="*" element={<OpenApp openApp={openApp} />} />
            </Routes>
          </BrowserRouter>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  ));
}

function LightFrame({ openApp, route, page: Page }: { openApp: OpenAppHere; route: AppRoute; page: ComponentType }) {
  const roles = useRoles();
  // The breadcrumb knows one page: this one.
  const parts = useMemo<FrameParts>(() => ({ routes: [route], ...barParts }), [route]);
  // The menu button opens the app with its side menu.
  const menu = useMemo(() => ({
    open: false,
    setOpen: () => {
      openSideMenuOnArrival();
      void openApp();
    },
  }), [openApp]);
  // Roles not known yet (a browser signed in before they were kept): the html's picture of the bar stays until
  // the session says them, rather than a bar without the workshop's row that would push the page down as they
  // come. A session read that ends without them (none, or no network) is the app's to handle, as on any page.
  const sessionRead = useQueryClient().getQueryState(SESSION_KEY)?.status ?? 'pending';
  let content: ReactNode = null;
  if (roles ? !hasAnyRole(roles, route.roles) : sessionRead !== 'pending') {
    // A session whose roles may not open the page: the app says so (its 404), as for any page refused.
    content = <OpenApp openApp={openApp} />;
  } else if (roles) {
    content = (
      <FrameProvider parts={parts}>
        <MenuToggleProvider value={menu}>
          <FramePage bar={<AppBar />}>
            <Page />
          </FramePage>
        </MenuToggleProvider>
      </FrameProvider>
    );
  }
  return (
    <>
      {content}
      <StandaloneNotices />
      <SessionExpiredDialog />
    </>
  );
}

/** Another page than this one: the app takes this page over, once, on the address now shown. */
function OpenApp({ openApp }: { openApp: OpenAppHere }): ReactNode {
  useEffect(() => {
    void openApp();
  }, [openApp]);
  return null;
}
