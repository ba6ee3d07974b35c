import { sql } from 'drizzle-orm';

import {
  MESSAGE_EMAIL_DELAY_MINUTES,
  NOTIFICATION_KINDS,
  type NoticeKind,
} from '@arena/shared/notification.schema';

import { type Database, type Executor, selectRows } from '../../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { digestMail, DIGEST_LISTED, noticeMail } from './notice-mail.ts';
import { hrefOf, sentenceOf } from './notification-text.ts';
import type { NotificationPreferencesRepository } from './notification-preferences.repository.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import type { PushPayload, PushSender } from './push-sender.ts';
import { signUnsubscribe } from './unsubscribe-token.ts';

/** How long a message waits unread before its push, and its email, go. */
export interface MessageNoticeDelays {
  pushSeconds: number;
  emailSeconds: number;
}
const MESSAGE_NOTICE_DELAYS: MessageNoticeDelays = {
  pushSeconds: 60,
  emailSeconds: MESSAGE_EMAIL_DELAY_MINUTES * 60,
};
/** The daily digest's hour (UTC). */
const DIGEST_CRON = '0 7 * * *';
/**
 * Once a minute, entries still waiting for a delivery two minutes after it was due get a job
 * again (at most one each in five minutes): their own was lost in a crash. A late job that
 * still comes finds the delivery taken and does nothing.
 */
const DELIVERY_SWEEP_CRON = '* * * * *';
const OVERDUE_SECONDS = 120;
const OVERDUE_BATCH = 500;

/**
 * The jobs that take a notification out of the app: an entry's email and push once its gathering
 * window closes, a message's notice while it stays unread, and the daily digest. Each reads the
 * member's choices when it runs, so a change in Settings applies to what is still queued.
 */
