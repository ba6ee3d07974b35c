import type { SeedConnection } from './connection.ts';
import type { TableLoad } from './tables.ts';

/** Tables the seed never empties: the token signing keys belong to the installation, not the data. */
const KEPT_TABLES = ['signing_keys'];

export async function countUsers(connection: SeedConnection): Promise<number> {
  const [row] = await connection.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return row?.n ?? 0;
}

async function appTables(connection: SeedConnection): Promise<string[]> {
  const rows = await connection.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((row) => row.name).filter((name) => !KEPT_TABLES.includes(name));
}

interface SavedDdl {
  /** Foreign keys touching the loaded tables, dropped first and added back last. */
  foreignKeys: { table: string; name: string; definition: string }[];
  /** Primary keys and unique constraints of the loaded tables. */
  keys: { table: string; name: string; definition: string }[];
  /** Every other index of the loaded tables. */
  indexes: { name: string; definition: string }[];
}

/** Reads the definitions of the constraints and indexes that slow a bulk load down. */
async function saveDdl(connection: SeedConnection, tables: string[]): Promise<SavedDdl> {
  const foreignKeys = await connection.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE contype = 'f' AND connamespace = 'public'::regnamespace
        AND (conrelid::regclass::text = ANY($1) OR confrelid::regclass::text = ANY($1))
      ORDER BY conname`,
    [tables],
  );
  const keys = await connection.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE contype IN ('p', 'u') AND connamespace = 'public'::regnamespace
        AND conrelid::regclass::text = ANY($1)
      ORDER BY conname`,
    [tables],
  );
  const indexes = await connection.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY 1`,
    [tables],
  );
  return { foreignKeys, keys, indexes };
}

export interface LoadOptions {
  /**
   * Drop the loaded tables' keys, indexes and foreign keys during the load and build them again
   * after: one sort per index instead of millions of random inserts, and one join per foreign
   * key instead of a lookup per row. Building them again also checks every unique key.
   */
  rebuildIndexes: boolean;
  onTable?: (report: TableReport) => void;
  onStep?: (step: string, seconds: number) => void;
}

export interface TableReport {
  table: string;
  rows: number;
  seconds: number;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * Loads every table in one transaction: on any failure nothing is left half-done, dropped
 * indexes included. Tables are truncated in the same transaction, so COPY can write frozen rows
 * (no vacuum needed afterwards, index-only scans work at once).
 */
export async function loadTables(
  connection: SeedConnection,
  loads: TableLoad[],
  options: LoadOptions,
): Promise<TableReport[]> {
  const reports: TableReport[] = [];
  const tables = loads.map((load) => load.table);
  const step = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    options.onStep?.(name, seconds(started));
  };

  await connection.query('BEGIN');
  try {
    if (connection.kind === 'postgres') {
      // Only this transaction's own commit waits for the disk; sorts for index builds get room.
      await connection.query(`SET LOCAL synchronous_commit = off`);
      await connection.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    }
    // The caller has checked that there was nothing to keep, or that --reset was given.
    const all = await appTables(connection);
    await step('truncate', () =>
      connection.query(`TRUNCATE ${all.join(', ')} RESTART IDENTITY CASCADE`),
    );

    let saved: SavedDdl | null = null;
    if (options.rebuildIndexes) {
      const ddl = await saveDdl(connection, tables);
      saved = ddl;
      await step('drop keys and indexes', async () => {
        for (const fk of ddl.foreignKeys)
          await connection.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${fk.name}`);
        for (const index of ddl.indexes) await connection.query(`DROP INDEX ${index.name}`);
        for (const key of ddl.keys)
          await connection.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
      });
    }

    // The tables' own triggers (the CV's completeness score, "available since") are off while
    // rows stream in: each would run queries for every row, against tables without their indexes.
    // What they keep is written once at the end (`afterLoad`).
    for (const table of tables) await connection.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    for (const load of loads) {
      const started = performance.now();
      const rows = await connection.copy(load.table, load.columns, load.rows(), true);
      const report = { table: load.table, rows, seconds: seconds(started) };
      reports.push(report);
      options.onTable?.(report);
    }

    if (saved) {
      const ddl = saved;
      await step('primary and unique keys', async () => {
        for (const key of ddl.keys)
          await connection.query(
            `ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`,
          );
      });
      await step('indexes', async () => {
        for (const index of ddl.indexes) await connection.query(index.definition);
      });
      await step('foreign keys', async () => {
        for (const fk of ddl.foreignKeys)
          await connection.query(
            `ALTER TABLE ${fk.table} ADD CONSTRAINT ${fk.name} ${fk.definition}`,
          );
      });
    }
    await step('derived columns', async () => {
      for (const load of loads) if (load.afterLoad) await connection.query(load.afterLoad);
    });
    for (const table of tables) await connection.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    await step('commit', () => connection.query('COMMIT'));
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  await step('analyze', () => connection.query('ANALYZE'));
  return reports;
}
