/**
 * «Escanear» opened on a phone, without react-admin (issue 46 §1): the workshop opens it dozens of times a
 * day, and evaluating react-admin's frame cost a phone about half a second before the camera. The page
 * draws in the app's own top bar (the check-in, the announcements, the user menu) with the app's theme,
 * session and notices; whatever leads elsewhere (a link, the logo, the menu button) opens the app in this
 * page (appRoot.tsx's `appRenderer`), as the sign-in page does: no second load of the document.
 */
import { startTransition, StrictMode, useEffect, useMemo, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { hasAnyRole } from '../shared/permissions';
import { barParts } from './frameParts';
import { scanRoute } from './features/traceability';
import ScanPage from './features/traceability/ScanPage';
import { AppBar } from './layout/AppBar';
import { openSideMenuOnArrival } from './layout/appShell';
import { FramePage } from './layout/FramePage';
import { FrameProvider, MenuToggleProvider, type FrameParts } from './layout/frame';
import { SessionExpiredDialog, StandaloneNotices } from './layout/NoticeStack';
import { queryClient } from './providers/query';
import { SESSION_KEY, useRoles } from './providers/useSession';
import { theme } from './theme';

/** Opens the app in this page, on the address the browser shows now. */
type OpenAppHere = () => Promise<void>;

/** The app's theme, made as react-admin makes it from the same options. */
const appTheme = createTheme(theme);

/** Its breadcrumb knows one page: this one. */
const frameParts: FrameParts = { routes: [scanRoute], ...barParts };

export function renderScanApp(root: Root, openApp: OpenAppHere) {
  // In slices: a phone's main thread stays free for the taps meanwhile (index.html's picture of the bar shows till then).
  startTransition(() => root.render(
    <StrictMode>
      <ThemeProvider theme={appTheme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Routes>
              <Route path={scanRoute.path} element={<ScanFrame openApp={openApp} />} />
              <Route path="*" element={<OpenApp openApp={openApp} />} />
            </Routes>
          </BrowserRouter>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  ));
}

function ScanFrame({ openApp }: { openApp: OpenAppHere }) {
  const roles = useRoles();
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
  let page: ReactNode = null;
  if (roles ? !hasAnyRole(roles, scanRoute.roles) : sessionRead !== 'pending') {
    // A session whose roles may not scan: the app says so (its 404), as for any page refused.
    page = <OpenApp openApp={openApp} />;
  } else if (roles) {
    page = (
      <FrameProvider parts={frameParts}>
        <MenuToggleProvider value={menu}>
          <FramePage bar={<AppBar />}>
            <ScanPage />
          </FramePage>
        </MenuToggleProvider>
      </FrameProvider>
    );
  }
  return (
    <>
      {page}
      <StandaloneNotices />
      <SessionExpiredDialog />
    </>
  );
}

/** Another page than «Escanear»: the app takes this page over, once, on the address now shown. */
function OpenApp({ openApp }: { openApp: OpenAppHere }): ReactNode {
  useEffect(() => {
    void openApp();
  }, [openApp]);
  return null;
}
