import { sql } from 'drizzle-orm';
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type JobResult,
  PgBoss,
  type PGliteLike,
} from 'pg-boss';

import { type Executor, selectRows } from '../../db/database.ts';

/**
 * The durable job queue: pg-boss, on PostgreSQL through its own pool and on the embedded
 * database through PGlite (pg-boss's `pglite` backend), so both run the same library, the same
 * tables and the same retries (docs/decisions/0039-…). A job is a row: it survives a crash, is
 * retried with backoff, and one that used up its tries stays `failed` for an admin to see and
 * retry. Instances sharing a database share the queue; pg-boss hands each job to one worker.
 */

/** Every queue Arena has, and how hard each tries. */
const QUEUES = {
  /** Every outgoing mail: confirmation, reset, notices, digests. */
  mail: { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 3600 },
  /** An entry of the notification list that changed: its email and push, if wanted now. */
  'notification-delivery': { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  /** Every minute: entries overdue for their delivery, whose job a crash lost. */
  'notification-delivery-sweep': { retryLimit: 1, retryDelay: 60 },
  /** A push to one member's browsers. */
  push: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
  /** A message still unread after a while: its email or push. */
  'message-notice': { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** Once a day: whom a digest is due to; then one job per member. */
  'digest-sweep': { retryLimit: 3, retryDelay: 300, retryBackoff: true },
  digest: { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600 },
  /** Every 15 minutes, and soon after a CV changes: which saved searches are due a look. */
  'scout-alert-sweep': { retryLimit: 3, retryDelay: 60, retryBackoff: true },
  /** One saved search's look for athletes who newly match it, and its alert. */
  'scout-alert': { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600 },
  /**
   * An uploaded video to make playable (decision 0051). A file ffmpeg cannot read is marked
   * failed by the job itself; a retry is for a crash or storage that did not answer. A job still
   * active after its ffmpeg's 10 minutes, the poster and the upload is taken as lost and retried.
   */
  video: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 },
} as const;
type QueueName = keyof typeof QUEUES;

interface SendOptions {
  /**
   * The job's key (pg-boss's singleton key): mail takes it as its idempotency key. Alone it does
   * not keep a second job of the same key out: `throttleSeconds` does.
   */
  key?: string;
  /** Not before this time. */
  startAfter?: Date;
  /**
   * With `key`: at most one job of this key in each window of this many seconds (windows follow
   * the clock, from the epoch); a second one in the same window is not queued.
   */
  throttleSeconds?: number;
}

/** pg-boss's options for one job. */
function jobOptions({ key, startAfter, throttleSeconds }: SendOptions) {
  return {
    ...(key === undefined ? {} : { singletonKey: key }),
    ...(startAfter === undefined ? {} : { startAfter }),
    ...(throttleSeconds === undefined
      ? {}
      : { singletonSeconds: Math.max(1, Math.ceil(throttleSeconds)) }),
  };
}

interface FailedJobRow {
  id: string;
  queue: QueueName;
  data: unknown;
  attempts: number;
  error: string;
  failedAt: Date;
}

export interface JobQueue {
  /**
   * Queues a job inside the caller's transaction (`tx`): it exists if, and only if, the
   * transaction commits. Without `tx`, it is queued at once.
   */
  send(tx: Executor | null, queue: QueueName, data: object, options?: SendOptions): Promise<void>;
  /** Several jobs of one queue in one statement, as `send` queues each. */
  sendAll(
    tx: Executor | null,
    queue: QueueName,
    jobs: readonly { data: object; options?: SendOptions }[],
  ): Promise<void>;
  /**
   * Runs `handler` for each job of `queue`; a throw retries the job later. `concurrency` is how
   * many of this queue's jobs this instance runs at once (the queue's default otherwise);
   * `pollSeconds`, how often an idle worker looks for a job NOTIFY did not announce.
   */
  work(
    queue: QueueName,
    handler: (data: unknown, job: { id: string }) => Promise<void>,
    options?: { concurrency?: number; pollSeconds?: number },
  ): void;
  /** A job on `queue` on a cron schedule (UTC). */
  schedule(queue: QueueName, cron: string): Promise<void>;
  /** Jobs that used up their tries, newest first. */
  failed(limit: number): Promise<FailedJobRow[]>;
  /** Queues a failed job again; false when there is no such failed job. */
  retry(id: string): Promise<boolean>;
  /** Resolves when no job is queued or running (tests, benchmarks). */
  idle(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

type JobConnection = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGliteLike };

interface JobQueueLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface JobQueueOptions {
  connection: JobConnection;
  /** The same database, for the admin's list of failed jobs and `idle`. */
  db: Executor;
  log: JobQueueLog;
  /** Run workers here (the default). Off for a process that only queues (a CLI). */
  work?: boolean;
  /** How many jobs of one queue this instance runs at once. */
  concurrency?: number;
  /** Every queue's tries and wait instead of its own (tests, to see a job fail in seconds). */
  retries?: { limit: number; delaySeconds: number };
}

/** pg-boss's connection option that puts a statement in the caller's transaction. */
function inTransaction(tx: Executor | null) {
  return tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {};
}

/** Starts pg-boss (creating or migrating its schema, `pgboss`) and the queues. */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { connection, log, db } = options;
  const boss =
    connection.kind === 'postgres'
      ? new PgBoss({ connectionString: connection.url, max: 4, useListenNotify: true })
      : new PgBoss({ db: fromPglite(connection.client), backend: 'pglite', useListenNotify: true });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning: unknown) => log.warn({ warning }, 'job queue warning'));
  await boss.start();
  for (const [name, policy] of Object.entries(QUEUES)) {
    const retries = options.retries
      ? { retryLimit: options.retries.limit, retryDelay: options.retries.delaySeconds }
      : {};
    await boss.createQueue(name, { ...policy, ...retries, notify: true });
  }

  const running = new Set<Promise<unknown>>();
  /** Jobs a worker takes in one fetch. */
  const BATCH = 10;
  // Each worker polls while idle: on the embedded database's one connection, one a queue is
  // enough (a fetch takes up to BATCH jobs); on PostgreSQL two run a queue's jobs side by side.
  const concurrency = options.concurrency ?? (connection.kind === 'pglite' ? 1 : 2);

  return {
    async send(tx, queue, data, options = {}) {
      await boss.send(queue, data, { ...jobOptions(options), ...inTransaction(tx) });
    },

    async sendAll(tx, queue, jobs) {
      await boss.insert(
        queue,
        jobs.map(({ data, options = {} }) => ({ data, ...jobOptions(options) })),
        inTransaction(tx),
      );
    },

    work(queue, handler, { concurrency: queueConcurrency, pollSeconds } = {}) {
      if (options.work === false) return;
      // A queue with its own concurrency takes one job a fetch, so that no job waits behind
      // another of the same batch while a slot is free.
      const batchSize = queueConcurrency === undefined ? BATCH : 1;
      const started = boss.work(
        queue,
        {
          // A worker takes up to BATCH jobs at a time and, while its fetches come back full, fetches
          // again at once. With one job a fetch, each worker waited out the polling interval after
          // every job once NOTIFY had gone quiet: a backlog drained at 4 jobs a second
          // (bench/RESULTS.md, "Notifications (issue 22)").
          batchSize,
          burstWhenBatchFull: true,
          perJobResults: true,
          localConcurrency: queueConcurrency ?? concurrency,
          pollingIntervalSeconds: pollSeconds ?? 0.5,
          // NOTIFY wakes a worker for a new job, not for a retry or a delayed one coming due: those
          // wait up to this long. Less would poll the database more while nothing happens.
          notifyPollingIntervalSeconds: Math.max(2, pollSeconds ?? 0),
        },
        async (batch) => {
          // One after the other, so `concurrency` stays the number of jobs running at once; each
          // job succeeds or fails (and is retried) on its own.
          const results: JobResult[] = [];
          for (const job of batch) {
            const run = handler(job.data, { id: job.id });
            running.add(run);
            try {
              await run;
              results.push({ id: job.id, status: 'completed' });
            } catch (error) {
              log.error({ err: error, queue, job: job.id }, 'a job failed; it will be retried');
              results.push({ id: job.id, status: 'failed', output: { message: messageOf(error) } });
            } finally {
              running.delete(run);
            }
          }
          return results;
        },
      );
      void started.catch((error: unknown) =>
        log.error({ err: error, queue }, 'a job worker could not start'),
      );
    },

    async schedule(queue, cron) {
      await boss.schedule(queue, cron, null, { tz: 'UTC' });
    },

    async failed(limit) {
      // pg-boss's own table (documented, `pgboss.job`): a failed job keeps its data and output.
      const rows = await selectRows<{
        id: string;
        name: QueueName;
        data: unknown;
        retry_count: number;
        output: unknown;
        failed_at: Date | string;
      }>(
        db,
        sql`SELECT id, name, data, retry_count, output, coalesce(completed_on, created_on) AS failed_at
          FROM pgboss.job WHERE state = 'failed'
          ORDER BY coalesce(completed_on, created_on) DESC LIMIT ${limit}`,
      );
      return rows.map((row) => ({
        id: row.id,
        queue: row.name,
        data: row.data,
        attempts: row.retry_count + 1,
        error: errorText(row.output),
        failedAt: new Date(row.failed_at),
      }));
    },

    async retry(id) {
      const [job] = await selectRows<{ name: QueueName }>(
        db,
        sql`SELECT name FROM pgboss.job WHERE id = ${id}::uuid AND state = 'failed'`,
      );
      if (!job) return false;
      await boss.retry(job.name, id);
      return true;
    },

    async idle(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await selectRows<{ waiting: number }>(
          db,
          sql`SELECT count(*)::int AS waiting FROM pgboss.job
            WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
        );
        if ((row?.waiting ?? 0) === 0 && running.size === 0) return;
        if (Date.now() > deadline) throw new Error('The job queue is still busy');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a failed job left as its output: pg-boss stores the thrown error's message there. */
function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) {
    return String(output.message).slice(0, 500);
  }
  return output === null || output === undefined ? '' : JSON.stringify(output).slice(0, 500);
}
