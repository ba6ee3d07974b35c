import { type SQL, sql } from 'drizzle-orm';

import type { NotificationKind } from '@arena/shared/notification.schema';

import { type Database, type Executor, literalLimit, selectRows } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';
import { bell, groupKeyOf, upsertEntries } from './notification-entries.sql.ts';

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/** Something that happened to `recipientId`, by `actorId` (null: an admin's decision). */
export interface NotificationEvent {
  recipientId: string;
  kind: NotificationKind;
  /** The post, comment, offer or request; null for a follow (the subject is the recipient). */
  subjectId: string | null;
  actorId: string | null;
  /**
   * A decision's outcome; for a mention, whether it is in a `post` or a `comment`; for an
   * application's change, its new stage; for an offer's, `changed` or `withdrawn`.
   */
  detail?: string;
  /** The subject's title when the subject itself is going away (a withdrawn offer). */
  subjectTitle?: string;
  /** How long the entry gathers more of the same before its email and push go. */
  deliverAfterSeconds: number;
}

export interface RecordedNotification {
  id: string;
  recipientId: string;
  /** The entry's grouping key: kind and subject. */
  groupKey: string;
  /** True when this event started a delivery window: a delivery job is due. */
  deliveryDue: boolean;
  deliverAfter: Date;
}

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  subjectId: string | null;
  detail: string | null;
  actorCount: number;
  actors: {
    id: string;
    username: string;
    fullName: string;
    avatarUrl: string | null;
    verified: boolean;
    userType: string;
  }[];
  excerpt: string | null;
  /** A comment's post, for a mention in a comment. */
  postId: string | null;
  updatedAt: Date;
  read: boolean;
}

/** The kinds as an SQL array; they come from the shared list, never from a request. */
function kindArray(kinds: readonly NotificationKind[]) {
  return sql.raw(`ARRAY[${kinds.map((kind) => `'${kind}'`).join(', ')}]::text[]`);
}

/** A sender of unread messages, for a daily digest. */
export interface MessageDigestRow {
  username: string;
  sender: string;
  count: number;
}

/**
 * The messages sent to `recipient` that are unread and arrived after `since` (a digest's mark;
 * null: none yet) and within the last 7 days, as a digest looks back no further.
 */
function unreadMessagesSince(recipient: SQL, since: SQL) {
  return sql`SELECT m.sender_id, m.created_at FROM messages m
    JOIN conversations c ON c.id = m.conversation_id
    WHERE (c.user1_id = ${recipient} OR c.user2_id = ${recipient})
      AND m.sender_id <> ${recipient} AND NOT m.read
      AND m.created_at > greatest(coalesce(${since}, '-infinity'::timestamptz),
        now() - interval '7 days')`;
}

/**
 * Takes `actorId` out of the unread entries `where` selects: an entry only they were in goes,
 * the others count one fewer. Two statements, each on its own rows: in one statement the delete
 * would not see the update's new count. Returns how many entries changed.
 */
export async function withdrawActor(ex: Executor, where: SQL, actorId: string): Promise<number> {
  const actor = sql`${actorId}::uuid`;
  const gone = await selectRows<{ id: string }>(
    ex,
    sql`DELETE FROM notifications
      WHERE ${where} AND read_at IS NULL AND ${actor} = ANY(actor_ids) AND actor_count <= 1
      RETURNING id`,
  );
  const left = await selectRows<{ id: string }>(
    ex,
    sql`UPDATE notifications SET actor_ids = array_remove(actor_ids, ${actor}),
        actor_count = actor_count - 1
      WHERE ${where} AND read_at IS NULL AND ${actor} = ANY(actor_ids)
      RETURNING id`,
  );
  return gone.length + left.length;
}

