import { mkdirSync } from 'node:fs';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

import { lockDataDir } from './data-dir-lock.ts';
import type { Database, DatabaseHandle } from './database.ts';
import { prepareStatementsOf } from './pglite-prepared.ts';

/**
 * PostgreSQL's page cache inside PGlite's memory. PGlite fills its whole default of 128 MB at
 * start, ~220 MB of the process's memory before the first request; 32 MB keeps the `small`
 * preset as fast (the operating system caches the files underneath) for ~100 MB less
 * (docs/decisions/0033-…).
 */
const SHARED_BUFFERS = '32MB';

/**
 * The embedded database, migrated. Loaded by `openDatabase` only when it is asked for: a server
 * on PostgreSQL never loads PGlite's code.
 */
export async function openPglite(
  dataDir: string | undefined,
  migrationsFolder: string,
  startFrom?: Blob,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      loadDataDir: startFrom,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    });
    prepareStatementsOf(client);
    const db = drizzle(client);
    // A copy that is already migrated makes this a check of the journal.
    await migrate(db, { migrationsFolder });
    const opened = client;
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      connection: { kind: 'pglite', client: opened },
      close: () => opened.close().finally(unlock),
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    unlock();
    throw error;
  }
}

/**
 * A new embedded database, migrated, dumped as one file: what `startFrom` takes. The tests make
 * it once per run (test/global-setup.ts) and start each of their databases from it.
 */
export async function dumpMigratedPglite(migrationsFolder: string): Promise<Blob> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // The job queue's schema too (pg-boss makes it at its first start): each test's server then
    // starts its queue on tables that are there.
    const { PgBoss, fromPglite } = await import('pg-boss');
    const boss = new PgBoss({ db: fromPglite(client), backend: 'pglite', supervise: false });
    await boss.start();
    await boss.stop({ graceful: false, close: false });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
