import { readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';

import {
  type Bucket,
  type FileStorage,
  isValidKey,
} from '../../src/modules/storage/file-storage.ts';

/** A FileStorage held in memory, keyed `bucket/key`, for unit tests of services that store files. */
export function memoryStorage(): FileStorage & { objects: Map<string, Buffer> } {
  const objects = new Map<string, Buffer>();
  const id = (bucket: Bucket, key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return `${bucket}/${key}`;
  };
  return {
    objects,
    description: 'memory',
    put(bucket, key, data) {
      objects.set(id(bucket, key), data);
      return Promise.resolve();
    },
    async adopt(bucket, key, sourcePath) {
      objects.set(id(bucket, key), await readFile(sourcePath));
      await rm(sourcePath, { force: true });
    },
    get(bucket, key) {
      const data = isValidKey(key) ? objects.get(`${bucket}/${key}`) : undefined;
      return Promise.resolve(
        data ? { size: data.length, sha256: null, stream: () => Readable.from([data]) } : null,
      );
    },
    remove(bucket, key) {
      objects.delete(id(bucket, key));
      return Promise.resolve();
    },
    async *list(bucket) {
      await Promise.resolve();
      for (const [name, data] of objects) {
        if (name.startsWith(`${bucket}/`)) {
          yield { key: name.slice(bucket.length + 1), size: data.length };
        }
      }
    },
    checkReachable: () => Promise.resolve(),
    publicUrl: () => null,
    signedUrl: () => Promise.resolve(null),
  };
}
