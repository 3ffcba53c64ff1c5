import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, matchPath, Navigate, Route } from 'react-router-dom';
import { AdminContext, AdminUI, CustomRoutes, Loading, Resource, localStorageStore } from 'react-admin';
import { resourceSummaries } from '../../schemas/summaries';
import { hasAnyRole } from '../shared/permissions';
import type { Role } from '../shared/roles';
import { i18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import type { FrameParts } from './layout/frame';
import { AppNotification } from './layout/AppNotification';
import { useRoles } from './providers/useSession';
import LoginPage from './pages/LoginPage';
import NotFoundPage from './pages/NotFoundPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { queryClient } from './providers/query';
import { appRoutes, publicRoutes } from './routes';
import { preloadIfLazy } from './lazyPage';
import { flattenRoutes, ordersListPath, preloadRoutePage } from './routing';
import { GeneratedPage } from './resources/generated';
import { barParts } from './frameParts';
import { theme } from './theme';

const store = localStorageStore(undefined, 'cobertores');
// Its form's rules come with it, only to whoever follows a recovery mail's link.
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));

/** A route refused to the user's roles shows the 404 page (docs/business-rules.md). */
function RequireRoles({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const known = useRoles();
  if (!known) return <Loading />;
  return hasAnyRole(known, roles) ? <>{children}</> : <Navigate to="/404" replace />;
}

/** "/": the orders list of the user's role (docs/screens.md); /dashboard is the dashboard itself (issue 17). */
function HomeRedirect() {
  const roles = useRoles();
  return roles ? <Navigate to={ordersListPath(roles)} replace /> : <Loading />;
}

const CatchAll = () => <Navigate to="/404" replace />;

/** The frame's routes, and what resources and features add to its top bar. */
const frameParts: FrameParts = { routes: appRoutes, ...barParts };
const Layout = ({ children }: { children?: ReactNode }) => <AppLayout parts={frameParts}>{children}</AppLayout>;

/*
 * The resources and routes, made once (as the layout's parts, layout/AppLayout.tsx): react-admin renders
 * them again as its resources register, and a page whose element is the same is not rendered again.
 */
const resources = Object.values(resourceSummaries).map((schema) => (
  <Resource key={schema.name} name={schema.name} options={{ label: schema.label.many }} recordRepresentation={schema.titleField} />
));
const pagesWithoutFrame = [
  <Route
    key="resetPassword"
    path="/resetPassword/:forgotten_password_code"
    element={
      <Suspense fallback={<Loading />}>
        <ResetPasswordPage />
      </Suspense>
    }
  />,
  <Route key="404" path="/404" element={<NotFoundPage />} />,
  ...publicRoutes.map(({ path, component: Page }) => (
    <Route
      key={path}
      path={path}
      element={
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      }
    />
  )),
];
const flatRoutes = flattenRoutes(appRoutes);
const framePages = flatRoutes.map(({ path, route, roles }) => {
  const page = route.resource ? <GeneratedPage resource={route.resource} /> : route.component && <route.component />;
  return <Route key={path} path={path} element={<RequireRoles roles={roles}>{page}</RequireRoles>} />;
});

/**
 * The page a load opens, fetched before the app first renders (main.tsx): the page then renders with the
 * frame, without React's suspense fallback and the wait it keeps after it (lazyPage.ts).
 */
export function preloadPageAt(pathname: string): Promise<void> {
  const publicRoute = publicRoutes.find(({ path }) => matchPath({ path, end: true }, pathname));
  return publicRoute ? preloadIfLazy(publicRoute.component) : preloadRoutePage(flatRoutes, pathname);
}

export function App() {
  return (
    // Navigations commit at once: as transitions, react-admin's redirect of an anonymous visitor to
    // /login kept being interrupted by its own auth re-checks and looped for seconds.
    <BrowserRouter useTransitions={false}>
      {/* react-admin's <Admin> is these two, with its English messages as the default it needs ours to replace. */}
      <AdminContext
        dataProvider={dataProvider}
        queryClient={queryClient}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        store={store}
      >
        <AdminUI
          title="Cobertores"
          layout={Layout}
          loginPage={LoginPage}
          notification={AppNotification}
          dashboard={HomeRedirect}
          catchAll={CatchAll}
          // Without a session only the no-layout routes (login, resetPassword, 404, the public routes) are open (docs/screens.md).
          requireAuth
          disableTelemetry
        >
          {resources}
          <CustomRoutes noLayout>{pagesWithoutFrame}</CustomRoutes>
          <CustomRoutes>{framePages}</CustomRoutes>
        </AdminUI>
      </AdminContext>
    </BrowserRouter>
  );
}
