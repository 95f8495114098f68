import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

// Binary objects (camera frames) kept out of the database and off the queue: files below one root
// folder (DATA_DIR). With ROLE=server and ROLE=workers on different machines that folder must be
// shared storage (NFS, a mounted volume), since ingest writes a frame where a worker reads it and
// the API serves it.
export interface Blobs {
  put(key: string, bytes: Uint8Array): Promise<void>;
  // null when there is no such blob.
  get(key: string): Promise<Buffer | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  // The names directly below a folder key ([] when there is none).
  list(folder: string): Promise<string[]>;
  // A folder key and everything below it.
  deleteFolder(folder: string): Promise<void>;
}

// Keys are relative paths of plain segments; anything that could leave the root is refused.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function isSafeBlobKey(key: string): boolean {
  if (key.length > 400) return false;
  const segments = key.split('/');
  return segments.every((segment) => SEGMENT.test(segment) && segment !== '..' && segment !== '.');
}

export function createFileBlobs(root: string): Blobs {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isSafeBlobKey(key)) throw new Error(`Invalid blob key ${JSON.stringify(key.slice(0, 100))}`);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error('Blob key leaves the storage folder');
    return path;
  };
  const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed: a reader never sees half a file, and a repeated put of the
      // same key (a redelivered frame) replaces it whole.
      const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(folder) {
      try {
        return (await readdir(pathOf(folder))).filter((name) => !name.endsWith('.tmp'));
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
    },
    async deleteFolder(folder) {
      await rm(pathOf(folder), { recursive: true, force: true });
    },
  };
}
