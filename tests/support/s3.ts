/**
 * A real S3-protocol server for the tests: s3rver on 127.0.0.1, in a child process with its files in a
 * temp folder. A child process because s3rver's continuation tokens (listings longer than a page) use
 * DES, which Node 20's OpenSSL only offers with `--openssl-legacy-provider`; and because stopping it is
 * then a real outage (connections refused), which the fault tests need.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { s3FileStore, type S3FileStore } from '../../src/server/files/s3Store';
import { restartable, spawnServer } from './childProcess';

// The SDK's notice that its 2027 releases will need Node 22 is for operators; once per test file it is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const TEST_BUCKET = 'cobertores';
/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const S3_REGION = 'us-east-1';

export interface S3Server {
  endpoint: string;
  /** Stops the server (the bucket is down); its objects stay on disk. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same objects. */
  restart(): Promise<void>;
  /** Stops it and removes its objects. */
  dispose(): Promise<void>;
}

const s3rverBin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');

/** s3rver on `port` (0: any free one), serving the objects in `directory`. */
async function runS3rver(directory: string, port: number): Promise<{ child: ChildProcess; port: number }> {
  const { child, match } = await spawnServer(process.execPath, [
    '--openssl-legacy-provider', s3rverBin,
    '--directory', directory, '--address', '127.0.0.1', '--port', String(port), '--silent', '--configure-bucket', TEST_BUCKET,
  ], /S3rver listening on [\d.]+:(\d+)/, 15_000);
  return { child, port: Number(match[1]) };
}

export async function startS3Server(): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-s3-'));
  const { child, port } = await runS3rver(directory, 0);
  const server = restartable(child, async () => (await runS3rver(directory, port)).child);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: server.stop,
    restart: server.restart,
    async dispose() {
      await server.dispose();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A store on the test server; the prefix keeps it apart from every other store in the bucket. */
export function testS3Store(endpoint: string, prefix: string, listPageSize?: number): S3FileStore {
  return s3FileStore({ bucket: TEST_BUCKET, prefix, endpoint, region: S3_REGION, credentials: S3RVER_CREDENTIALS, listPageSize });
}
