/**
 * The import graph points down only: scripts → src/client and src/server → schemas → src/shared, the
 * client and the server never import each other, and no module imports itself back through others
 * (a circle makes module order matter and hides which module depends on which).
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

interface Edge { to: string; typeOnly: boolean }

/** Every relative import and re-export of each file (dynamic `import()` included). */
function importGraph(files: string[]): Map<string, Edge[]> {
  const graph = new Map<string, Edge[]>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const edges: Edge[] = [];
    for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/gm)) {
      const to = resolveImport(file, match[3]);
      if (to) edges.push({ to, typeOnly: !!match[2] });
    }
    for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const to = resolveImport(file, match[1]);
      if (to) edges.push({ to, typeOnly: false });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Circles of modules that import each other at run time (Tarjan's strongly connected components). */
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
    for (const { to, typeOnly } of graph.get(file) ?? []) {
      if (typeOnly) continue;
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
  ['src/shared/', ['src/shared/']],
  ['schemas/', ['schemas/', 'src/shared/']],
  ['src/server/', ['src/server/', 'schemas/', 'src/shared/']],
  ['src/client/', ['src/client/', 'schemas/', 'src/shared/']],
  ['scripts/', ['scripts/', 'src/', 'schemas/']],
];

/** Folders that must not import another folder, though their layer may: the database never reaches up into the domain. */
const MAY_NOT_IMPORT: Array<[folder: string, forbidden: string]> = [
  ['src/server/db/', 'src/server/domain/'],
];

/** Folders the rest of the code enters only through their index.ts (the pricing room). */
const ENTERED_BY_INDEX = ['src/server/domain/pricing/'];

const graph = importGraph(['src', 'schemas', 'scripts'].flatMap(sourceFiles));

describe('the import graph', () => {
  it('points down only', () => {
    const upward = [...graph].flatMap(([file, edges]) => {
      const allowed = MAY_IMPORT.find(([folder]) => file.startsWith(folder))?.[1] ?? [];
      return edges.filter(({ to }) => !allowed.some((folder) => to.startsWith(folder))).map(({ to }) => `${file} → ${to}`);
    });
    expect(upward).toEqual([]);
  });

  it('keeps the database below the domain', () => {
    const upward = [...graph].flatMap(([file, edges]) => MAY_NOT_IMPORT
      .filter(([folder]) => file.startsWith(folder))
      .flatMap(([, forbidden]) => edges.filter(({ to }) => to.startsWith(forbidden)).map(({ to }) => `${file} → ${to}`)));
    expect(upward).toEqual([]);
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
  });
});
