/**
 * The anchor of `npm run bench:web` (scripts/bench-web.ts): a bare react-admin app, built by Vite from
 * the same node_modules as the product (react-admin, MUI, React), with react-admin's own login page and
 * one plain <List> per benched page, reading the same rows from the same API endpoints with the same
 * requests as the product's first call. It is what the staff app would cost with nothing of its own:
 * the floor the bench measures the product against. Never part of the product's bundle.
 */
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Datagrid, List, TextField, type AuthProvider, type DataProvider } from 'react-admin';
import { ANCHOR_PAGES, type AnchorPage } from './pages';

const SIGNED_IN = 'anchor.signedIn';
/** Signed in: the mark in localStorage, or a cookie of the same name (how bench-web.ts signs Lighthouse's profile in). */
const signedIn = () => localStorage.getItem(SIGNED_IN) === '1' || document.cookie.split('; ').includes(`${SIGNED_IN}=1`);

async function call(url: string, body?: unknown) {
  const response = await fetch(
    url,
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const envelope = await response.json() as { code: number; data: unknown; message?: string };
  if (envelope.code >= 30000) throw new Error(envelope.message ?? `code ${envelope.code}`);
  return envelope.data;
}

const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    await call('/api/external/login', { identity: username, password });
    localStorage.setItem(SIGNED_IN, '1');
    // To the first benched list, as the product lands on its orders list.
    return { redirectTo: ANCHOR_PAGES[0].path };
  },
  async logout() { localStorage.removeItem(SIGNED_IN); },
  async checkAuth() { if (!signedIn()) throw new Error('signed out'); },
  async checkError() {},
  async getPermissions() {},
};

const pageOf = (resource: string) => ANCHOR_PAGES.find((page) => page.resource === resource)!;

const dataProvider = {
  async getList(resource: string, { pagination = { page: 1, perPage: 20 }, sort }: Parameters<DataProvider['getList']>[1]) {
    const { page, perPage } = pagination;
    const { request } = pageOf(resource);
    const data = (await call(
      request.url(page, perPage, sort?.field, sort?.order),
      request.body?.(page, perPage, sort?.field, sort?.order),
    )) as { items: unknown[]; total: number | null; total_capped?: boolean; has_next_page?: boolean };
    return data.total_capped
      ? { data: data.items, pageInfo: { hasNextPage: !!data.has_next_page, hasPreviousPage: page > 1 } }
      : { data: data.items, total: data.total ?? data.items.length };
  },
} as unknown as DataProvider;

const AnchorList = ({ page }: { page: AnchorPage }) => (
  <List resource={page.resource} sort={page.sort} perPage={20}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      {page.columns.map((source) => <TextField key={source} source={source} />)}
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Admin dataProvider={dataProvider} authProvider={authProvider} requireAuth disableTelemetry>
      <CustomRoutes>
        {ANCHOR_PAGES.map((page) => <Route key={page.path} path={page.path} element={<AnchorList page={page} />} />)}
      </CustomRoutes>
    </Admin>
  </BrowserRouter>,
);
