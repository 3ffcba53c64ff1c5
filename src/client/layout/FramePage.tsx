import { useLayoutEffect, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { removeAppShell } from './appShell';

/**
 * The frame around a page, as index.html's picture draws it (app-shell.html): the side menu, when there is
 * one, on the left; the top bar and the page on the right. The app's (AppLayout) and «Escanear»'s on a phone
 * (LightApp.tsx), which has no side menu.
 */
export function FramePage({ side, bar, children }: { side?: ReactNode; bar: ReactNode; children: ReactNode }) {
  // index.html's picture of this frame goes as the frame itself paints (appShell.ts).
  useLayoutEffect(removeAppShell, []);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {side}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {bar}
        <Box component="main" sx={{ p: { xs: 1, md: 2 }, flex: 1, minWidth: 0 }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
