import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPostgres, usePglite } from '../../src/server/db';
import { seedDemo } from '../../src/server/db/seed';
import { adminQuery, databaseUrlFor, uniqueName } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    template: { kind: 'pglite'; file: string } | { kind: 'postgres'; baseUrl: string; name: string };
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = uniqueName('cob_tpl');
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    const database = await openPostgres(databaseUrlFor(baseUrl, name));
    await seedDemo(database.db);
    await database.close();
    project.provide('template', { kind: 'postgres', baseUrl, name });
    return async () => {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const client = await PGlite.create();
  const database = await usePglite(client);
  await seedDemo(database.db);
  const dump = await client.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cob-tpl-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('template', { kind: 'pglite', file });
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
