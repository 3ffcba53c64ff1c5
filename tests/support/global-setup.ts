/**
 * The API and browser suites' global setup: the seeded template every test file clones (kept between runs:
 * tests/support/template.ts) and, with TEST_FILE_STORE=s3, the bucket server. The seed, the database code and the S3
 * client load only when needed: a run on a kept template starts seconds sooner.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  adminQuery, cachedDump, createTemplateBuild, databaseUrlFor, dropDatabase, dropStaleTemplates, freshTemplateWanted, keepDump,
  promoteTemplate, templateExists, templateKey, templateName, uniqueName,
} from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    template: { kind: 'pglite'; file: string } | { kind: 'postgres'; baseUrl: string; name: string };
    /** With TEST_FILE_STORE=s3, the S3-protocol server whose bucket every test app stores its files in. */
    s3Endpoint: string | null;
  }
}

/** The template database of this run: the kept one for the sources as they are, seeded first if there is none. */
async function postgresTemplate(baseUrl: string): Promise<{ name: string; dispose: () => Promise<void> }> {
  const seeded = async (name: string) => {
    const { openPostgres } = await import('../../src/server/db');
    const { seedDemo } = await import('../../src/server/demo/seed');
    const database = await openPostgres(databaseUrlFor(baseUrl, name));
    await seedDemo(database.db);
    await database.close();
  };
  if (freshTemplateWanted()) {
    const name = uniqueName('cob_fresh_tpl');
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    await seeded(name);
    return { name, dispose: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const name = templateName(templateKey());
  if (!(await templateExists(baseUrl, name))) {
    const build = await createTemplateBuild(baseUrl);
    try {
      await seeded(build);
    } catch (error) {
      await dropDatabase(baseUrl, build);
      throw error;
    }
    await promoteTemplate(baseUrl, build, name);
  }
  await dropStaleTemplates(baseUrl, name);
  return { name, dispose: async () => {} };
}

/** The dumped data dir of a seeded PGlite: the kept one for the sources as they are, seeded first if there is none. */
async function pgliteDump(): Promise<Buffer> {
  const key = freshTemplateWanted() ? null : templateKey();
  const kept = key ? cachedDump(key) : undefined;
  if (kept) return fs.readFileSync(kept);
  const { PGlite } = await import('@electric-sql/pglite');
  const { usePglite } = await import('../../src/server/db');
  const { seedDemo } = await import('../../src/server/demo/seed');
  const client = await PGlite.create();
  const database = await usePglite(client);
  await seedDemo(database.db);
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await database.close();
  if (key) keepDump(key, dump);
  return dump;
}

export default async function setup(project: TestProject) {
  const s3 = process.env.TEST_FILE_STORE === 's3' ? await (await import('./s3')).startS3Server() : null;
  project.provide('s3Endpoint', s3?.endpoint ?? null);
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const template = await postgresTemplate(baseUrl);
    project.provide('template', { kind: 'postgres', baseUrl, name: template.name });
    return async () => {
      await template.dispose();
      await s3?.dispose();
    };
  }
  // The run's own copy: the kept dump may be replaced or removed by another run meanwhile.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cob-tpl-')), 'template.tar');
  fs.writeFileSync(file, await pgliteDump());
  project.provide('template', { kind: 'pglite', file });
  return async () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    await s3?.dispose();
  };
}
