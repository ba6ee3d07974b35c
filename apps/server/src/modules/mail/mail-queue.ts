import { sql } from 'drizzle-orm';

import { type Executor, selectRows } from '../../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailMessage, Mailer } from './mailer.ts';

export interface MailQueueLog {
  info(details: object, message: string): void;
}

/** Queues a mail of one purpose; `tx` queues it with the caller's transaction. */
type SendMail<D extends object> = (data: D, options?: MailOptions) => Promise<void>;

interface MailOptions {
  /** The caller's transaction: the mail goes if, and only if, it commits. */
  tx?: Executor;
  /**
   * The mail's idempotency key: a mail with a key already sent is not sent again (a digest of
   * one member and day, a notice of one change). Without one, each job is its own mail.
   */
  key?: string;
}

export interface MailQueue {
  /**
   * A kind of mail: `compose` runs in the job, after the reply has gone (so the caller's answer
   * and timing never depend on it), and may look the account up and mint a link; it returns null
   * when there is nothing to send. The data is what the job row keeps: ids and addresses, never
   * a link or a secret.
   */
  define<D extends object>(
    purpose: string,
    compose: (data: D) => Promise<MailMessage | null>,
  ): SendMail<D>;
}

interface MailJob {
  purpose: string;
  data: object;
  key?: string;
}

/**
 * Every mail goes through the durable job queue (the `mail` queue): a crash loses none, a failure
 * is retried with backoff, and one that fails every try is left `failed` for an admin. A mail's
 * key is written to `sent_mails` once the transport took it, and a job whose key is there sends
 * nothing: a retry after a crash between the two repeats at most that one mail.
 */
export function createMailQueue(deps: {
  jobs: JobQueue;
  mailer: Mailer;
  db: Executor;
  log: MailQueueLog;
}): MailQueue {
  const { jobs, mailer, db, log } = deps;
  const composers = new Map<string, (data: object) => Promise<MailMessage | null>>();

  jobs.work('mail', async (raw, job) => {
    const { purpose, data, key: given } = raw as MailJob;
    const compose = composers.get(purpose);
    if (!compose) throw new Error(`No mail is defined for "${purpose}"`);
    const key = given ?? `job:${job.id}`;
    const [sent] = await selectRows<{ key: string }>(
      db,
      sql`SELECT key FROM sent_mails WHERE key = ${key}`,
    );
    if (sent) {
      log.info({ purpose, key }, 'mail already sent; not again');
      return;
    }
    const message = await compose(data);
    if (!message) return;
    await mailer.send(message);
    await db.execute(
      sql`INSERT INTO sent_mails (key, purpose) VALUES (${key}, ${purpose}) ON CONFLICT DO NOTHING`,
    );
  });

  return {
    define<D extends object>(
      purpose: string,
      compose: (data: D) => Promise<MailMessage | null>,
    ): SendMail<D> {
      if (composers.has(purpose)) throw new Error(`The mail "${purpose}" is defined twice`);
      composers.set(purpose, compose as (data: object) => Promise<MailMessage | null>);
      return async (data, options = {}) => {
        const job: MailJob = { purpose, data, ...(options.key ? { key: options.key } : {}) };
        await jobs.send(options.tx ?? null, 'mail', job, options.key ? { key: options.key } : {});
      };
    },
  };
}
