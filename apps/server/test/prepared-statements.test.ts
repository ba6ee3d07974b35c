import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type DatabaseHandle, selectRows } from '../src/db/database.ts';
import { profiles } from '../src/modules/profiles/profiles.tables.ts';
import { databaseKinds, freshDatabase } from './harness.ts';

/** Prepared statements are a PostgreSQL-pool matter; PGlite runs in process. */
describe.skipIf(!databaseKinds.includes('postgres'))('prepared statements [postgres]', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase('postgres');
    database = fresh.database;
    drop = fresh.drop;
  });
  afterAll(() => drop());

  it('prepares each parameterised query once per connection and reuses it', async () => {
    const byName = (name: string) =>
      database.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(sql`${profiles.username} = ${name}`);
    // In one transaction: one connection, so its own pg_prepared_statements tells.
    const statements = await database.db.transaction(async (tx) => {
      await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(sql`${profiles.username} = ${'a'}`);
      await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(sql`${profiles.username} = ${'b'}`);
      await tx.execute(sql`SELECT 1`);
      return selectRows<{ name: string; statement: string }>(
        tx,
        sql`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'arena_%'`,
      );
    });
    const mine = statements.filter((row) => row.statement.includes('"username" = $1'));
    expect(mine).toHaveLength(1);
    // A query without parameters is not prepared.
    expect(statements.some((row) => row.statement.trim() === 'SELECT 1')).toBe(false);
    // The same query through the pool still answers correctly.
    expect(await byName('nobody')).toEqual([]);
  });

  it('gives the right rows when one statement runs with different values', async () => {
    const rows = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
        selectRows<{ n: number }>(database.db, sql`SELECT ${n}::int * 2 AS n`),
      ),
    );
    expect(rows.map((r) => r[0]?.n)).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
  });
});
