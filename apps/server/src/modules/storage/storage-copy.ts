import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import { sha256Of } from './checksums.ts';
import { type Bucket, BUCKETS, type FileStorage, type StoredObject } from './file-storage.ts';

interface CopyProblem {
  bucket: Bucket;
  key: string;
  why: string;
}

export interface CopySummary {
  copied: number;
  copiedBytes: number;
  /** Already in the target with the same size and SHA-256. */
  alreadyThere: number;
  problems: CopyProblem[];
}

export interface CopyProgress {
  bucket: Bucket;
  done: number;
  total: number;
}

/** The object's SHA-256: the one recorded with it, else read from its content. */
async function checksumOf(object: StoredObject): Promise<string> {
  return object.sha256 ?? (await sha256Of(object.stream())).sha256;
}

/**
 * Copies every object of every bucket from `source` to `target`, through a file in `scratchDir`.
 * Resumable: an object already in the target with the same size and SHA-256 is left alone. Each
 * copy is read back from the target and its SHA-256 computed again; a mismatch is a problem.
 */
export async function copyAllObjects(options: {
  source: FileStorage;
  target: FileStorage;
  scratchDir: string;
  parallel?: number;
  onProgress?: (progress: CopyProgress) => void;
}): Promise<CopySummary> {
  const { source, target, scratchDir, parallel = 4, onProgress } = options;
  const summary: CopySummary = { copied: 0, copiedBytes: 0, alreadyThere: 0, problems: [] };
  await mkdir(scratchDir, { recursive: true });

  const copyOne = async (bucket: Bucket, key: string) => {
    const original = await source.get(bucket, key);
    if (!original) return; // Removed since it was listed: nothing to copy.
    const expected = await checksumOf(original);

    const existing = await target.get(bucket, key);
    if (existing?.size === original.size && (await checksumOf(existing)) === expected) {
      summary.alreadyThere += 1;
      return;
    }

    const scratch = path.join(scratchDir, `${randomUUID()}.migrate`);
    try {
      // Hashed on the way to the scratch file: a source that does not match its recorded
      // checksum is not copied.
      const hash = createHash('sha256');
      await pipeline(
        original.stream(),
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(scratch),
      );
      if (hash.digest('hex') !== expected) {
        summary.problems.push({
          bucket,
          key,
          why: 'its content does not match its recorded SHA-256',
        });
        return;
      }
      await target.adopt(bucket, key, scratch);
    } finally {
      await rm(scratch, { force: true });
    }

    const copy = await target.get(bucket, key);
    const check = copy ? await sha256Of(copy.stream()) : null;
    if (!check || check.sha256 !== expected || check.size !== original.size) {
      summary.problems.push({ bucket, key, why: 'the copy read back does not match the original' });
      return;
    }
    summary.copied += 1;
    summary.copiedBytes += original.size;
  };

  for (const bucket of BUCKETS) {
    const keys: string[] = [];
    for await (const { key } of source.list(bucket)) keys.push(key);
    let next = 0;
    let done = 0;
    onProgress?.({ bucket, done, total: keys.length });
    const worker = async () => {
      for (let key = keys[next++]; key !== undefined; key = keys[next++]) {
        try {
          await copyOne(bucket, key);
        } catch (error) {
          summary.problems.push({ bucket, key, why: (error as Error).message });
        }
        done += 1;
        onProgress?.({ bucket, done, total: keys.length });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  }
  return summary;
}
