/**
 * `npm run storage:migrate -- --to s3|disk`: copies every stored file from DATA_DIR/storage to
 * the S3 storage the `S3_*` variables name, or back. Safe to run again and to stop: what is
 * already there with the same size and SHA-256 is skipped. Each copy is read back and checked;
 * any mismatch or failure is listed and the exit code is 1. Progress goes to stderr, the summary
 * to stdout. Stop the servers (or keep them on the source) while it runs, then switch the
 * configuration.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ConfigError, loadConfig } from '../config.ts';
import { createDiskStorage } from '../modules/storage/file-storage.ts';
import { copyAllObjects, type CopyProgress } from '../modules/storage/storage-copy.ts';
import { createS3Client, createS3Storage } from '../modules/storage/s3-storage.ts';

const USAGE = 'Usage: npm run storage:migrate -- --to s3|disk [--parallel N]';

class UsageError extends Error {}

function parseArguments(argv: string[]): { to: 's3' | 'disk'; parallel: number } {
  let values: { to?: string; parallel: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { to: { type: 'string' }, parallel: { type: 'string', default: '4' } },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { to } = values;
  const parallel = Number(values.parallel);
  if (to !== 's3' && to !== 'disk') throw new UsageError(USAGE);
  if (!Number.isInteger(parallel) || parallel < 1 || parallel > 64) {
    throw new UsageError(`--parallel must be a whole number from 1 to 64\n${USAGE}`);
  }
  return { to, parallel };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(argv: string[]): Promise<number> {
  const { to, parallel } = parseArguments(argv);
  const config = loadConfig();
  if (!config.s3) {
    throw new ConfigError(
      'storage:migrate copies between DATA_DIR/storage and S3: set S3_BUCKET (or the per-kind ' +
        'S3_BUCKET_*), S3_ENDPOINT and the keys as the server will use them.',
    );
  }
  const diskRoot = path.join(config.dataDir, 'storage');
  const disk = createDiskStorage(diskRoot);
  const client = createS3Client(config.s3);
  const s3 = createS3Storage(config.s3, client);
  const [source, target] = to === 's3' ? [disk, s3] : [s3, disk];
  process.stderr.write(
    `Copying stored files from ${source.description} to ${target.description}\n`,
  );

  try {
    await source.checkReachable();
    await target.checkReachable();
    let lastReport = 0;
    const progress = ({ bucket, done, total }: CopyProgress) => {
      const now = Date.now();
      if (done !== total && done !== 0 && now - lastReport < 1000) return;
      lastReport = now;
      process.stderr.write(`  ${bucket}: ${done} of ${total}\n`);
    };
    const summary = await copyAllObjects({
      source,
      target,
      // Beside the disk storage, where uploads in progress wait too: never listed or copied.
      scratchDir: path.join(diskRoot, '.uploads'),
      parallel,
      onProgress: progress,
    });

    process.stdout.write(
      `Copied ${summary.copied} files (${megabytes(summary.copiedBytes)}); ` +
        `${summary.alreadyThere} were already there; ${summary.problems.length} failed.\n`,
    );
    for (const problem of summary.problems) {
      process.stdout.write(`  ${problem.bucket}/${problem.key}: ${problem.why}\n`);
    }
    if (summary.problems.length > 0) {
      process.stdout.write(
        'Nothing was removed from the source. Run it again after fixing these.\n',
      );
      return 1;
    }
    return 0;
  } finally {
    client.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof UsageError;
    process.stderr.write(`${known ? error.message : String(error)}\n`);
    process.exit(known && error instanceof UsageError ? 2 : 1);
  },
);
