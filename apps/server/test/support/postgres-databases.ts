import pg from 'pg';

import { openDatabase } from '../../src/db/database.ts';

/** One statement on the maintenance connection `adminUrl` names. */
async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database next to `adminUrl`'s, named `prefix` and a random suffix, a
 * copy of `template` when one is given; `drop` removes it, whoever is still connected.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A database with every migration and the job queue's schema applied: the server's suites
 * create each of theirs from it (`CREATE DATABASE … TEMPLATE`) instead of migrating each.
 */
export async function migratedPostgresTemplate(
  adminUrl: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const created = await createPostgresDatabase(adminUrl, 'arena_t_template_');
  try {
    // Opening migrates it; pg-boss makes its schema at its first start.
    const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 1 });
    await database.close();
    const { PgBoss } = await import('pg-boss');
    const boss = new PgBoss({ connectionString: created.url, max: 1, supervise: false });
    await boss.start();
    await boss.stop({ graceful: false, close: true });
  } catch (error) {
    await created.drop().catch(() => undefined);
    throw error;
  }
  return created;
}
