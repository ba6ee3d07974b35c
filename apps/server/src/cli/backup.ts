/**
 * `npm run backup [-- <folder>]`: writes the embedded database and every stored file of
 * DATA_DIR into a new folder (default `arena-backup-<time>` in the current directory). Stop the
 * server first: the embedded database allows one process at a time. With DATABASE_URL only the
 * files are copied; back the database up with pg_dump (README, "Backups"). With S3 storage the
 * files are copied from the buckets, each checked by its SHA-256 (decision 0048).
 */
import path from 'node:path';

import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { openConfiguredStorage } from '../modules/storage/configured-storage.ts';
import { BackupError, createBackup } from './backup-archive.ts';

const USAGE = 'Usage: npm run backup [-- <new folder>]';

/** npm runs scripts in the workspace; paths the user typed are relative to where they typed them. */
const here = process.env.INIT_CWD ?? process.cwd();

async function main(argv: string[]): Promise<number> {
  if (argv.length > 1 || argv[0]?.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(here, argv[0] ?? `arena-backup-${stamp}`);
  const { storage, close } = openConfiguredStorage(config);
  const manifest = await createBackup({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    target,
    store: config.s3 ? storage : undefined,
  }).finally(close);
  const from = config.s3 ? storage.description : config.dataDir;
  process.stdout.write(
    `Backed up ${manifest.database === 'pglite' ? 'the embedded database and ' : ''}` +
      `${manifest.files} stored files (${manifest.fileBytes} bytes) from ${from} to ${target}\n`,
  );
  if (manifest.database === 'postgres') {
    process.stdout.write(
      'The database is on PostgreSQL and is not in this folder. Back it up with:\n' +
        `  pg_dump --format=custom --file="${path.join(target, 'arena.dump')}" "$DATABASE_URL"\n`,
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
