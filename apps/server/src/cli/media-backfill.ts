/**
 * `npm run media:backfill`: makes the display sizes of post photos, message photos and avatars
 * stored before Arena made them (decision 0030), against the configured database (DATA_DIR or
 * DATABASE_URL) and the configured stored files (DATA_DIR, or S3). Safe to run again: it touches only what has no
 * sizes yet. With the embedded database, stop the server first: PGlite allows one process at a
 * time. Pictures it cannot read are listed and left as they are; the page shows them as before.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { type BackfillCounts, createImageBackfill } from '../modules/media/image-backfill.ts';
import { createImageBackfillRepository } from '../modules/media/image-backfill.repository.ts';
import { openConfiguredStorage } from '../modules/storage/configured-storage.ts';

async function main(argv: string[]): Promise<number> {
  if (argv.length > 0) {
    process.stderr.write('Usage: npm run media:backfill\n');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
  );
  const { storage, close: closeStorage } = openConfiguredStorage(config);
  try {
    const backfill = createImageBackfill(createImageBackfillRepository(database.db), storage);
    const report = await backfill.run();
    const line = (what: string, counts: BackfillCounts) => {
      process.stdout.write(`${what}: ${counts.sized} given display sizes`);
      process.stdout.write(
        counts.skipped.length ? `, ${counts.skipped.length} left as they are\n` : '\n',
      );
      for (const { path: key, why } of counts.skipped) process.stdout.write(`  ${key}: ${why}\n`);
    };
    line('Post photos', report.posts);
    line('Message photos', report.messages);
    line('Avatars', report.avatars);
    return 0;
  } finally {
    closeStorage();
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    process.stderr.write(`${known ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
