import { mkdirSync } from 'node:fs';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

import { lockDataDir } from './data-dir-lock.ts';
import type { Database, DatabaseHandle } from './database.ts';
import { prepareStatementsOf } from './pglite-prepared.ts';

/**
 * The embedded database, migrated. Loaded by `openDatabase` only when it is asked for: a server
 * on PostgreSQL never loads PGlite's code.
 */
export async function openPglite(
  dataDir: string | undefined,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    prepareStatementsOf(client);
    const db = drizzle(client);
    await migrate(db, { migrationsFolder });
    const opened = client;
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: () => opened.close().finally(unlock),
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    unlock();
    throw error;
  }
}
