/** Configuration from the environment (README «Configuración» lists every variable). */
import fs from 'node:fs';
import path from 'node:path';

/** How answers are read through their contracts (plugins/contracts.ts). */
export type AnswerCheck = 'strict' | 'strip' | 'sample' | 'off';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** Wait before a failed mail's second attempt; it doubles at each further one (at most an hour). */
  mailRetrySeconds: number;
  /** `s3://bucket/prefix`: uploaded files in a bucket; unset, in `<dataDir>/files`. */
  fileStoreUrl?: string;
  /** S3-compatible server (MinIO…); unset, AWS. Credentials: the SDK's AWS_* variables. */
  s3Endpoint?: string;
  s3Region: string;
  /** Redis shared by several instances (rate limits, settings signal); unset, each process keeps its own. */
  redisUrl?: string;
  /** Start of every Redis key and channel of this app. */
  redisPrefix: string;
  /** Base URL used in mailed links. */
  publicUrl: string;
  /** Whether PUBLIC_URL was set: unset, mailed links point to localhost (the start warns when that matters). */
  publicUrlSet: boolean;
  /**
   * Names besides PUBLIC_URL's and the loopback ones that requests may be addressed to (ALLOWED_HOSTS,
   * comma-separated); only checked once PUBLIC_URL is set (plugins/hostCheck.ts).
   */
  allowedHosts: string[];
  mailFrom: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  logLevel: string;
  /**
   * How answers are read through their contracts (plugins/contracts.ts): 'strip' serialises each from its
   * contract (the default, docs/decisions.md), 'strict' also fails one that breaks it (the tests), 'off'.
   */
  answerCheck: AnswerCheck;
  seedDemo: boolean;
  /**
   * Whose X-Forwarded-For to believe (client IPs for rate limits and the login lockout): false (the
   * default, no proxy), true (every hop), a number of hops, or a comma-separated list of proxy IPs.
   */
  trustProxy: boolean | number | string;
  /** Folder with the built SPA; absent in API-only tests. */
  clientDist?: string;
  /**
   * PEM certificate and key files: set both and the server speaks HTTPS itself (phones on the workshop's
   * LAN need a secure context for the camera); unset, plain HTTP behind whatever proxy there is.
   */
  tls?: { certFile: string; keyFile: string };
  /**
   * How long a file answer (a CSV export, a PDF, a stored file) may take, and the least pace its reader
   * must keep while the server waits on it (plugins/answerDeadlines.ts; docs/security.md says why these).
   */
  answerLimits: AnswerLimits;
  /** Changes one user may send to one endpoint a minute (plugins/userLimits.ts). */
  writesPerMinute: PerUserMinute;
  /** Whole lists, exports and PDFs one user may ask one endpoint for a minute (plugins/userLimits.ts). */
  heavyReadsPerMinute: PerUserMinute;
}

/** A per-user bound a minute: a client member's, office and workshop staff's. */
export interface PerUserMinute { member: number; staff: number }

export interface AnswerLimits {
  /** From the request's arrival to the answer's last byte. */
  deadlineSeconds: number;
  /** A reader that takes less than `minBytesPerSecond` over this long, while the server waits on it, is cut off. */
  slowSeconds: number;
  minBytesPerSecond: number;
}

export const projectRoot = path.resolve(import.meta.dirname, '../..');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(projectRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailRetrySeconds: Number(env.MAIL_RETRY_SECONDS ?? 30),
    fileStoreUrl: env.FILE_STORE_URL || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    s3Region: env.S3_REGION || 'us-east-1',
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'cobertores:',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    publicUrlSet: Boolean(env.PUBLIC_URL),
    allowedHosts: (env.ALLOWED_HOSTS ?? '').split(',').map((name) => name.trim()).filter(Boolean),
    mailFrom: env.MAIL_FROM ?? 'Cobertores <no-responder@cobertores.local>',
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 8 * 60),
    sessionMaxHours: Number(env.SESSION_MAX_HOURS ?? 7 * 24),
    logLevel: env.LOG_LEVEL ?? 'info',
    answerCheck: parseAnswerCheck(env.ANSWER_CHECK),
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    clientDist: env.CLIENT_DIST ? path.resolve(env.CLIENT_DIST) : path.join(projectRoot, 'dist', 'client'),
    tls: tlsFiles(env.TLS_CERT_FILE, env.TLS_KEY_FILE),
    answerLimits: {
      deadlineSeconds: Number(env.ANSWER_DEADLINE_SECONDS ?? 300),
      slowSeconds: Number(env.SLOW_ANSWER_SECONDS ?? 30),
      minBytesPerSecond: Number(env.SLOW_ANSWER_BYTES_PER_SECOND ?? 2048),
    },
    writesPerMinute: {
      member: Number(env.MEMBER_WRITES_PER_MINUTE ?? 60),
      staff: Number(env.STAFF_WRITES_PER_MINUTE ?? 600),
    },
    heavyReadsPerMinute: {
      member: Number(env.MEMBER_HEAVY_READS_PER_MINUTE ?? 60),
      staff: Number(env.STAFF_HEAVY_READS_PER_MINUTE ?? 600),
    },
  };
}

function tlsFiles(certFile: string | undefined, keyFile: string | undefined): Config['tls'] {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new Error('TLS_CERT_FILE y TLS_KEY_FILE van juntas: indique las dos (certificado y clave) o ninguna');
  return { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) };
}

/** The certificate and key the config names, read; a file that cannot be read stops the start, saying which. */
export function readTls(tls: Config['tls']): { cert: Buffer; key: Buffer } | undefined {
  if (!tls) return undefined;
  const read = (file: string, variable: string) => {
    try {
      return fs.readFileSync(file);
    } catch (error) {
      throw new Error(`No se puede leer ${variable} (${file}): ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  };
  return { cert: read(tls.certFile, 'TLS_CERT_FILE'), key: read(tls.keyFile, 'TLS_KEY_FILE') };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function parseAnswerCheck(value: string | undefined): AnswerCheck {
  if (value === undefined || value === '') return 'strip';
  if (value === 'strict' || value === 'strip' || value === 'sample' || value === 'off') return value;
  throw new Error(`ANSWER_CHECK debe ser strict, strip, sample u off (es «${value}»)`);
}
