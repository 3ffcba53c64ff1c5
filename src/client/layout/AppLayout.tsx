import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Loading } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './Menu';
import { AppSidebar } from './AppSidebar';
import { removeAppShell } from './appShell';
import { FrameProvider, type FrameParts } from './frame';

/** Sidebar on the left, top bar and page on the right; `parts` are what the top hands the frame. */
export function AppLayout({ parts, children }: { parts: FrameParts; children?: ReactNode }) {
  // index.html's picture of this frame goes as the frame itself paints (appShell.ts).
  useLayoutEffect(removeAppShell, []);
  return (
    <FrameProvider parts={parts}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <AppSidebar>
          <AppMenu />
        </AppSidebar>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <AppBar />
          <Box component="main" sx={{ p: { xs: 1, md: 2 }, flex: 1, minWidth: 0 }}>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </Box>
        </Box>
      </Box>
    </FrameProvider>
  );
}
