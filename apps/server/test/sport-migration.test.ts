import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { databaseKinds } from './harness.ts';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
const MIGRATION = '0011_one_sport_list';

/** The migrations folder as it was before the one-sport-list migration. */
function folderBefore(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'arena-sports-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** CV sports as people typed them, and what each becomes. */
const CASES: [string | null, string | null][] = [
  ['Football', 'football'],
  ['  soccer ', 'football'],
  ['BASKETBALL', 'basketball'],
  ['American football', 'american-football'],
  ['american-football', 'american-football'],
  ['Padel', 'padel'],
  ['Ice Hockey', 'hockey'],
  ['table_tennis', 'table-tennis'],
  ['Track & Field', 'athletics'],
  ['Water Polo', 'water-polo'],
  ['Quidditch', 'other'],
  ['Basketball and tennis', 'other'],
  ['   ', null],
  [null, null],
];

interface Runner {
  run(query: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function pgliteRunner(): Promise<Runner> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzlePglite(client);
  return {
    run: (query, params) => client.query(query, params),
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function postgresRunner(): Promise<Runner> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `arena_m_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzlePg(client);
  return {
    run: (query, params) => client.query(query, params),
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.each(databaseKinds)('the one-sport-list migration (%s)', (kind) => {
  it("maps each CV's free-text sport to the list, or to 'other'; blank stays empty", async () => {
    const before = folderBefore();
    folders.push(before);
    const db = kind === 'pglite' ? await pgliteRunner() : await postgresRunner();
    try {
      await db.migrate(before);
      const ids: string[] = [];
      for (const [i, [sport]] of CASES.entries()) {
        const user = await db.run(`INSERT INTO users (email) VALUES ($1) RETURNING id`, [
          `athlete${i}@arena.test`,
        ]);
        const profile = await db.run(
          `INSERT INTO profiles (user_id, username, full_name, user_type)
           VALUES ($1, $2, 'An Athlete', 'player') RETURNING id`,
          [user.rows[0]?.id, `athlete${i}`],
        );
        const id = String(profile.rows[0]?.id);
        ids.push(id);
        await db.run(`INSERT INTO athlete_profiles (profile_id, sport) VALUES ($1, $2)`, [
          id,
          sport,
        ]);
      }

      await db.migrate(migrationsFolder);

      const { rows } = await db.run(`SELECT profile_id, sport FROM athlete_profiles`);
      const after = new Map(rows.map((row) => [String(row.profile_id), row.sport]));
      expect(ids.map((id) => after.get(id))).toEqual(CASES.map(([, slug]) => slug));
      // The list now holds: a sport outside it is refused by the database itself.
      await expect(
        db.run(`UPDATE athlete_profiles SET sport = 'Soccer' WHERE profile_id = $1`, [ids[0]]),
      ).rejects.toThrow(/athlete_profiles_sport_check/);
    } finally {
      await db.close();
    }
  });
});
