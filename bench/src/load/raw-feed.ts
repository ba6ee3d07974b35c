import pg from 'pg';

import { PreparingClient } from '@arena/server/src/db/prepared-statements.ts';
import { createPostsRepository } from '@arena/server/src/modules/posts/posts.repository.ts';

import { captureSql, type Statement } from './capture.ts';
import type { CpuCost } from './cpu.ts';
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

/** One closed-loop run: each page's time, how long the run took, the pages that failed. */
export interface RawRun {
  latencies: number[];
  seconds: number;
  errors: number;
}

export interface RawFeed {
  /** `concurrency` clients in a closed loop for `seconds`; latencies only when `measure`. */
  run(seconds: number, measure: boolean): Promise<RawRun>;
  close(): Promise<void>;
}

/** Several runs as one: their pages over their time, their latencies together. */
function summarizeRaw(runs: RawRun[]): RawResult {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    requests: latencies.length,
    perSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50: percentile(latencies, 50),
    p975: percentile(latencies, 97.5),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
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
      return { latencies, seconds: (performance.now() - started) / 1000, errors };
    },
    close: () => pool.end(),
  };
}

/** What `measure` gives for a piece of work: its result, the load when it began, its CPU. */
interface Measured<T> {
  result: T;
  load1: number;
  cpu: CpuCost;
}

/**
 * The API's run with the raw runs on both sides of it, half the measured time each (A-B-A):
 * the statement straight through `pg` before and after the API's pages, taken together. On a
 * shared machine a run's speed drifts from minute to minute (by a fifth here between two
 * runs of the same code); a raw run only after the API's, as before, put all of that drift on
 * one side of the ratio.
 */
export async function rawAroundApi<T>(options: {
  feed: RawFeed;
  warmupSeconds: number;
  durationSeconds: number;
  measure: <R>(work: () => Promise<R>) => Promise<Measured<R>>;
  api: () => Promise<T>;
}): Promise<{
  api: T;
  raw: { result: RawResult; runs: RawResult[]; load1: number; cpu: CpuCost };
}> {
  const { feed, measure } = options;
  const half = options.durationSeconds / 2;
  if (options.warmupSeconds > 0) await feed.run(options.warmupSeconds, false);
  const before = await measure(() => feed.run(half, true));
  const api = await options.api();
  const after = await measure(() => feed.run(half, true));
  const sum = (pick: (cpu: CpuCost) => number | null) => {
    const [a, b] = [pick(before.cpu), pick(after.cpu)];
    return a === null || b === null ? null : a + b;
  };
  return {
    api,
    raw: {
      result: summarizeRaw([before.result, after.result]),
      runs: [summarizeRaw([before.result]), summarizeRaw([after.result])],
      load1: before.load1,
      cpu: {
        serverMs: sum((cpu) => cpu.serverMs),
        databaseMs: sum((cpu) => cpu.databaseMs),
        benchMs: before.cpu.benchMs + after.cpu.benchMs,
      },
    },
  };
}
