import path from 'node:path';

import type { AppConfig } from '../../config.ts';
import { createDiskStorage, type FileStorage } from './file-storage.ts';
import { createS3Client, createS3Storage } from './s3-storage.ts';

/** The storage the configuration names: S3 with `S3_*` set, else `DATA_DIR/storage`. */
export function openConfiguredStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): {
  storage: FileStorage;
  close: () => void;
} {
  if (!config.s3) {
    return { storage: createDiskStorage(path.join(config.dataDir, 'storage')), close: () => {} };
  }
  const client = createS3Client(config.s3);
  return { storage: createS3Storage(config.s3, client), close: () => client.destroy() };
}
