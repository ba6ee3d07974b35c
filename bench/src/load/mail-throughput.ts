import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

import { causeOf } from './notifications.ts';
import { ipFor } from './sessions.ts';
import { percentile } from './stats.ts';

export interface MailThroughputOptions {
  url: string;
  /** Seeded members' addresses: one reset request each. */
  emails: string[];
  /** The server's outbox (DATA_DIR/outbox): it runs without SMTP_URL. */
  outboxDir: string;
  concurrency: number;
  /** Give up waiting for the outbox after this long. */
  timeoutMs: number;
  /** Delete the .eml files this run caused (only when the bench started the server). */
  cleanUp: boolean;
}

export interface MailThroughputResult {
  requested: number;
  /** Answered 202. */
  accepted: number;
  statuses: Record<string, number>;
  requestP50: number;
  requestP99: number;
  /** Seconds from the first request until every request was answered. */
  requestSeconds: number;
  /** New .eml files in the outbox when the count reached `accepted`, or when the wait ran out. */
  written: number;
  /** Seconds from the first request to the last of them. */
  seconds: number;
  /** Seconds from the last request's answer to the last mail: the queue draining alone. */
  drainSeconds: number;
  perSecond: number;
  /** Mails still to write when the last request was answered: the queue's backlog. */
  backlog: number;
  /** The backlog over the drain: the queue's own rate, with no requests beside it. */
  drainPerSecond: number;
}

async function emlFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Email throughput through the server's real path: "forgot password" requests for seeded
 * members' addresses (each one request; the per-address limit of 3 an hour is never relaxed),
 * each queued as a `mail` job, composed in the job (account lookup, a signed single-use link,
 * nodemailer) and written to the outbox. Timed until the outbox holds a new file per request.
 */
export async function runMailThroughput(
  options: MailThroughputOptions,
): Promise<MailThroughputResult> {
  const before = new Set(await emlFiles(options.outboxDir));
  const fresh = async () => (await emlFiles(options.outboxDir)).filter((name) => !before.has(name));

  const started = performance.now();
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < options.emails.length) {
      const index = next++;
      const at = performance.now();
      try {
        const response = await fetch(`${options.url}/api/auth/password-reset/request`, {
          method: 'POST',
          // One client address per member, as for the other scenarios (the per-IP limit is relaxed).
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': ipFor(300_000 + index),
          },
          body: JSON.stringify({ email: options.emails[index] }),
        });
        await response.arrayBuffer();
        if (response.status === 202) times.push(performance.now() - at);
        else statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      } catch (error) {
        const key = `0 ${causeOf(error)}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const answered = performance.now();
  const backlog = times.length - (await fresh()).length;

  const deadline = answered + options.timeoutMs;
  let written = await fresh();
  let last = performance.now();
  while (written.length < times.length && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await fresh();
    if (now.length > written.length) last = performance.now();
    written = now;
  }
  if (options.cleanUp) {
    await Promise.all(
      written.map((name) => rm(path.join(options.outboxDir, name), { force: true })),
    );
  }
  times.sort((x, y) => x - y);
  const seconds = (last - started) / 1000;
  const drainSeconds = Math.max(0, (last - answered) / 1000);
  return {
    requested: options.emails.length,
    accepted: times.length,
    statuses,
    requestP50: percentile(times, 50),
    requestP99: percentile(times, 99),
    requestSeconds: (answered - started) / 1000,
    written: written.length,
    seconds,
    drainSeconds,
    perSecond: seconds > 0 ? written.length / seconds : 0,
    backlog,
    drainPerSecond: drainSeconds > 0 && written.length >= times.length ? backlog / drainSeconds : 0,
  };
}
