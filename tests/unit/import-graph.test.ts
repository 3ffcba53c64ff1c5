/**
 * The import graph points down only: scripts → src/client and src/server → src/shared/contracts → src/shared/forms →
 * schemas → src/shared, the client and the server never import each other, and no module imports itself back
 * through others, not even through a type-only import (a circle makes module order matter, or at least hides
 * which module depends on which).
 *
 * Inside src/client the files stand on floors and import their own floor or one below, never one above
 * (type-only imports included). Lowest first:
 *   1. base: i18n/, dates.ts, brand.ts, theme.ts, zodSetup.ts, zodMiniSetup.ts, resourceIcons.ts, routing.ts, home.ts, menu.ts,
 *      appScripts.ts, lazyPage.ts, loadOnce.ts and paths/ (the addresses of screens that more than one folder links to) — no
 *      screen, no server call;
 *   2. components/ — pieces of UI that know neither the server nor a resource;
 *   3. providers/ — the server: http, the data and auth providers, the query cache, the session;
 *   4. resources/generated/ — the screens built from a schema alone;
 *   5. common/ — screen parts that resources/ and features/ both use (the budget's pool inputs and loading,
 *      the file upload dialog, an order's traceability);
 *   6. resources/, features/ and layout/ — one floor of three folders that do not import each other: what
 *      two of them need moves down; layout/ (the frame: menu, top bar, breadcrumb) is handed the routes,
 *      the banners and the bar's buttons of resources and features by the top;
 *   7. pages/ (login, password reset, 404: outside the frame) and public-pages/ (the public calculator
 *      and tracking pages), which do not import each other;
 *   8. top: routes.tsx, frameParts.ts, App.tsx, LightApp.tsx (a page on a phone without react-admin), appRoot.tsx,
 *      and the html pages' scripts: main.tsx (index.html, login.html), scan.tsx, dashboard.tsx and cart.tsx (the light pages).
 * Every client file must stand on a floor, so a new folder is placed here first.
 *
 * src/server stands on floors the same way. Lowest first:
 *   1. base: config.ts, errors.ts, logging.ts, mail.ts, db/ and files/ — no business rule;
 *   2. domain/ — the business rules, plain functions over the database;
 *   3. sharedState.ts — the signals and rate limits that instances share (Redis);
 *   4. context.ts — what the running app hands routes and documents;
 *   5. resources/, documents/ and demo/ (the resources' hooks, the PDFs, the demo data) and backup.ts;
 *   6. plugins/ — what every request passes through (the session, access, the API document);
 *   7. routes/;
 *   8. top: app.ts, main.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.normalize(path.join(path.dirname(from), specifier));
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]
    .find((candidate) => fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile());
}

interface Edge { to: string }

/** Every relative import and re-export of each file (dynamic `import()` included). */
function importGraph(files: string[]): Map<string, Edge[]> {
  const graph = new Map<string, Edge[]>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const edges: Edge[] = [];
    for (const match of text.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]/gm)) {
      const to = resolveImport(file, match[1]);
      if (to) edges.push({ to });
    }
    for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const to = resolveImport(file, match[1]);
      if (to) edges.push({ to });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Circles of modules that import each other, type-only imports included (Tarjan's strongly connected components). */
function circles(graph: Map<string, Edge[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const { to } of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== file);
    if (members.length > 1) found.push(members.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** Which folders a folder may import from. */
const MAY_IMPORT: Array<[folder: string, allowed: string[]]> = [
  // The endpoints' contracts stand above the schemas: a record's answer and a form's body are a schema's.
  ['src/shared/contracts/', ['src/shared/', 'schemas/']],
  // The forms build their rules from the schemas' fields, and the contracts take them as bodies.
  ['src/shared/forms/', ['src/shared/', 'schemas/', '!src/shared/contracts/']],
  ['src/shared/', ['src/shared/', '!src/shared/contracts/', '!src/shared/forms/']],
  ['schemas/', ['schemas/', 'src/shared/']],
  ['src/server/', ['src/server/', 'schemas/', 'src/shared/']],
  ['src/client/', ['src/client/', 'schemas/', 'src/shared/']],
  ['scripts/', ['scripts/', 'src/', 'schemas/']],
];

/** The client's floors, lowest first; a folder ends in '/'. */
const CLIENT_FLOORS = [
  [
    'i18n/', 'dates.ts', 'brand.ts', 'theme.ts', 'zodSetup.ts', 'zodMiniSetup.ts', 'resourceIcons.ts', 'routing.ts', 'home.ts', 'menu.ts',
    'appScripts.ts', 'lazyPage.ts', 'loadOnce.ts', 'paths/',
  ],
  ['components/'],
  ['providers/'],
  ['resources/generated/'],
  ['common/'],
  ['resources/', 'features/', 'layout/'],
  ['pages/', 'public-pages/'],
  ['routes.tsx', 'frameParts.ts', 'App.tsx', 'LightApp.tsx', 'appRoot.tsx', 'main.tsx', 'scan.tsx', 'dashboard.tsx', 'cart.tsx'],
].map((floor) => floor.map((place) => `src/client/${place}`));

/** The server's floors, lowest first. */
const SERVER_FLOORS = [
  ['config.ts', 'errors.ts', 'logging.ts', 'mail.ts', 'db/', 'files/'],
  ['domain/'],
  ['sharedState.ts'],
  ['context.ts'],
  ['resources/', 'documents/', 'demo/', 'backup.ts'],
  ['plugins/'],
  ['routes/'],
  ['app.ts', 'main.ts'],
].map((floor) => floor.map((place) => `src/server/${place}`));

const BUILDINGS: Array<[root: string, floors: string[][]]> = [['src/client/', CLIENT_FLOORS], ['src/server/', SERVER_FLOORS]];

/** A file's floor and place (the longest place holding it: resources/generated/ before resources/). */
function placeOf(file: string): { floor: number; place: string } | undefined {
  const floors = BUILDINGS.find(([building]) => file.startsWith(building))?.[1] ?? [];
  const found = floors.flatMap((places, floor) => places.map((place) => ({ floor, place })))
    .filter(({ place }) => (place.endsWith('/') ? file.startsWith(place) : file === place))
    .sort((a, b) => b.place.length - a.place.length);
  return found[0];
}

/** Folders the rest of the code enters only through their index.ts (the pricing room). */
const ENTERED_BY_INDEX = ['src/server/domain/pricing/'];

const graph = importGraph(['src', 'schemas', 'scripts'].flatMap(sourceFiles));

describe('the import graph', () => {
  it('points down only', () => {
    const upward = [...graph].flatMap(([file, edges]) => {
      const allowed = MAY_IMPORT.find(([folder]) => file.startsWith(folder))?.[1] ?? [];
      const refused = allowed.filter((folder) => folder.startsWith('!')).map((folder) => folder.slice(1));
      return edges
        .filter(({ to }) => refused.some((folder) => to.startsWith(folder)) || !allowed.some((folder) => to.startsWith(folder)))
        .map(({ to }) => `${file} → ${to}`);
    });
    expect(upward).toEqual([]);
  });

  const buildings = BUILDINGS.map(([building]) => building);

  it.each(buildings)('stands every file of %s on a floor', (building) => {
    const homeless = [...graph.keys()].filter((file) => file.startsWith(building) && !placeOf(file));
    expect(homeless).toEqual([]);
  });

  it.each(buildings)('imports in %s its own floor or one below, and not the other place of the same floor', (building) => {
    const wrong = [...graph].filter(([file]) => file.startsWith(building)).flatMap(([file, edges]) => {
      const from = placeOf(file);
      return edges.filter(({ to }) => {
        const target = placeOf(to);
        if (!from || !target || !to.startsWith(building)) return false;
        if (target.floor > from.floor) return true;
        return target.floor === from.floor && target.place !== from.place && from.place.endsWith('/') && target.place.endsWith('/');
      }).map(({ to }) => `${file} → ${to}`);
    });
    expect(wrong).toEqual([]);
  });

  it('enters a room only through its index', () => {
    const sideDoors = [...graph].flatMap(([file, edges]) => edges
      .filter(({ to }) => ENTERED_BY_INDEX.some((room) => to.startsWith(room) && !file.startsWith(room) && to !== `${room}index.ts`))
      .map(({ to }) => `${file} → ${to}`));
    expect(sideDoors).toEqual([]);
  });

  it('has no circles', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('is read from the real tree', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/client/App.tsx')?.map((edge) => edge.to)).toContain('src/client/routes.tsx');
    // A type-only import is an edge too.
    expect(graph.get('src/server/domain/mailTemplates.ts')?.map((edge) => edge.to)).toContain('src/server/domain/sessionUser.ts');
  });
});
