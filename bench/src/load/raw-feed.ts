import pg from 'pg';

import { PreparingClient } from '@arena/server/src/db/prepared-statements.ts';
import { createPostsRepository } from '@arena/server/src/modules/posts/posts.repository.ts';

import { captureSql, type Statement } from './capture.ts';
import type { BenchUser } from './sample.ts';
import { percentile } from './stats.ts';

/** The statement of a member's first feed page, as the server's repository writes it. */
export function feedSql(user: BenchUser): Promise<Statement[]> {
  return captureSql((db) =>
    createPostsRepository(db).listPage(user.profileId, { feedOf: user.profileId }, null),
  );
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

export interface RawFeed {
  /** `concurrency` clients in a closed loop for `seconds`; results only when `measure`. */
  run(seconds: number, measure: boolean): Promise<RawResult>;
  close(): Promise<void>;
}

/**
 * The feed's queries straight through `pg`, with as many concurrent clients as the HTTP run
 * had connections and the server's pool size: what the database alone can do, to compare the
 * API against.
 */
export async function rawFeed(options: {
  databaseUrl: string;
  users: BenchUser[];
  concurrency: number;
  poolSize: number;
}): Promise<RawFeed> {
  // The server's own client class: the same statements, prepared the same way.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize,
    Client: PreparingClient,
  });
  const statements = await Promise.all(options.users.map(feedSql));
  let k = 0;
  return {
    async run(seconds, measure) {
      let errors = 0;
      const latencies: number[] = [];
      const until = performance.now() + seconds * 1000;
      const started = performance.now();
      const client = async () => {
        while (performance.now() < until) {
          const pair = statements[k++ % statements.length] as Statement[];
          const begun = performance.now();
          try {
            await Promise.all(pair.map((s) => pool.query(s.text, s.params)));
            if (measure) latencies.push(performance.now() - begun);
          } catch {
            errors++;
          }
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, client));
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      return {
        requests: latencies.length,
        perSecond: latencies.length / elapsed,
        p50: percentile(latencies, 50),
        p975: percentile(latencies, 97.5),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? 0,
        errors,
      };
    },
    close: () => pool.end(),
  };
}
