import type { MailQueue } from '../../src/modules/mail/mail-queue.ts';
import type { MailMessage } from '../../src/modules/mail/mailer.ts';

/**
 * A MailQueue that keeps what was queued: `sent()` composes every queued mail as the real queue's
 * job would after the reply, and returns those that would go out (by purpose).
 */
export function memoryMailQueue() {
  const queued: { purpose: string; compose: () => Promise<MailMessage | null> }[] = [];
  const queue: MailQueue & {
    queued: typeof queued;
    sent(): Promise<{ purpose: string; message: MailMessage }[]>;
  } = {
    queued,
    define(purpose, compose) {
      return (data) => {
        queued.push({ purpose, compose: () => compose(data) });
        return Promise.resolve();
      };
    },
    async sent() {
      const out: { purpose: string; message: MailMessage }[] = [];
      for (const job of queued) {
        const message = await job.compose();
        if (message) out.push({ purpose: job.purpose, message });
      }
      return out;
    },
  };
  return queue;
}