export function createNotificationsRepository(db: Database) {
  /**
   * The entry's columns for the list: the named people in order, and what the subject says
   * (a post's or comment's first words, an offer's title). An entry whose subject is gone
   * (a deleted post) has no subject here, and the list leaves it out.
   */
  const excerpt = sql`CASE
      WHEN n.kind IN ('like', 'repost', 'comment', 'video')
        OR (n.kind = 'mention' AND n.detail = 'post')
        THEN (SELECT left(content, 140) FROM posts WHERE id = n.subject_id)
      WHEN n.kind = 'mention' THEN (SELECT left(content, 140) FROM comments WHERE id = n.subject_id)
      WHEN n.kind = 'application' THEN (SELECT title FROM athlete_offers WHERE id = n.subject_id)
      WHEN n.kind = 'application_update' THEN (SELECT o.title FROM offer_applications a
        JOIN athlete_offers o ON o.id = a.offer_id WHERE a.id = n.subject_id)
      WHEN n.kind = 'offer_update'
        THEN coalesce((SELECT title FROM athlete_offers WHERE id = n.subject_id), n.subject_title)
      WHEN n.kind = 'scout_alert'
        THEN coalesce((SELECT name FROM saved_searches WHERE id = n.subject_id), n.subject_title)
      WHEN n.kind IN ('camp_registration', 'camp_cancellation', 'camp_update')
        THEN coalesce((SELECT title FROM camps WHERE id = n.subject_id), n.subject_title)
    END`;
  /**
   * An entry whose subject still exists (a deleted post's entries are not shown); a withdrawn
   * offer's entry keeps the title it had.
   */
  const live = sql`(n.kind IN ('follow', 'verification', 'moderation') OR ${excerpt} IS NOT NULL)`;
  const listColumns = sql`n.id, n.kind, n.subject_id AS "subjectId", n.detail,
    n.actor_count AS "actorCount", n.updated_at AS "updatedAt", n.read_at IS NOT NULL AS read,
    coalesce((
      SELECT json_agg(json_build_object('id', p.id, 'username', p.username,
        'fullName', p.full_name, 'avatarUrl', p.avatar_url, 'verified', p.verified,
        'userType', p.user_type) ORDER BY array_position(n.actor_ids, p.id))
      FROM profiles p WHERE p.id = ANY(n.actor_ids[1:3])
    ), '[]'::json) AS actors,
    ${excerpt} AS excerpt,
    CASE WHEN n.kind = 'mention' AND n.detail = 'comment'
      THEN (SELECT post_id FROM comments WHERE id = n.subject_id) END AS "postId"`;

  return {
    /**
     * Adds the event to the recipient's open entry of that kind and subject, or opens one: one
     * statement, in the caller's transaction. Nothing is written about one's own action.
     */
    async record(tx: Executor, event: NotificationEvent): Promise<RecordedNotification | null> {
      if (event.actorId !== null && event.actorId === event.recipientId) return null;
      const [row] = await selectRows<RecordedNotification>(
        tx,
        upsertEntries(sql`SELECT ${event.recipientId}::uuid AS recipient_id`, event),
      );
      return row ?? null;
    },

    /**
     * Takes an undone event out of the open entry (an unlike, an unfollow): the person leaves
     * it, and an entry nobody is left in goes. A read entry stays as it was read.
     */
    async withdraw(
      tx: Executor,
      event: Pick<NotificationEvent, 'recipientId' | 'kind' | 'subjectId'> & { actorId: string },
    ): Promise<boolean> {
      const key = groupKeyOf(event.kind, event.subjectId);
      const changed = await withdrawActor(
        tx,
        sql`recipient_id = ${event.recipientId} AND group_key = ${key}`,
        event.actorId,
      );
      return changed > 0;
    },

    async list(
      recipientId: string,
      kinds: readonly NotificationKind[],
      after: Position | null,
      limit: number,
    ): Promise<NotificationRow[]> {
      const before = after
        ? sql`AND (n.updated_at, n.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
        : sql``;
      return selectRows<NotificationRow>(
        db,
        sql`SELECT ${listColumns} FROM notifications n
          WHERE n.recipient_id = ${recipientId} AND n.kind = ANY(${kindArray(kinds)}) AND ${live}
            ${before}
          ORDER BY n.updated_at DESC, n.id DESC
          LIMIT ${literalLimit(limit + 1)}`,
      );
    },

    /** The profiles of these usernames (lower-cased), in `tx`. */
    async profileIdsByUsernames(tx: Executor, usernames: string[]): Promise<string[]> {
      if (usernames.length === 0) return [];
      const rows = await selectRows<{ id: string }>(
        tx,
        sql`SELECT id FROM profiles WHERE lower(username) IN (${sql.join(
          usernames.map((name) => sql`${name}`),
          sql`, `,
        )})`,
      );
      return rows.map((row) => row.id);
    },

    async unseenCount(recipientId: string): Promise<number> {
      const [row] = await selectRows<{ unseen: number }>(
        db,
        sql`SELECT count(*)::int AS unseen FROM notifications
          WHERE recipient_id = ${recipientId} AND unseen`,
      );
      return row?.unseen ?? 0;
    },

    /**
     * Publishes the member's unseen count as `notifications.changed` on their inbox, counted and
     * sent by one statement: NOTIFY on the bus's `channel` (on the same database), the same event
     * `unseenCount` and the bus's `publish` send in two.
     */
    async publishUnseen(recipientId: string, channel: string): Promise<void> {
      const unseen = sql`(SELECT count(*)::int FROM notifications
        WHERE recipient_id = ${recipientId} AND unseen)`;
      await db.execute(sql`SELECT ${bell(channel, sql`${recipientId}::text`, unseen)}`);
    },

    async markAllSeen(recipientId: string): Promise<void> {
      await db.execute(
        sql`UPDATE notifications SET unseen = false WHERE recipient_id = ${recipientId} AND unseen`,
      );
    },

    /** False when the recipient has no such entry. */
    async markRead(recipientId: string, id: string): Promise<boolean> {
      const rows = await selectRows<{ id: string }>(
        db,
        sql`UPDATE notifications SET read_at = coalesce(read_at, now()), unseen = false,
            deliver_after = NULL
          WHERE id = ${id} AND recipient_id = ${recipientId} RETURNING id`,
      );
      return rows.length > 0;
    },

    async markAllRead(recipientId: string): Promise<void> {
      await db.execute(
        sql`UPDATE notifications SET read_at = now(), unseen = false, deliver_after = NULL
          WHERE recipient_id = ${recipientId} AND read_at IS NULL`,
      );
    },

    /**
     * Entries whose delivery is overdue by `graceSeconds`: each had its job queued when its
     * window opened, and the job takes the delivery at once when due; one still waiting lost it
     * (a crash between a like's statement and its job).
     */
    async overdueDeliveries(graceSeconds: number, limit: number): Promise<string[]> {
      const rows = await selectRows<{ id: string }>(
        db,
        sql`SELECT id FROM notifications
          WHERE deliver_after < now() - make_interval(secs => ${graceSeconds})
            AND read_at IS NULL
          ORDER BY deliver_after LIMIT ${literalLimit(limit)}`,
      );
      return rows.map((row) => row.id);
    },

    /**
     * Takes an entry's due delivery, once: the window is closed and the entry as it stands now
     * is what the email or push says. Null when it was read, delivered or removed meanwhile.
     */
    async takeDelivery(id: string): Promise<{ recipientId: string; row: NotificationRow } | null> {
      return db.transaction(async (tx) => {
        const [taken] = await selectRows<{ recipientId: string }>(
          tx,
          sql`UPDATE notifications SET deliver_after = NULL
            WHERE id = ${id} AND deliver_after IS NOT NULL AND read_at IS NULL
            RETURNING recipient_id AS "recipientId"`,
        );
        if (!taken) return null;
        const [row] = await selectRows<NotificationRow>(
          tx,
          sql`SELECT ${listColumns} FROM notifications n WHERE n.id = ${id}`,
        );
        return row ? { recipientId: taken.recipientId, row } : null;
      });
    },

    /**
     * Members with something unread that no digest has carried since it changed: an entry, or
     * (for those who get messages daily) a message received since their last digest.
     */
    async digestRecipients(): Promise<string[]> {
      const rows = await selectRows<{ id: string }>(
        db,
        sql`SELECT recipient_id AS id FROM notifications
          WHERE read_at IS NULL AND (digested_at IS NULL OR updated_at > digested_at)
            AND updated_at > now() - interval '7 days'
          UNION
          SELECT np.profile_id AS id FROM notification_preferences np
          WHERE np.kind = 'message' AND np.email = 'daily'
            AND EXISTS (${unreadMessagesSince(sql`np.profile_id`, sql`np.digested_at`)})`,
      );
      return rows.map((row) => row.id);
    },

    /**
     * Who sent the member messages still unread that no digest has carried (each sender once,
     * with how many), newest first; marked as carried. Never the messages' text.
     */
    async takeMessageDigest(recipientId: string): Promise<MessageDigestRow[]> {
      return db.transaction(async (tx) => {
        const [mark] = await selectRows<{ since: Date | string | null }>(
          tx,
          sql`SELECT digested_at AS since FROM notification_preferences
            WHERE profile_id = ${recipientId} AND kind = 'message' FOR UPDATE`,
        );
        const since = mark?.since ? new Date(mark.since).toISOString() : null;
        const rows = await selectRows<MessageDigestRow>(
          tx,
          sql`SELECT p.username, p.full_name AS sender, count(*)::int AS count
            FROM (${unreadMessagesSince(sql`${recipientId}::uuid`, sql`${since}::timestamptz`)}) m
            JOIN profiles p ON p.id = m.sender_id
            GROUP BY p.id, p.username, p.full_name
            ORDER BY max(m.created_at) DESC, p.id`,
        );
        await tx.execute(
          sql`UPDATE notification_preferences SET digested_at = now()
            WHERE profile_id = ${recipientId} AND kind = 'message'`,
        );
        return rows;
      });
    },

    /** What a member's digest carries, of the kinds they get daily; marked as carried. */
    async takeDigest(
      recipientId: string,
      kinds: readonly NotificationKind[],
      limit: number,
    ): Promise<NotificationRow[]> {
      if (kinds.length === 0) return [];
      const kindList = kindArray(kinds);
      return db.transaction(async (tx) => {
        const rows = await selectRows<NotificationRow>(
          tx,
          sql`SELECT ${listColumns} FROM notifications n
            WHERE n.recipient_id = ${recipientId} AND n.kind = ANY(${kindList}) AND ${live}
              AND n.read_at IS NULL AND (n.digested_at IS NULL OR n.updated_at > n.digested_at)
              AND n.updated_at > now() - interval '7 days'
            ORDER BY n.updated_at DESC, n.id DESC
            LIMIT ${literalLimit(limit)}`,
        );
        await tx.execute(
          sql`UPDATE notifications SET digested_at = now()
            WHERE recipient_id = ${recipientId} AND kind = ANY(${kindList}) AND read_at IS NULL`,
        );
        return rows;
      });
    },
  };
}
