import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPostgres, usePglite } from '../../src/server/db';
import { seedDemo } from '../../src/server/demo/seed';
import { startS3Server } from './s3';
import { adminQuery, databaseUrlFor, uniqueName } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    template: { kind: 'pglite'; file: string } | { kind: 'postgres'; baseUrl: string; name: string };
    /** With TEST_FILE_STORE=s3, the S3-protocol server whose bucket every test app stores its files in. */
    s3Endpoint: string | null;
  }
}

export default async function setup(project: TestProject) {
  const s3 = process.env.TEST_FILE_STORE === 's3' ? await startS3Server() : null;
  project.provide('s3Endpoint', s3?.endpoint ?? null);
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
      await s3?.dispose();
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
  return async () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    await s3?.dispose();
  };
}
