import pg from 'pg';

import { PreparingClient } from '@arena/server/src/db/prepared-statements.ts';
import { createPostsRepository } from '@arena/server/src/modules/posts/posts.repository.ts';
import { LIMITS } from '@arena/shared/limits';

import { captureSql, type Statement } from './capture.ts';
import type { BenchUser } from './sample.ts';
import { percentile } from './stats.ts';

/** The two queries of a member's first feed page, as the server's repository writes them. */
export function feedSql(user: BenchUser): Promise<Statement[]> {
  return captureSql((db) => {
    const posts = createPostsRepository(db);
    return Promise.all([
      posts.listPosts(user.profileId, {}, null, LIMITS.feedPosts),
      posts.listReposts(user.profileId, { followedBy: user.profileId }, null, LIMITS.feedReposts),
    ]);
  });
}

export interface RawResult {
  requests: number;
  perSecond: number;
  p50: number;
  p975: number;
  p99: number;
  max: number;
  errors: number;
}

/**
 * The feed's queries straight through `pg`, with as many concurrent clients as the HTTP run
 * had connections and the server's pool size: what the database alone can do, to compare the
 * API against.
 */
export async function runRawFeed(options: {
  databaseUrl: string;
  users: BenchUser[];
  concurrency: number;
  poolSize: number;
  durationSeconds: number;
  warmupSeconds: number;
}): Promise<RawResult> {
  // The server's own client class: the same statements, prepared the same way.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize,
    Client: PreparingClient,
  });
  try {
    const statements = await Promise.all(options.users.map(feedSql));
    let k = 0;
    let errors = 0;
    const run = async (until: number, latencies: number[] | null) => {
      while (performance.now() < until) {
        const pair = statements[k++ % statements.length] as Statement[];
        const started = performance.now();
        try {
          await Promise.all(pair.map((s) => pool.query(s.text, s.params)));
          latencies?.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    };
    const loop = (seconds: number, latencies: number[] | null) => {
      const until = performance.now() + seconds * 1000;
      return Promise.all(Array.from({ length: options.concurrency }, () => run(until, latencies)));
    };
    if (options.warmupSeconds > 0) await loop(options.warmupSeconds, null);
    const latencies: number[] = [];
    const started = performance.now();
    await loop(options.durationSeconds, latencies);
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      perSecond: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p975: percentile(latencies, 97.5),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
      errors,
    };
  } finally {
    await pool.end();
  }
}
