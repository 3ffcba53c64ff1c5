/** The file store the configuration names: a bucket (FILE_STORE_URL) or the local `<dataDir>/files`. */
import path from 'node:path';
import type { Config } from '../config';
import { localFileStore, type FileStore } from './store';

/**
 * For the server and the backup scripts. A bucket is checked before anything uses it, so a wrong
 * FILE_STORE_URL, endpoint or credentials stop the start with a Spanish message naming the bucket.
 */
export async function fileStoreFromConfig(
  config: Pick<Config, 'dataDir' | 'fileStoreUrl' | 's3Endpoint' | 's3Region'>,
): Promise<FileStore> {
  if (!config.fileStoreUrl) return localFileStore(path.join(config.dataDir, 'files'));
  // Loaded only for a bucket: the AWS SDK adds a quarter of a second to every start that needs none.
  const { parseFileStoreUrl, s3FileStore } = await import('./s3Store');
  const store = s3FileStore({ ...parseFileStoreUrl(config.fileStoreUrl), endpoint: config.s3Endpoint, region: config.s3Region });
  await store.checkBucket();
  return store;
}
