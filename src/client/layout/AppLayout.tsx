import { Suspense, useMemo, type ReactNode } from 'react';
import { Loading, useSidebarState } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './Menu';
import { AppSidebar } from './AppSidebar';
import { FramePage } from './FramePage';
import { FrameProvider, MenuToggleProvider, type FrameParts } from './frame';

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
  return (
    <FrameProvider parts={parts}>
      <SidebarToggle>
        <FramePage side={sidebar} bar={appBar}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </FramePage>
      </SidebarToggle>
    </FrameProvider>
  );
}

/** The top bar's menu button opens and closes react-admin's sidebar (kept in its store, App.tsx). */
function SidebarToggle({ children }: { children: ReactNode }) {
  const [open, setOpen] = useSidebarState();
  const toggle = useMemo(() => ({ open, setOpen }), [open, setOpen]);
  return <MenuToggleProvider value={toggle}>{children}</MenuToggleProvider>;
}
