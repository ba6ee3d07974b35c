/**
 * `npm run restore -- <folder> [--replace]`: puts a backup made by `npm run backup` into
 * DATA_DIR. Stop the server first. DATA_DIR must be empty; `--replace` moves what it holds aside
 * (into `DATA_DIR/replaced-<time>/`, never deleted). A backup taken with DATABASE_URL holds the
 * files only; restore its database with pg_restore (README, "Backups"). The files go to
 * DATA_DIR/storage; with S3 storage, `npm run storage:migrate -- --to s3` puts them in the buckets.
 */
import path from 'node:path';

import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { BackupError, restoreBackup } from './backup-archive.ts';

const USAGE = 'Usage: npm run restore -- <backup folder> [--replace]';

const here = process.env.INIT_CWD ?? process.cwd();

async function main(argv: string[]): Promise<number> {
  const replace = argv.includes('--replace');
  const rest = argv.filter((arg) => arg !== '--replace');
  if (rest.length !== 1 || rest[0]?.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const source = path.resolve(here, rest[0] as string);
  const result = await restoreBackup({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    source,
    replace,
  });
  if (result.movedAside)
    process.stdout.write(`What was in ${config.dataDir} is now in ${result.movedAside}\n`);
  process.stdout.write(
    `Restored ${result.users === null ? '' : `the embedded database (${result.users} accounts) and `}` +
      `${result.manifest.files} stored files from the backup of ${result.manifest.createdAt} into ${config.dataDir}\n`,
  );
  if (config.s3) {
    process.stdout.write(
      'Files are stored on S3 (S3_* is set): copy the restored files to the buckets with\n' +
        '  npm run storage:migrate -- --to s3\n',
    );
  }
  if (result.manifest.database === 'postgres') {
    process.stdout.write(
      'This backup holds the files only; restore the PostgreSQL database with:\n' +
        `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" "${path.join(source, 'arena.dump')}"\n`,
    );
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const expected =
      error instanceof ConfigError ||
      error instanceof BackupError ||
      error instanceof DataDirInUseError;
    process.stderr.write(`${expected ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
