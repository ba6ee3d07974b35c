import { sql } from 'drizzle-orm';

import { selectRows } from '../src/db/database.ts';
import type { TestContext } from './harness.ts';

/**
 * Waits until the upload's video job has settled it (ready or failed): the server runs its job
 * queue in tests as in production. Answers the state it ended in.
 */
export async function videoSettled(context: TestContext, fileId: string, withinMs = 90_000) {
  for (const started = Date.now(); Date.now() - started < withinMs;) {
    const [row] = await selectRows<{ status: string | null }>(
      context.database.db,
      sql`SELECT video_status AS status FROM stored_files WHERE id = ${fileId}::uuid`,
    );
    if (row?.status !== 'processing') return row?.status ?? 'gone';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the video ${fileId} was still processing after ${withinMs} ms`);
}

/** Waits until the upload's `video` job has run to its end (pg-boss's own table). */
export async function videoJobDone(context: TestContext, fileId: string, withinMs = 90_000) {
  for (const started = Date.now(); Date.now() - started < withinMs;) {
    const rows = await selectRows<{ state: string }>(
      context.database.db,
      sql`SELECT state FROM pgboss.job WHERE name = 'video' AND singleton_key = ${fileId}`,
    );
    if (rows.length > 0 && rows.every((row) => row.state === 'completed')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the video job of ${fileId} had not completed after ${withinMs} ms`);
}
