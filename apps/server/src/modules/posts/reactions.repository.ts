import { type SQL, sql } from 'drizzle-orm';

import { type Database, type Executor, selectRows } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import {
  type EntryDraft,
  ringBells,
  upsertEntries,
} from '../notifications/notification-entries.sql.ts';
import type { RecordedNotification } from '../notifications/notifications.repository.ts';
import { blockBetween } from '../safety/safety.sql.ts';
import { videoShownTo } from '../videos/video-visibility.sql.ts';
import { likes, posts, reposts } from './posts.tables.ts';

export type ReactionsRepository = ReturnType<typeof createReactionsRepository>;

export interface Reaction {
  count: number | null;
  changed: boolean;
  authorId: string | null;
  /** A block between the member and the post's author: nothing changed. */
  blocked: boolean;
}

/** The author's notification a new like or repost records in its own statement. */
export interface ReactionNotice {
  entry: EntryDraft;
  /** PostgreSQL's NOTIFY channel: the statement rings the author's bell too. */
  bellChannel: string | null;
}

interface AddedReaction extends Reaction {
  /** The author's entry, when the reaction was new and told them. */
  entry: RecordedNotification | null;
  /** The statement sent the bell's NOTIFY. */
  rang: boolean;
}

type Kind = 'like' | 'repost';
const TABLES = {
  like: { table: likes, counter: sql.raw('likes_count') },
  repost: { table: reposts, counter: sql.raw('reposts_count') },
} as const;

/**
 * Likes and reposts. The count moves in the same statement as the row, and only when a row was
 * really added or removed, so double clicks and simultaneous requests keep it exact. Each toggle
 * is one statement (the row change, the count and the answer), so one round trip: written as a
 * transaction of three statements it took four, and the like toggle is among the busiest writes.
 * A new one's statement also records the author's notification and rings their bell: no
 * transaction around it, so a like is one round trip to the database, not five (each costs
 * the server and PostgreSQL a socket write and a wake-up; bench/RESULTS.md, "Notifications").
 *
 * Each returns the post's count after the change (null when there is no such post, or none the
 * member may see: a video still processing is its author's alone), whether a row was really
 * added or removed, and the post's author.
 */
export function createReactionsRepository(db: Database) {
  function statement(
    kind: Kind,
    userId: string,
    postId: string,
    add: boolean,
    notice?: ReactionNotice,
  ): SQL {
    const { table, counter } = TABLES[kind];
    // The post is read once, in the statement's first part: its author, for the block and the
    // notification; its video's state; its count before the change. No post: every part is empty.
    // Nobody reacts to the post of a member with a block between them: no row, and `blocked`.
    // A post whose video is still processing is its author's alone: to anyone else, no post.
    const shown = videoShownTo(
      { status: sql`p.media_status`, author: sql`p.user_id` },
      sql`${userId}`,
    );
    const changed = add
      ? sql`INSERT INTO ${table} (user_id, post_id)
          SELECT ${userId}, ${postId} FROM block WHERE NOT block.yes AND block.seen
          ON CONFLICT DO NOTHING RETURNING post_id`
      : sql`DELETE FROM ${table} WHERE user_id = ${userId} AND post_id = ${postId}
          RETURNING post_id`;
    // The author's entry, only for a row really added; the bell only for an entry recorded.
    const told = notice
      ? sql`, told AS (${upsertEntries(
          sql`SELECT user_id AS recipient_id FROM moved`,
          notice.entry,
          'mutes',
        )})`
      : sql``;
    const bell = notice?.bellChannel
      ? sql`, bell AS (${ringBells(notice.bellChannel, sql`told`)})`
      : sql``;
    const entryColumns = notice
      ? sql`, (SELECT id FROM told) AS "entryId", (SELECT "groupKey" FROM told) AS "groupKey",
          (SELECT "deliverAfter" FROM told) AS "deliverAfter",
          (SELECT "deliveryDue" FROM told) AS "deliveryDue",
          ${notice.bellChannel ? sql`(SELECT count(*) FROM bell) > 0` : sql`false`} AS rang`
      : sql``;
    // The outer select reads the post as it was before the statement: a count that moved comes
    // from the update's RETURNING, an unchanged one from the post.
    return sql`WITH post AS (
          SELECT p.user_id, ${counter} AS count, ${shown} AS seen FROM ${posts} p WHERE p.id = ${postId}
        ),
        block AS (SELECT ${blockBetween(userId, sql`post.user_id`)} AS yes, post.seen FROM post),
        changed AS (${changed}),
        moved AS (
          UPDATE ${posts} SET ${counter} = ${counter} + ${sql.raw(add ? '1' : '-1')}
          WHERE id IN (SELECT post_id FROM changed) RETURNING ${counter} AS count, user_id
        )${told}${bell}
        SELECT CASE WHEN (SELECT seen FROM block)
          THEN coalesce((SELECT count FROM moved), (SELECT count FROM post)) END AS count,
        EXISTS (SELECT 1 FROM moved) AS changed,
        (SELECT user_id FROM post) AS "authorId",
        coalesce((SELECT yes FROM block), false) AS blocked${entryColumns}`;
  }

  return {
    transaction: transactionOn(db),

    /** A new like or repost, with the author's notification when `notice` is given. */
    async add(kind: Kind, userId: string, postId: string, notice?: ReactionNotice) {
      const [row] = await selectRows<
        Reaction & {
          entryId?: string | null;
          groupKey?: string | null;
          deliverAfter?: Date | null;
          deliveryDue?: boolean | null;
          rang?: boolean;
        }
      >(db, statement(kind, userId, postId, true, notice));
      if (!row) return { ...NOTHING, entry: null, rang: false } satisfies AddedReaction;
      const { entryId, groupKey, deliverAfter, deliveryDue, rang, ...reaction } = row;
      const entry =
        entryId && row.authorId && groupKey && deliverAfter
          ? {
              id: entryId,
              recipientId: row.authorId,
              groupKey,
              deliverAfter: new Date(deliverAfter),
              deliveryDue: deliveryDue === true,
            }
          : null;
      return { ...reaction, entry, rang: rang === true } satisfies AddedReaction;
    },

    /** Undoes a like or repost in `ex` (the caller withdraws the author's entry with it). */
    async remove(ex: Executor, kind: Kind, userId: string, postId: string): Promise<Reaction> {
      const [row] = await selectRows<Reaction>(ex, statement(kind, userId, postId, false));
      return row ?? NOTHING;
    },
  };
}

const NOTHING: Reaction = { count: null, changed: false, authorId: null, blocked: false };
