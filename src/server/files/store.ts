/**
 * The one place that touches file paths. Keys look like `user/5f3a…-avatar.png`; a bucket store can
 * replace the local folder without anything else changing.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Every stored key (backups), or only those of one folder (a restore's staged files). */
  list(folder?: string): Promise<string[]>;
}

export const SAFE_KEY = /^[A-Za-z0-9_-]+\/[A-Za-z0-9._-]+$/;

/** Every store refuses a key that could leave its folder or prefix (`..`, absolute paths, more levels). */
export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid file key ${key}`);
  return key;
}

export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async list(only) {
      const folders = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
      const keys: string[] = [];
      for (const folder of folders.filter((f) => f.isDirectory() && (only === undefined || f.name === only))) {
        for (const name of await fs.readdir(path.join(root, folder.name))) {
          const key = `${folder.name}/${name}`;
          if (SAFE_KEY.test(key)) keys.push(key);
        }
      }
      return keys.sort();
    },
  };
}

/** A stored name: random prefix (unguessable, no clashes) plus a cleaned version of the upload's name. */
export function storedFileName(originalName: string, extension: string) {
  const base = path.parse(originalName).name.normalize('NFD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'archivo';
  return `${crypto.randomBytes(12).toString('hex')}-${base}.${extension}`;
}

export const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
