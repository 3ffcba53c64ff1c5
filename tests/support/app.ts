/**
 * A real server on a fresh copy of the seeded template database, for API and browser tests.
 * `app.inject` for API tests; `listen: true` gives a URL for the browser.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { configFromEnv, type Config } from '../../src/server/config';
import { openPostgres, usePglite, type Database, type OpenOptions } from '../../src/server/db';
import type { AppContext } from '../../src/server/context';
import type { DeclaredResource } from '../../src/server/domain/records';
import { localFileStore } from '../../src/server/files/store';
import { createMailer } from '../../src/server/mail';
import { passwordResetsSettled } from '../../src/server/domain/auth';
import { startMailWorker, type MailWorker } from '../../src/server/domain/mailQueue';
import { connectSharedState } from '../../src/server/sharedState';
import { adminQuery, databaseUrlFor, uniqueName } from './template';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  url: string;
  /** Logs in and returns the token. */
  login(identity?: string, password?: string): Promise<string>;
  /** Sends a request, with the token as X-Token when given; returns status and parsed envelope. */
  call(
    method: 'GET' | 'POST',
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string>; payload?: InjectOptions['payload'] },
  ): Promise<{ status: number; body: any; response: LightMyRequestResponse }>;
  /** The e-mails written to the outbox folder (the transport without SMTP), newest last, as raw .eml text. */
  outbox(): string[];
  /** The app's mail worker (domain/mailQueue.ts). */
  mailWorker: MailWorker;
  /** Resolves once the mail of every request so far has left, or been put off by a failure (call() waits for it). */
  mailSettled(): Promise<void>;
  close(): Promise<void>;
}

async function cloneTemplate(options: OpenOptions): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('template');
  if (template.kind === 'postgres') {
    const name = uniqueName('cob_test');
    await adminQuery(template.baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
    const database = await openPostgres(databaseUrlFor(template.baseUrl, name), options);
    return { database, drop: () => adminQuery(template.baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(template.file)]) });
  return { database: await usePglite(client, options), drop: async () => undefined };
}

/**
 * `wrap` lets a test put a failing mailer or file store in front of the real ones (fault tests).
 * `databaseUrl` opens that PostgreSQL database (a second instance on the same data) instead of a
 * fresh copy of the template, and leaves it in place on close.
 */
export async function startTestApp(opts: {
  listen?: boolean; config?: Partial<Config>; wrap?: (ctx: AppContext) => Partial<AppContext>; databaseUrl?: string;
  /** The resources given generic endpoints (default: the declared ones), e.g. plus a test's fixture. */
  resources?: DeclaredResource[];
  /** Where the app's log goes, at info level (the tests' apps log nothing otherwise). */
  logStream?: { write(line: string): void };
  /** Sees every statement the app's ORM sends (a test counting what one request reads). */
  dbLogger?: OpenOptions['logger'];
} = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-app-'));
  const { database, drop } = opts.databaseUrl
    ? { database: await openPostgres(opts.databaseUrl, { logger: opts.dbLogger }), drop: async () => undefined }
    : await cloneTemplate({ logger: opts.dbLogger });
  // CLIENT_DIST lets a browser run use its own build (e.g. while another build rewrites dist/).
  const defaults = configFromEnv({ CLIENT_DIST: process.env.CLIENT_DIST });
  // Tests stand for clients behind a proxy: X-Forwarded-For gives each request its client IP.
  // REDIS_URL set for the run: rate limits and settings signals go through Redis, under a prefix of
  // this app's own (test files never count each other's requests).
  const config: Config = {
    ...defaults, dataDir, logLevel: 'warn', trustProxy: true, clientDist: opts.listen ? defaults.clientDist : undefined,
    // Every answer of every test is checked against its endpoint's contract (plugins/contracts.ts).
    answerCheck: 'strict',
    redisUrl: process.env.REDIS_URL || undefined, redisPrefix: `${uniqueName('cob')}:`, ...opts.config,
  };
  const shared = config.redisUrl ? await connectSharedState(config.redisUrl, config.redisPrefix, () => undefined) : undefined;
  const outboxDir = path.join(dataDir, 'outbox');
  // TEST_FILE_STORE=s3: the run's bucket, under a prefix of this app's own (apps never see each other's files).
  const s3Endpoint = inject('s3Endpoint');
  const files = s3Endpoint
    ? (await import('./s3')).testS3Store(s3Endpoint, uniqueName('app'))
    : localFileStore(path.join(dataDir, 'files'));
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    config,
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir, from: config.mailFrom }),
    files,
    sessionPolicy: { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours },
    shared,
    listen: database.listen,
  };
  Object.assign(ctx, opts.wrap?.(ctx));
  const app = await buildApp(ctx, {
    logger: opts.logStream ? { level: 'info', stream: opts.logStream } : false,
    resources: opts.resources,
  });
  const mailWorker = await startMailWorker({
    db: database.db,
    mailer: ctx.mailer,
    log: app.log,
    listen: database.listen,
    retrySeconds: config.mailRetrySeconds,
  });
  // Password resets queue their mail after the answer: their turn first, then the queue's.
  const mailSettled = async () => {
    await passwordResetsSettled();
    await mailWorker.drain();
  };
  let url = '';
  if (opts.listen) {
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    config.publicUrl = url;
  }

  const call: TestApp['call'] = async (method, target, { token, body, headers = {}, payload } = {}) => {
    const response = await app.inject({
      method, url: target,
      headers: { ...(token ? { 'x-token': token } : {}), ...headers },
      ...(payload !== undefined ? { payload } : body !== undefined ? { payload: body as object } : {}),
    });
    // Mail leaves after the answer: a test reads the outbox once it has.
    await mailSettled();
    let parsed: unknown = response.body;
    try { parsed = JSON.parse(response.body); } catch { /* binary or html */ }
    return { status: response.statusCode, body: parsed, response };
  };

  return {
    app,
    ctx,
    dataDir,
    url,
    call,
    mailWorker,
    mailSettled,
    async login(
      identity = 'admin',
      password = identity === 'admin' ? 'admin1234' : identity === 'cliente' ? 'cliente1234' : identity === 'taller' ? 'taller1234' : '',
    ) {
      const { body } = await call('POST', '/api/external/login', { body: { identity, password } });
      if (body.code !== 20000) throw new Error(`login ${identity} failed: ${JSON.stringify(body)}`);
      return body.data.token as string;
    },
    outbox() {
      if (!fs.existsSync(outboxDir)) return [];
      return fs
        .readdirSync(outboxDir)
        .sort()
        .map((name) => fs.readFileSync(path.join(outboxDir, name), 'utf8'));
    },
    async close() {
      await app.close();
      await mailWorker.stop();
      await shared?.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers one app for the current test file (started before its tests, closed after them) and
 * hands it over with admin's, cliente's and taller's tokens once ready.
 */
export function useTestApp(
  ready: (t: TestApp, tokens: { admin: string; cliente: string; taller: string }) => void,
  opts?: Parameters<typeof startTestApp>[0],
) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(opts);
    ready(app, { admin: await app.login('admin'), cliente: await app.login('cliente'), taller: await app.login('taller') });
  });
  afterAll(async () => {
    await app?.close();
  });
}
