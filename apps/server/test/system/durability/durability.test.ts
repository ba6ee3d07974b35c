import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseKinds, freshDatabase } from '../../harness.ts';
import { type ServerProcess, startServer } from '../../live/server-process.ts';
import {
  type Acknowledged,
  type Cast,
  castOf,
  expectAllPresent,
  type LoadResult,
  runWriteLoad,
} from './write-load.ts';

/**
 * The real server process under a write load from several concurrent clients, killed with
 * SIGKILL and stopped with SIGTERM mid-load, then started again on the same data: every write
 * it acknowledged (2xx) must be there, and the data must open cleanly.
 */

/** Only clean outcomes: no answer (the process is gone) or 503 (it is closing). */
function expectOnlyCleanFailures(result: LoadResult, allowed: number[]) {
  const unexpected = [...result.failures.keys()].filter((status) => !allowed.includes(status));
  expect(unexpected, result.samples.join('\n')).toEqual([]);
}

describe.each(databaseKinds)('durability of acknowledged writes [%s]', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-durability-'));
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let drop: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;
  let cast: Cast;
  const acknowledged: Acknowledged[] = [];

  beforeAll(async () => {
    if (kind === 'postgres') {
      const fresh = await freshDatabase('postgres');
      drop = fresh.drop;
      env = { ...env, DATABASE_URL: fresh.url! };
    }
    server = await startServer(env);
    cast = await castOf(server.base, 3, 'd');
  }, 120_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write through a SIGKILL in the middle of the load', async () => {
    const running = server!;
    const load = runWriteLoad(running.base, cast, 'kill');
    await load.reached(60);
    running.child.kill('SIGKILL');
    expect((await running.exited).signal).toBe('SIGKILL');
    const result = await load.drained();
    acknowledged.push(...result.acknowledged);
    // Requests cut off by the kill got no answer; none got an error from the server.
    expectOnlyCleanFailures(result, [0]);
    expect(result.failures.get(0), 'requests were in flight when the process died').toBeGreaterThan(
      0,
    );

    server = await startServer(env);
    await expectAllPresent(server.base, cast, acknowledged);
  }, 180_000);

  it('loses nothing on SIGTERM during the load: requests in flight finish or fail cleanly', async () => {
    const running = server!;
    const load = runWriteLoad(running.base, cast, 'term');
    await load.reached(40);
    const signalled = Date.now();
    running.child.kill('SIGTERM');
    const exit = await running.exited;
    const result = await load.drained();
    expect(exit, running.output()).toEqual({ code: 0, signal: null });
    acknowledged.push(...result.acknowledged);
    expectOnlyCleanFailures(result, [0, 503]);
    // Requests the server had taken when the signal came were finished, not dropped.
    const finishedAfterSignal = result.acknowledged.filter((a) => a.at > signalled).length;
    expect(finishedAfterSignal).toBeGreaterThan(0);

    server = await startServer(env);
    await expectAllPresent(server.base, cast, acknowledged);
    // It still takes writes.
    const after = runWriteLoad(server.base, cast, 'after');
    await after.reached(5);
    expect((await after.stop()).failures.size).toBe(0);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }, 180_000);

  it.runIf(kind === 'pglite')(
    'leaves a data directory that opens on its own, with every index and table intact',
    async () => {
      // The server is stopped: the directory is free to open. amcheck verifies the B-tree
      // indexes against their tables and every table's pages.
      const db = await PGlite.create(path.join(dataDir, 'db'), {
        extensions: { amcheck, pg_trgm },
      });
      try {
        await db.exec('CREATE EXTENSION IF NOT EXISTS amcheck');
        const indexes = await db.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_index i
             JOIN pg_class c ON c.oid = i.indexrelid
             JOIN pg_am am ON am.oid = c.relam
             JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE am.amname = 'btree' AND n.nspname = 'public'`,
        );
        expect(indexes.rows.length).toBeGreaterThan(10);
        for (const { name } of indexes.rows)
          await db.query(`SELECT bt_index_check('public.${name}'::regclass, true)`);
        const corrupt = await db.query<{ relname: string }>(
          `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace,
                  LATERAL verify_heapam(c.oid) v
            WHERE n.nspname = 'public' AND c.relkind = 'r'`,
        );
        expect(corrupt.rows).toEqual([]);
        const posts = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
        expect(posts.rows[0]?.n).toBeGreaterThanOrEqual(
          acknowledged.filter((a) => a.kind === 'post').length,
        );
      } finally {
        await db.close();
      }
    },
  );
});
