import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseKinds, freshDatabase } from '../../../test/harness.ts';
import { type DatabaseHandle, selectRows } from '../../db/database.ts';
import { type JobQueue, startJobQueue } from './job-queue.ts';

const quiet = { error: () => undefined, warn: () => undefined };

async function until(check: () => boolean, ms = 8000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(databaseKinds)('the job queue [%s]', (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let jobs: JobQueue;
  const seen: string[] = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind));
    jobs = await startJobQueue({
      connection: database.connection,
      db: database.db,
      log: quiet,
      retries: { limit: 1, delaySeconds: 1 },
    });
    jobs.work('push', async (data) => {
      const { name } = data as { name: string };
      if (name.startsWith('fail') && failuresLeft-- > 0) throw new Error(`broken ${name}`);
      seen.push(name);
    });
  });
  afterAll(async () => {
    await jobs.stop();
    await drop();
  });

  it('runs a job queued in a transaction that commits, and never one whose transaction rolled back', async () => {
    await database.db.transaction(async (tx) => {
      await jobs.send(tx, 'push', { name: 'committed' });
    });
    await database.db
      .transaction(async (tx) => {
        await jobs.send(tx, 'push', { name: 'rolled back' });
        throw new Error('the action failed');
      })
      .catch(() => undefined);
    await until(() => seen.includes('committed'));
    await jobs.idle();
    expect(seen).not.toContain('rolled back');
  });

  it('queues several jobs in one statement of a transaction; a throttle keeps a second job of a key out for its window', async () => {
    const queued = async (key: string) => {
      const rows = await selectRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'digest' AND singleton_key = ${key}`,
      );
      return rows[0]?.n ?? 0;
    };
    // Far in the future, so that no worker takes them while they are counted.
    const later = new Date(Date.now() + 3_600_000);
    const throttled = { key: 'burst', startAfter: later, throttleSeconds: 3_600 };
    await database.db.transaction(async (tx) => {
      await jobs.sendAll(tx, 'digest', [
        { data: { n: 1 }, options: throttled },
        { data: { n: 2 }, options: { key: 'other', startAfter: later } },
      ]);
    });
    await jobs.sendAll(null, 'digest', [{ data: { n: 3 }, options: throttled }]);
    await jobs.send(null, 'digest', { n: 4 }, throttled);
    expect(await queued('burst')).toBe(1);
    // A key alone does not keep a second job out.
    await jobs.send(null, 'digest', { n: 5 }, { key: 'other', startAfter: later });
    expect(await queued('other')).toBe(2);

    await database.db
      .transaction(async (tx) => {
        await jobs.sendAll(tx, 'digest', [
          { data: { n: 6 }, options: { key: 'rolled back', startAfter: later } },
        ]);
        throw new Error('the action failed');
      })
      .catch(() => undefined);
    expect(await queued('rolled back')).toBe(0);
  });

  it('retries a failing job, and leaves it failed for an admin once its tries are used up; retry runs it again', async () => {
    failuresLeft = 2; // the first run and its one retry both fail
    await jobs.send(null, 'push', { name: 'fail-twice' });
    let failed: Awaited<ReturnType<JobQueue['failed']>> = [];
    const deadline = Date.now() + 10_000;
    while (failed.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      failed = await jobs.failed(10);
    }
    expect(failed).toEqual([
      expect.objectContaining({ queue: 'push', attempts: 2, error: 'broken fail-twice' }),
    ]);
    expect(seen).not.toContain('fail-twice');

    expect(await jobs.retry(failed[0]!.id)).toBe(true);
    await until(() => seen.includes('fail-twice'));
    expect(await jobs.failed(10)).toEqual([]);
    expect(await jobs.retry('00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('drains a backlog without waiting out the polling interval after each job', async () => {
    // Queued before any worker of the queue exists: no NOTIFY wakes one for these.
    for (let n = 0; n < 60; n++) await jobs.send(null, 'message-notice', { n });
    const done: number[] = [];
    const started = Date.now();
    jobs.work('message-notice', async (data) => {
      done.push((data as { n: number }).n);
    });
    await until(() => done.length >= 60, 20_000);
    // Four workers each sleeping a second after every job took 15 s; fetched ten at a time, with
    // the next fetch at once while fetches come back full, it is well under that.
    expect(Date.now() - started).toBeLessThan(6000);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
  }, 30_000);

  it.runIf(kind === 'postgres')(
    'shares one queue between two instances, each job done once',
    async () => {
      const other = await startJobQueue({
        connection: database.connection,
        db: database.db,
        log: quiet,
      });
      const byOther: string[] = [];
      other.work('digest', async (data) => {
        byOther.push((data as { n: number }).n.toString());
      });
      const byFirst: string[] = [];
      jobs.work('digest', async (data) => {
        byFirst.push((data as { n: number }).n.toString());
      });
      for (let n = 0; n < 60; n++) await jobs.send(null, 'digest', { n });
      await until(() => byFirst.length + byOther.length >= 60, 20_000);
      await jobs.idle();
      await other.stop();
      const all = [...byFirst, ...byOther].sort((a, b) => Number(a) - Number(b));
      expect(all).toEqual(Array.from({ length: 60 }, (_, n) => String(n)));
      const [row] = await selectRows<{ done: number }>(
        database.db,
        sql`SELECT count(*)::int AS done FROM pgboss.job WHERE name = 'digest' AND state = 'completed'`,
      );
      expect(row?.done).toBe(60);
    },
    30_000,
  );
});
