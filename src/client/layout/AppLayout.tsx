import { Suspense, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Loading } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './Menu';
import { AppSidebar } from './AppSidebar';

/** Sidebar on the left, top bar and page on the right. */
export function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppSidebar><AppMenu /></AppSidebar>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar />
        <Box component="main" sx={{ p: { xs: 1, md: 2 }, flex: 1, minWidth: 0 }}><Suspense fallback={<Loading />}>{children}</Suspense></Box>
      </Box>
    </Box>
  );
}
