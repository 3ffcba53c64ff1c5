import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Loading } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './Menu';
import { AppSidebar } from './AppSidebar';
import { removeAppShell } from './appShell';
import { FrameProvider, type FrameParts } from './frame';

/**
 * Made once: react-admin renders the layout again as its resources register and routes change, and the
 * same element is not rendered again. The sidebar and the top bar then re-render only for what they read
 * themselves (the session, the sidebar's state), not with every render of the layout: hundreds of
 * components less at each, what a phone's main thread felt as it opened a page (issue 46).
 */
const sidebar = (
  <AppSidebar>
    <AppMenu />
  </AppSidebar>
);
const appBar = <AppBar />;

/** Sidebar on the left, top bar and page on the right; `parts` are what the top hands the frame. */
export function AppLayout({ parts, children }: { parts: FrameParts; children?: ReactNode }) {
  // index.html's picture of this frame goes as the frame itself paints (appShell.ts).
  useLayoutEffect(removeAppShell, []);
  return (
    <FrameProvider parts={parts}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        {sidebar}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {appBar}
          <Box component="main" sx={{ p: { xs: 1, md: 2 }, flex: 1, minWidth: 0 }}>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </Box>
        </Box>
      </Box>
    </FrameProvider>
  );
}
