import { afterAll, describe, expect, it } from 'vitest';

import { verifyPassword } from '@arena/server/src/modules/auth/password.ts';
import { type DatabaseKind, databaseKinds, freshDatabase } from '@arena/server/test/harness.ts';

import { connectHandle, type SeedConnection } from './connection.ts';
import { PRESETS } from './presets.ts';
import { SEED_PASSWORD, SeedRefused, seedDatabase } from './seed.ts';

const ANCHOR = Date.parse('2025-06-01T12:00:00Z');
const TABLES = [
  'users',
  'profiles',
  'user_roles',
  'admin_actions',
  'athlete_profiles',
  'career_history',
  'awards',
  'verification_requests',
  'follows',
  'profile_views',
  'posts',
  'likes',
  'comments',
  'reposts',
  'conversations',
  'messages',
  'athlete_offers',
  'offer_applications',
];

/** One digest per table over every column of every row, independent of physical order. */
async function fingerprint(connection: SeedConnection) {
  const digests: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await connection.query<{ digest: string; n: number }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*)::int AS n FROM ${table} t`,
    );
    digests[table] = `${row?.n}:${row?.digest}`;
  }
  return digests;
}

async function indexNames(connection: SeedConnection) {
  const rows = await connection.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshConnection(kind: DatabaseKind) {
  const fresh = await freshDatabase(kind);
  const connection = await connectHandle(fresh.database);
  cleanups.push(async () => {
    await connection.close();
    await fresh.drop();
  });
  return connection;
}

const options = (seed: string, extra: Partial<Parameters<typeof seedDatabase>[1]> = {}) => ({
  preset: PRESETS.tiny,
  seed,
  anchor: ANCHOR,
  reset: false,
  rebuildIndexes: false,
  check: true,
  ...extra,
});

describe.each(databaseKinds)('seed [%s]', (kind) => {
  let first: Record<string, string>;
  let connection: SeedConnection;

  it('fills every table with counters that match their rows', async () => {
    connection = await freshConnection(kind);
    const indexesBefore = await indexNames(connection);
    // The fast path: keys and indexes dropped for the load and built again; the next test
    // loads with them in place and must get the same rows.
    const summary = await seedDatabase(connection, options('alpha', { rebuildIndexes: true }));
    for (const check of summary.checks) expect(check, check.name).toMatchObject({ mismatches: 0 });
    expect(summary.checks.length).toBeGreaterThanOrEqual(10);
    expect(await indexNames(connection)).toEqual(indexesBefore);

    const rows = Object.fromEntries(summary.tables.map((table) => [table.table, table.rows]));
    expect(rows).toMatchObject({
      users: 300,
      profiles: 300,
      posts: 2_000,
      follows: 6_000,
      likes: 10_000,
      comments: 1_000,
      reposts: 400,
      messages: 2_000,
      // 20 offers and 15 scholarships (decision 0047: one table).
      athlete_offers: 35,
      scholarships: 15,
      offer_applications: 300,
      camps: 20,
    });
    // Registrations are spread over the camps, a popular camp's capped at 1.5 × its places.
    expect(rows.camp_registrations).toBeGreaterThan(100);
    first = await fingerprint(connection);
  });

  it('gives the same rows for the same seed, and other rows for another seed', async () => {
    const again = await freshConnection(kind);
    await seedDatabase(again, options('alpha'));
    expect(await fingerprint(again)).toEqual(first);

    const other = await freshConnection(kind);
    await seedDatabase(other, options('beta'));
    const different = await fingerprint(other);
    for (const table of ['users', 'posts', 'likes', 'messages']) {
      expect(different[table], table).not.toEqual(first[table]);
    }
  });

  it('refuses a database that has accounts, and starts over with reset', async () => {
    await expect(seedDatabase(connection, options('alpha'))).rejects.toBeInstanceOf(SeedRefused);
    expect(await fingerprint(connection)).toEqual(first);
    await seedDatabase(connection, options('alpha', { reset: true }));
    expect(await fingerprint(connection)).toEqual(first);
  });

  it('shapes the network like a real one', async () => {
    // Followers follow a power law: the top 1% of members hold over five times their share.
    const [followers] = await connection.query<{ top: number; total: number }>(
      `WITH c AS (SELECT following_id, count(*) AS n FROM follows GROUP BY following_id)
       SELECT (SELECT sum(n) FROM (SELECT n FROM c ORDER BY n DESC LIMIT 3) t)::int AS top,
              (SELECT sum(n) FROM c)::int AS total`,
    );
    expect(followers!.top / followers!.total).toBeGreaterThan(0.05);
    // Likes go to the popular posts: the top tenth of posts has far more than a tenth of them.
    const [likes] = await connection.query<{ top: number }>(
      `SELECT (SELECT sum(likes_count) FROM (SELECT likes_count FROM posts ORDER BY likes_count DESC LIMIT 200) t)::float
              / (SELECT sum(likes_count) FROM posts) AS top`,
    );
    expect(likes!.top).toBeGreaterThan(0.3);
    // Posts in all six sports, over two years.
    const [spread] = await connection.query<{ sports: number; days: number }>(
      `SELECT count(DISTINCT sport)::int AS sports,
              extract(day FROM max(created_at) - min(created_at))::int AS days FROM posts`,
    );
    expect(spread).toMatchObject({ sports: 6 });
    expect(spread!.days).toBeGreaterThan(600);
    // CVs filled to varied degrees, admins, verified posters, and requests in every state.
    const [mix] = await connection.query<{
      admins: number;
      verified: number;
      statuses: number;
      empty_cv: number;
      full_cv: number;
    }>(
      `SELECT (SELECT count(*) FROM user_roles WHERE role = 'admin')::int AS admins,
              (SELECT count(*) FROM profiles WHERE verified)::int AS verified,
              (SELECT count(DISTINCT status) FROM verification_requests)::int AS statuses,
              (SELECT count(*) FROM athlete_profiles WHERE main_position IS NULL AND height_cm IS NULL)::int AS empty_cv,
              (SELECT count(*) FROM athlete_profiles WHERE main_position IS NOT NULL AND height_cm IS NOT NULL
                 AND birthdate IS NOT NULL AND about_player IS NOT NULL)::int AS full_cv`,
    );
    expect(mix).toMatchObject({ admins: 2, statuses: 3 });
    expect(mix!.verified).toBeGreaterThan(5);
    expect(mix!.empty_cv).toBeGreaterThan(0);
    expect(mix!.full_cv).toBeGreaterThan(0);
  });

  it('signs every account in with the documented password', async () => {
    const rows = await connection.query<{ password_hash: string }>(
      `SELECT DISTINCT password_hash FROM users`,
    );
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]!.password_hash, SEED_PASSWORD)).toBe(true);
    expect(await verifyPassword(rows[0]!.password_hash, 'not-the-password')).toBe(false);
  });
});
