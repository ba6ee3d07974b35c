import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseKinds, freshDatabase } from '../../../test/harness.ts';
import { type DatabaseHandle, selectRows } from '../../db/database.ts';
import { type JobQueue, startJobQueue } from '../jobs/job-queue.ts';
import type { SavedSearchesRepository } from './saved-searches.repository.ts';
import { startScoutAlerts } from './scout-alerts.ts';

const quiet = { error: () => undefined, warn: () => undefined };

describe.each(databaseKinds)('the saved searches’ sweep [%s]', (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let jobs: JobQueue;
  const handlers = new Map<string, () => Promise<void>>();

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind));
    jobs = await startJobQueue({ connection: database.connection, db: database.db, log: quiet });
  });
  afterAll(async () => {
    await jobs.stop();
    await drop();
  });

  it('queues one look a search while an earlier one waits, however often it sweeps', async () => {
    const searchId = '5a1d5e7e-0000-4000-8000-000000000001';
    // The real queue, with the handlers kept here instead of run by workers: the looks stay
    // queued, as they would behind a backlog, while the sweep runs again.
    await startScoutAlerts({
      db: database.db,
      jobs: {
        ...jobs,
        work: (queue, handler) => {
          handlers.set(queue, () => handler({}, { id: 'test' }));
        },
      },
      repo: { due: async () => [searchId] } as unknown as SavedSearchesRepository,
      notifications: { record: async () => null, announce: async () => undefined },
      verifiedOrAdmin: async () => true,
      intervalSeconds: 86_400,
    });
    const sweep = handlers.get('scout-alert-sweep');
    expect(sweep).toBeDefined();
    for (let i = 0; i < 3; i += 1) await sweep?.();

    const rows = await selectRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job
           WHERE name = 'scout-alert' AND singleton_key = ${`scout-alert:${searchId}`}`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