export async function startNoticeDelivery(deps: {
  db: Database;
  jobs: JobQueue;
  mail: MailQueue;
  repo: NotificationsRepository;
  preferences: NotificationPreferencesRepository;
  push: PushSender;
  publicUrl: string;
  unsubscribeSecret: string;
}) {
  const { db, jobs, mail, repo, preferences, push, publicUrl, unsubscribeSecret } = deps;

  const notice = mail.define(
    'notice',
    async (data: { profileId: string; kind: NoticeKind; sentence: string; url: string }) => {
      const contact = await preferences.contact(data.profileId);
      if (!contact) return null;
      // Read again as the mail goes: a member who turned it off meanwhile gets nothing.
      if ((await preferences.get(data.profileId))[data.kind].email === 'off') return null;
      return noticeMail({
        to: contact.email,
        publicUrl,
        kind: data.kind,
        sentence: data.sentence,
        url: data.url,
        unsubscribeToken: signUnsubscribe(unsubscribeSecret, {
          profileId: data.profileId,
          kind: data.kind,
          email: contact.email,
        }),
      });
    },
  );

  const digest = mail.define('digest', async (data: { profileId: string }) => {
    const contact = await preferences.contact(data.profileId);
    if (!contact) return null;
    const chosen = await preferences.get(data.profileId);
    const daily = NOTIFICATION_KINDS.filter((kind) => chosen[kind].email === 'daily');
    // Messages first: who wrote (never what), for those who get messages daily.
    const messages =
      chosen.message.email === 'daily' ? await repo.takeMessageDigest(data.profileId) : [];
    const rows = await repo.takeDigest(data.profileId, daily, DIGEST_LISTED + 1);
    const entries = [
      ...messages.map((row) => ({
        sentence:
          row.count === 1
            ? `${row.sender} sent you a message`
            : `${row.sender} sent you ${row.count} messages`,
        url: `/messages?user=${encodeURIComponent(row.username)}`,
      })),
      ...rows.map((row) => ({ sentence: sentenceOf(row), url: hrefOf(row) })),
    ];
    if (entries.length === 0) return null;
    return digestMail({
      to: contact.email,
      publicUrl,
      entries,
      unsubscribeToken: signUnsubscribe(unsubscribeSecret, {
        profileId: data.profileId,
        kind: 'daily',
        email: contact.email,
      }),
    });
  });

  jobs.work('notification-delivery', async (data) => {
    const { id } = data as { id: string };
    const taken = await repo.takeDelivery(id);
    if (!taken) return;
    const { recipientId, row } = taken;
    const chosen = (await preferences.get(recipientId))[row.kind];
    const sentence = sentenceOf(row);
    const url = hrefOf(row);
    const version = new Date(row.updatedAt).getTime();
    if (chosen.email === 'immediate') {
      await notice(
        { profileId: recipientId, kind: row.kind, sentence, url },
        { key: `notice:${id}:${version}` },
      );
    }
    if (chosen.push) {
      const payload: PushPayload = {
        title: 'Arena',
        body: sentence,
        url,
        tag: `${row.kind}:${id}`,
      };
      await jobs.send(null, 'push', { profileId: recipientId, payload });
    }
  });

  jobs.work('notification-delivery-sweep', () => queueOverdueDeliveries(repo, jobs));
  await jobs.schedule('notification-delivery-sweep', DELIVERY_SWEEP_CRON);

  jobs.work('push', async (data) => {
    const { profileId, payload } = data as { profileId: string; payload: PushPayload };
    await push.sendToProfile(profileId, payload);
  });

  jobs.work('message-notice', async (data) => {
    const { messageId, recipientId, channel } = data as {
      messageId: string;
      recipientId: string;
      channel: 'email' | 'push';
    };
    // The conversation's newest message still unread by the recipient: the job stands for every
    // message of its window (queueMessageNotice), not only the one that queued it.
    const [message] = await selectRows<{ sender: string }>(
      db,
      sql`SELECT p.full_name AS sender FROM messages m
        JOIN profiles p ON p.id = m.sender_id
        WHERE m.conversation_id = (SELECT conversation_id FROM messages WHERE id = ${messageId})
          AND m.sender_id <> ${recipientId}::uuid AND NOT m.read
        ORDER BY m.created_at DESC LIMIT 1`,
    );
    // All read meanwhile (or gone): nothing to tell.
    if (!message) return;
    const chosen = (await preferences.get(recipientId)).message;
    const sentence = `${message.sender} sent you a message`;
    // 'daily': the digest carries it (who wrote, with how many), if it is still unread then.
    if (channel === 'email' && chosen.email === 'immediate') {
      await notice(
        { profileId: recipientId, kind: 'message', sentence, url: '/messages' },
        { key: `message:${messageId}` },
      );
    }
    if (channel === 'push' && chosen.push) {
      await push.sendToProfile(recipientId, {
        title: 'Arena',
        body: sentence,
        url: '/messages',
        tag: `message:${recipientId}`,
      });
    }
  });

  jobs.work('digest-sweep', async () => {
    const day = new Date().toISOString().slice(0, 10);
    for (const profileId of await repo.digestRecipients()) {
      await digest({ profileId }, { key: `digest:${profileId}:${day}` });
    }
  });
  await jobs.schedule('digest-sweep', DIGEST_CRON);
}

/** The delivery sweep's work: a job again for each entry overdue for its delivery. */
export async function queueOverdueDeliveries(
  repo: Pick<NotificationsRepository, 'overdueDeliveries'>,
  jobs: Pick<JobQueue, 'sendAll'>,
) {
  const ids = await repo.overdueDeliveries(OVERDUE_SECONDS, OVERDUE_BATCH);
  if (ids.length === 0) return;
  await jobs.sendAll(
    null,
    'notification-delivery',
    ids.map((id) => ({
      data: { id },
      options: { key: `delivery:${id}`, throttleSeconds: 5 * 60 },
    })),
  );
}

/**
 * Queues a message's email and push for its recipient, in the message's transaction, as one
 * statement: each runs later and tells only if something in the conversation is still unread.
 * One of each per conversation and recipient in each window as long as its delay: the rest of a
 * burst adds none (a burst across a window's edge gets two).
 */
export async function queueMessageNotice(
  jobs: JobQueue,
  tx: Executor,
  message: { id: string; recipientId: string; conversationId: string },
  delays: MessageNoticeDelays = MESSAGE_NOTICE_DELAYS,
) {
  const now = Date.now();
  const notice = (channel: 'push' | 'email', seconds: number) => ({
    data: { messageId: message.id, recipientId: message.recipientId, channel },
    options: {
      key: `${channel}:${message.conversationId}:${message.recipientId}`,
      startAfter: new Date(now + seconds * 1000),
      throttleSeconds: seconds,
    },
  });
  await jobs.sendAll(tx, 'message-notice', [
    notice('push', delays.pushSeconds),
    notice('email', delays.emailSeconds),
  ]);
}
