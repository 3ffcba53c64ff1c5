/**
 * Component tests (happy-dom): a screen rendered inside react-admin's `AdminContext` with the app's
 * real Spanish i18nProvider and theme texts, an authProvider answering for one role through the same
 * permission map the app uses (`canAccessResource`), and an in-memory dataProvider over fixture records.
 *
 *   const { data } = renderAdmin(<ResourcePage schema={warehouse} />, { role: 'client', schemas: [warehouse], records: { warehouse: [...] }
 * });
 *   await screen.findByText('Alquilado');
 *   expect(data.create).not.toHaveBeenCalled();
 *
 * Screens that call the API themselves get `stubApi({ ...signedInAs({ roles: ['client'] }), 'GET /api/…': data })`.
 * Every test fails when something logs "Missing translation" (as the browser suite does) or calls an
 * API path the test did not answer.
 */
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';
import {
  AdminContext,
  ResourceDefinitionContextProvider,
  memoryStore,
  type AuthProvider,
  type CreateParams,
  type DataProvider,
  type DeleteManyParams,
  type DeleteParams,
  type GetListParams,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetOneParams,
  type RaRecord,
  type ResourceDefinition,
  type UpdateManyParams,
  type UpdateParams,
} from 'react-admin';
import { getResource, resourceList } from '../../schemas';
import { canAccessResource } from '../../src/shared/permissions';
import type { ResourceSchema } from '../../src/shared/resource';
import type { Role } from '../../src/shared/roles';
import { i18nProvider } from '../../src/client/i18n';
import { theme } from '../../src/client/theme';
import { AppNotification } from '../../src/client/layout/AppNotification';
import { queryClient } from '../../src/client/providers/query';
import { forgetSession, type SessionData } from '../../src/client/providers/session';
import { markSignedIn } from '../../src/client/providers/token';

/** The records of each resource, by resource name. */
export type Records = Record<string, RaRecord[]>;

/**
 * The generic dataProvider's contract over arrays: `q` searches the schema's `search` fields, other
 * filters match by equality (a list of ids by membership), sorted and paged as asked. Every method is
 * a spy, so a test can say what was (not) sent.
 */
export function memoryDataProvider(initial: Records, schemas: ResourceSchema[] = []) {
  const tables: Records = Object.fromEntries(Object.entries(initial).map(([name, rows]) => [name, rows.map((r) => ({ ...r }))]));
  const table = (resource: string) => (tables[resource] ??= []);
  const searchFields = (resource: string) => (schemas.find((s) => s.name === resource) ?? getResource(resource))?.search ?? [];
  const matches = (resource: string, record: RaRecord, filter: Record<string, unknown> = {}) =>
    Object.entries(filter).every(([key, value]) => {
      if (value === undefined || value === '') return true;
      if (key === 'q')
        return searchFields(resource).some((f) =>
          String(record[f] ?? '')
            .toLowerCase()
            .includes(String(value).toLowerCase()),
        );
      return Array.isArray(value) ? value.includes(record[key]) : record[key] === value;
    });
  const nextId = (resource: string) => Math.max(0, ...table(resource).map((r) => Number(r.id))) + 1;
  const find = (resource: string, id: unknown) => table(resource).find((r) => String(r.id) === String(id));

  // Results are cast as the real dataProvider casts them (react-admin types each call by its record type).
  const provider = {
    getList: vi.fn(async (resource: string, { pagination = { page: 1, perPage: 20 }, sort, filter }: GetListParams) => {
      const rows = table(resource).filter((r) => matches(resource, r, filter));
      if (sort?.field) {
        const sign = sort.order === 'DESC' ? -1 : 1;
        rows.sort((a, b) => (a[sort.field] > b[sort.field] ? sign : a[sort.field] < b[sort.field] ? -sign : 0));
      }
      const start = (pagination.page - 1) * pagination.perPage;
      return { data: rows.slice(start, start + pagination.perPage), total: rows.length } as never;
    }),
    getOne: vi.fn(async (resource: string, { id }: GetOneParams) => {
      const record = find(resource, id);
      if (!record) throw new Error(`${resource} ${id} not in the fixture`);
      return { data: record } as never;
    }),
    getMany: vi.fn(
      async (resource: string, { ids }: GetManyParams) =>
        ({ data: table(resource).filter((r) => ids.map(String).includes(String(r.id))) }) as never,
    ),
    getManyReference: vi.fn(async (resource: string, { target, id }: GetManyReferenceParams) => {
      const rows = table(resource).filter((r) => String(r[target]) === String(id));
      return { data: rows, total: rows.length } as never;
    }),
    create: vi.fn(async (resource: string, { data }: CreateParams) => {
      const record = { ...data, id: nextId(resource) };
      table(resource).push(record);
      return { data: record } as never;
    }),
    update: vi.fn(
      async (resource: string, { id, data }: UpdateParams) => ({ data: Object.assign(find(resource, id) ?? {}, data, { id }) }) as never,
    ),
    updateMany: vi.fn(async (_resource: string, { ids }: UpdateManyParams) => ({ data: ids }) as never),
    delete: vi.fn(async (resource: string, { id }: DeleteParams) => {
      const record = find(resource, id);
      tables[resource] = table(resource).filter((r) => r !== record);
      return { data: record ?? { id } } as never;
    }),
    deleteMany: vi.fn(async (resource: string, { ids }: DeleteManyParams) => {
      tables[resource] = table(resource).filter((r) => !ids.map(String).includes(String(r.id)));
      return { data: ids } as never;
    }),
  } satisfies DataProvider;
  return provider;
}

