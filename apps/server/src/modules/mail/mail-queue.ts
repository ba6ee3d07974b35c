import type { MailMessage, Mailer } from './mailer.ts';

export interface MailQueueLog {
  error(details: object, message: string): void;
}

export interface MailQueue {
  /**
   * Composes and sends a mail after the reply has gone. `compose` may look the account up and
   * mint a link; it returns null when there is nothing to send (no such account). The caller's
   * answer and its timing are therefore the same whether or not a mail goes out.
   */
  enqueue(purpose: string, compose: () => Promise<MailMessage | null>): void;
  /** Resolves once everything queued so far has been sent or has failed (shutdown, tests). */
  drain(): Promise<void>;
}

export function createMailQueue(mailer: Mailer, log: MailQueueLog): MailQueue {
  const pending = new Set<Promise<void>>();
  return {
    enqueue(purpose, compose) {
      const job = (async () => {
        // Let the reply leave first: the work below never delays it.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const message = await compose();
        if (message) await mailer.send(message);
      })()
        .catch((error: unknown) => log.error({ err: error, purpose }, 'sending a mail failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
