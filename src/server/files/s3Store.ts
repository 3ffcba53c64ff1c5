/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, …), behind the same `FileStore` as the local folder:
 * `FILE_STORE_URL=s3://bucket/prefix`. Every instance behind a load balancer sees the same files.
 */
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client,
  paginateListObjectsV2, type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { checkedKey, SAFE_KEY, type FileStore } from './store';

export interface BucketLocation {
  bucket: string;
  /** Folder inside the bucket, without slashes at either end; '' for the bucket's root. */
  prefix: string;
}

export interface S3StoreOptions extends BucketLocation {
  /** S3-compatible server (e.g. MinIO at http://127.0.0.1:9000); unset, AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset, the SDK's usual chain: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles. */
  credentials?: S3ClientConfig['credentials'];
  /** Keys per ListObjectsV2 request (S3's maximum is 1000); smaller only to test the paging. */
  listPageSize?: number;
}

export interface S3FileStore extends FileStore {
  /** Throws a Spanish message naming the bucket when it cannot be reached (startup check). */
  checkBucket(): Promise<void>;
}

// A bucket that is down must answer an upload with an error in seconds (30001), not hang the request.
// Each try fails at once on a refused connection, after 2 s on an unreachable host, after 5 s of
// silence on a server that stopped answering (silence, not total time: large files are not cut
// short); three tries with the SDK's short back-off, so 15 s at worst.
const MAX_ATTEMPTS = 3;
const CONNECTION_TIMEOUT_MS = 2_000;
const SILENCE_TIMEOUT_MS = 5_000;

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** `s3://bucket` or `s3://bucket/some/prefix` (FILE_STORE_URL); anything else is refused in Spanish. */
export function parseFileStoreUrl(url: string): BucketLocation {
  const [, bucket = '', prefix = ''] = /^s3:\/\/([^/]+)(?:\/(.*?))?\/?$/.exec(url.trim()) ?? [];
  if (!BUCKET_NAME.test(bucket) || (prefix && (!PREFIX.test(prefix) || prefix.split('/').includes('..')))) {
    throw new Error(
      `FILE_STORE_URL no es válida ("${url}"): debe ser s3://bucket o s3://bucket/prefijo, con un nombre de bucket en minúsculas`,
    );
  }
  return { bucket, prefix };
}

export function s3FileStore(options: S3StoreOptions): S3FileStore {
  const { bucket, prefix, endpoint } = options;
  const client = new S3Client({
    region: options.region,
    credentials: options.credentials,
    // S3-compatible servers name the bucket in the path (no per-bucket DNS names) and do not all take
    // the checksums the SDK adds by default; AWS itself gets both.
    ...(endpoint
      ? { endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, socketTimeout: SILENCE_TIMEOUT_MS },
  });
  const folder = prefix ? `${prefix}/` : '';
  const objectKey = (key: string) => folder + checkedKey(key);

  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data, ContentLength: data.length }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // Deleting a key that is not there succeeds, as the local store's `rm --force` does.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async list(only) {
      const keys: string[] = [];
      const pages = paginateListObjectsV2(
        { client, pageSize: options.listPageSize },
        { Bucket: bucket, Prefix: only === undefined ? folder : `${folder}${only}/` },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(folder.length);
          // Objects under a deeper prefix (another store's) or not written by a store are not ours.
          if (key && SAFE_KEY.test(key)) keys.push(key);
        }
      }
      return keys.sort();
    },
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new Error(`No se puede acceder al bucket "${bucket}"${endpoint ? ` en ${endpoint}` : ''}: ${bucketProblem(error)}`, {
          cause: error,
        });
      }
    },
  };
}

type SdkError = { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };

/** NoSuchKey; some S3-compatible servers answer a bare 404. A missing bucket is not a missing file. */
function isMissingObject(error: unknown) {
  const { name, $metadata } = error as SdkError;
  return error instanceof NoSuchKey || ($metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket');
}

/** Why HeadBucket failed, in words an operator can act on. */
function bucketProblem(error: unknown) {
  const { name, message, $metadata } = error as SdkError;
  const status = $metadata?.httpStatusCode;
  if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket') return 'el bucket no existe';
  if (status === 403 || status === 401) return 'acceso denegado (revise AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY)';
  if (name === 'CredentialsProviderError') return 'faltan las credenciales (AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY)';
  // No HTTP answer at all: refused, unknown host, timed out.
  if (!status) return `el servidor no responde (${message || name})`;
  return `error ${status} (${message || name})`;
}
