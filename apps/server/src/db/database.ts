import { fileURLToPath } from 'node:url';

import type { PGlite } from '@electric-sql/pglite';

import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

import { PreparingClient } from './prepared-statements.ts';

/** The query builder every repository uses, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** A transaction handle; repositories accept either this or the database. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /**
   * What the job queue connects with: the server's address (it keeps a small pool of its own),
   * or the embedded database itself, which has one connection for everyone.
   */
  readonly connection: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined keeps the database in memory (tests). `startFrom` is a data directory
   * dumped by PGlite (`dumpDataDir`) to begin with instead of a new cluster: the tests start
   * every database from one migrated copy rather than migrating each.
   */
  | { kind: 'pglite'; dataDir?: string; startFrom?: Blob };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any fixed number: instances starting together take turns to migrate. */
const MIGRATION_LOCK_KEY = 7_312_001;

/** Opens the database and applies every committed migration before anything else runs. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    // Imported here, not above: PGlite's code is tens of megabytes a PostgreSQL server never needs.
    const { openPglite } = await import('./pglite.ts');
    return openPglite(target.dataDir, migrationsFolder, target.startFrom);
  }

  await migrateWithLock(target.url);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    Client: PreparingClient,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg(pool) as unknown as Database,
    kind: 'postgres',
    connection: { kind: 'postgres', url: target.url },
    close: () => pool.end(),
  };
}

/** An empty embedded database with every migration applied, as one file (`startFrom`). */
export async function dumpMigratedPglite(): Promise<Blob> {
  const pglite = await import('./pglite.ts');
  return pglite.dumpMigratedPglite(migrationsFolder);
}

async function migrateWithLock(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await client.end();
  }
}

/** Rows of a hand-written query; both drivers answer `execute` with `{ rows }`. */
export async function selectRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await ex.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A LIMIT written into the statement's text rather than sent as a parameter. Statements are
 * prepared (prepared-statements.ts), and a generic plan for `LIMIT $n` assumes a tenth of the
 * table: the feed's would sort a million posts. With the number in the text, each limit gets a
 * plan for that limit. Limits are small validated integers, so the texts stay few.
 */
export function literalLimit(limit: number): Placeholder {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Not a row limit: ${limit}`);
  // Drizzle embeds any SQL object given as a limit; its type only names placeholders.
  return sql.raw(String(limit)) as unknown as Placeholder;
}
