import {
  NOTIFICATION_FILTER_KINDS,
  type NotificationFilter,
  type NotificationPage,
  type NotificationSettings,
  type UpdateNoticePreferences,
} from '@arena/shared/notification.schema';
import { mentionedUsernames } from '@arena/shared/mentions';
import { MESSAGES } from '@arena/shared/messages';

import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { toNotification } from './notification-text.ts';
import type { NotificationPreferencesRepository } from './notification-preferences.repository.ts';
import type { EntryDraft } from './notification-entries.sql.ts';
import type {
  NotificationEvent,
  NotificationsRepository,
  RecordedNotification,
} from './notifications.repository.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** Social activity gathers for this long before its email or push goes; decisions go at once. */
const GATHER_SECONDS: Record<NotificationEvent['kind'], number> = {
  follow: 30,
  like: 30,
  repost: 30,
  comment: 10,
  mention: 0,
  application: 0,
  verification: 0,
  application_update: 0,
  // An offer is often edited a few times in a row: one notice for them.
  offer_update: 60,
  moderation: 0,
  // A saved search's matches are recorded together, once a day at most.
  scout_alert: 0,
  // A popular camp fills in bursts: one notice for them.
  camp_registration: 30,
  camp_cancellation: 30,
  camp_update: 0,
  video: 0,
};

export type Happening = Omit<NotificationEvent, 'deliverAfterSeconds'>;

/**
 * The notification list and its writes. Other modules call `record` inside the transaction of
 * the action itself (a like that is stored always notifies; one rolled back never does), then
 * `announce` once it committed, which moves the bell of whoever was notified.
 */
export function createNotificationsService(deps: {
  repo: NotificationsRepository;
  preferences: NotificationPreferencesRepository;
  bus: EventBus;
  jobs: JobQueue;
  vapidPublicKey: string;
}) {
  const { repo, preferences, bus, jobs } = deps;

  async function announce(recipientIds: Iterable<string | null | undefined>) {
    for (const id of new Set(recipientIds)) {
      if (!id) continue;
      // On PostgreSQL the count and its NOTIFY are one statement: one round trip of the six a
      // like took (bench/RESULTS.md, "Notifications (issue 22)").
      if (bus.channel) {
        await repo.publishUnseen(id, bus.channel);
        continue;
      }
      const unseen = await repo.unseenCount(id);
      await bus.publish({ type: 'notifications.changed', topic: `inbox:${id}`, unseen });
    }
  }

  /** Queues the entry's email and push when this change opened its delivery window. */
  async function queueDelivery(ex: Executor | null, recorded: RecordedNotification) {
    if (!recorded.deliveryDue) return;
    await jobs.send(
      ex,
      'notification-delivery',
      { id: recorded.id },
      { startAfter: recorded.deliverAfter },
    );
  }

  /**
   * Writes the happening into the recipient's list in `tx`, and queues its delivery with it
   * when this opened a delivery window. Returns whom to `announce` to after the commit.
   */
  async function record(tx: Executor, happening: Happening): Promise<string | null> {
    const recorded = await repo.record(tx, {
      ...happening,
      deliverAfterSeconds: GATHER_SECONDS[happening.kind],
    });
    if (!recorded) return null;
    await queueDelivery(tx, recorded);
    return recorded.recipientId;
  }

  return {
    record,

    /**
     * For an action that records its entry in its own statement (`upsertEntries`, and
     * `ringBells` when `bellChannel` is set: PostgreSQL's NOTIFY bus, whose bell the same
     * statement can ring). The busiest actions, likes, are one round trip so.
     */
    draft(happening: Omit<Happening, 'recipientId'>): {
      entry: EntryDraft;
      bellChannel: string | null;
    } {
      return {
        entry: { ...happening, deliverAfterSeconds: GATHER_SECONDS[happening.kind] },
        bellChannel: bus.channel ?? null,
      };
    },

    /**
     * After such a statement committed its entry: queues the delivery when it opened a window,
     * and rings the bell unless the statement did. Queued just after the statement rather than
     * in it: a crash in between leaves a window without its job, which the delivery sweep
     * (notice-delivery.ts) finds and queues.
     */
    async recorded(entry: RecordedNotification | null, rang: boolean): Promise<void> {
      if (!entry) return;
      await queueDelivery(null, entry);
      if (!rang) await announce([entry.recipientId]);
    },

    /**
     * Notifies each member the text mentions (`@username`), once per post or comment: the
     * entry's subject is the post or comment itself. Returns whom to announce to.
     */
    async recordMentions(
      tx: Executor,
      mention: { text: string; actorId: string; subjectId: string; in: 'post' | 'comment' },
    ): Promise<string[]> {
      const told: string[] = [];
      const ids = await repo.profileIdsByUsernames(tx, mentionedUsernames(mention.text));
      for (const recipientId of ids) {
        const recorded = await record(tx, {
          recipientId,
          kind: 'mention',
          subjectId: mention.subjectId,
          actorId: mention.actorId,
          detail: mention.in,
        });
        if (recorded) told.push(recorded);
      }
      return told;
    },

    /** An undone happening (an unlike, an unfollow) leaves the open entry. */
    async withdraw(
      tx: Executor,
      happening: Pick<Happening, 'recipientId' | 'kind' | 'subjectId'> & { actorId: string },
    ): Promise<string | null> {
      return (await repo.withdraw(tx, happening)) ? happening.recipientId : null;
    },

    announce,

    async list(
      auth: AuthContext,
      filter: NotificationFilter,
      cursor: string | undefined,
      limit: number,
    ): Promise<NotificationPage> {
      const rows = await repo.list(
        auth.profileId,
        NOTIFICATION_FILTER_KINDS[filter],
        decodeCursor(cursor),
        limit,
      );
      const page = pageOf(rows, limit, (row) => ({
        createdAt: new Date(row.updatedAt),
        id: row.id,
      }));
      return { items: page.items.map(toNotification), nextCursor: page.nextCursor };
    },

    unseen: async (auth: Pick<AuthContext, 'profileId'>) => ({
      unseen: await repo.unseenCount(auth.profileId),
    }),

    /** The list was opened: the bell goes back to nothing, in every tab. */
    async seen(auth: AuthContext) {
      await repo.markAllSeen(auth.profileId);
      await announce([auth.profileId]);
      return { unseen: 0 };
    },

    async read(auth: AuthContext, id: string): Promise<void> {
      if (!(await repo.markRead(auth.profileId, id))) {
        throw new AppError('not_found', MESSAGES.notifications.notFound);
      }
      await announce([auth.profileId]);
    },

    async readAll(auth: AuthContext): Promise<void> {
      await repo.markAllRead(auth.profileId);
      await announce([auth.profileId]);
    },

    async settings(auth: AuthContext): Promise<NotificationSettings> {
      return {
        preferences: await preferences.get(auth.profileId),
        vapidPublicKey: deps.vapidPublicKey,
      };
    },

    async updateSettings(
      auth: AuthContext,
      change: UpdateNoticePreferences,
    ): Promise<NotificationSettings> {
      return {
        preferences: await preferences.update(auth.profileId, change),
        vapidPublicKey: deps.vapidPublicKey,
      };
    },
  };
}