/**
 * The session of one role, answering `canAccess` from the schemas' access lists exactly as the real
 * authProvider does (src/client/providers/authProvider.ts), but also for resources declared only in a
 * test (`schemas`), which the app's registry does not know.
 */
export function roleAuthProvider(role: Role, schemas: ResourceSchema[] = []) {
  const schemaOf = (name: string) => schemas.find((s) => s.name === name) ?? getResource(name);
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => [role],
    getIdentity: async () => ({ id: 1, fullName: `Usuario ${role}` }),
    // A spy: a test can wait until every access question has been answered before it looks for absences.
    canAccess: vi.fn(async ({ resource, action }: { resource: string; action: string }) =>
      canAccessResource([role], schemaOf(resource), action),
    ),
  } satisfies AuthProvider;
}

export interface RenderAdminOptions {
  role?: Role;
  /** Resources declared only in the test (fixtures), for the permissions and the search filter. */
  schemas?: ResourceSchema[];
  records?: Records;
  /** Where the router starts (a page reading its params). */
  path?: string;
}

/** Every resource as App.tsx registers it (`<Resource … recordRepresentation={titleField}>`), the test's own too. */
const definitionsOf = (schemas: ResourceSchema[]): Record<string, ResourceDefinition> =>
  Object.fromEntries([...resourceList, ...schemas].map((schema) => [schema.name, {
    name: schema.name, options: { label: schema.label.many }, recordRepresentation: schema.titleField,
  }]));

export function renderAdmin(ui: ReactElement, { role = 'admin', schemas = [], records = {}, path = '/' }: RenderAdminOptions = {}) {
  const data = memoryDataProvider(records, schemas);
  const auth = roleAuthProvider(role, schemas);
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={data}
        authProvider={auth}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        theme={theme}
        queryClient={queryClient}
      >
        <ResourceDefinitionContextProvider definitions={definitionsOf(schemas)}>
          {ui}
          <AppNotification />
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...result, data, auth };
}

let unanswered: string[] = [];

/**
 * For screens that call the API themselves (through src/client/providers/http.ts rather than the
 * dataProvider): `fetch` answers each `"METHOD /api/path"` (query string left out) with the envelope
 * the server sends, `{ code: 20000, data }`; an answer may be a function of the request's JSON body.
 * A call with no answer fails the test.
 */
export function stubApi(answers: Record<string, unknown>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input).split('?')[0]}`;
    if (!(key in answers)) {
      unanswered.push(key);
      return Response.json({ code: 40001, message: `Sin respuesta de prueba para ${key}` }, { status: 400 });
    }
    const answer = answers[key];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    return Response.json({ code: 20000, data: typeof answer === 'function' ? answer(body) : answer });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Signs a user in as `loadSession()` sees it: marks it signed in and returns the `auth/info` answer for `stubApi`. */
export function signedInAs(user: Partial<SessionData> & Pick<SessionData, 'roles'>): Record<string, unknown> {
  markSignedIn();
  const session: SessionData = {
    id: 1, username: 'usuario', first_name: 'Ana', last_name: 'Prueba', email: 'ana@example.com', phone: '600000000',
    image: null, client_id: null, client_fare_id: null, tax_id: null, current_cart_order_id: null, is_current_cart_order_a_draft: false,
    has_accepted_budgets: false, platform_scope_id: 1, maintenance_mode: false, max_cover_side: 30, ...user,
  };
  return { 'GET /api/auth/info': { user: session, roles: session.roles, avatar: null } };
}

/** The table row holding this text (a Datagrid row, a price table row). */
export const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

/**
 * Words of react-admin's English catalogue and browser-native validation bubbles that must never
 * reach the screen. Checked on the whole document (dialogs and notifications render in portals).
 */
const ENGLISH
  = new RegExp(
    '\\b(Search|Filters?|Add filter|Create|Save|Delete|Edit|Export|Required|No results|Please fill|Please (enter|select|include)'
    + '|Rows per page|Loading|Close|is invalid|must be)\\b',
  );

export function expectNoEnglish() {
  const said = [...document.querySelectorAll('[aria-label], [title], [placeholder]')]
    .flatMap((el) => ['aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''));
  for (const text of [document.body.textContent ?? '', ...said]) expect(text).not.toMatch(ENGLISH);
}

// Each test starts from an empty page and fails on a missing Spanish text.
let warnings: MockInstance<typeof console.warn>;
beforeEach(() => {
  warnings = vi.spyOn(console, 'warn');
});
afterEach(() => {
  const missing = warnings.mock.calls.map((args) => args.join(' ')).filter((line) => line.includes('Missing translation'));
  warnings.mockRestore();
  cleanup();
  // The app's one cache (providers/query.ts), which a write invalidates: each test starts it empty.
  queryClient.clear();
  // The session is cached by module: the next test signs in afresh.
  forgetSession();
  localStorage.clear();
  vi.unstubAllGlobals();
  const calls = unanswered;
  unanswered = [];
  expect(missing, 'console warnings with "Missing translation"').toEqual([]);
  expect(calls, 'API calls the test did not answer').toEqual([]);
});
