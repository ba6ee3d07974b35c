import { sql } from 'drizzle-orm';

import { type Database, type Executor, selectRows } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
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

/**
 * Likes and reposts. The count moves in the same statement as the row, and only when a row was
 * really added or removed, so double clicks and simultaneous requests keep it exact. Each toggle
 * is one statement (the row change, the count and the answer), so one round trip: written as a
 * transaction of three statements it took four, and the like toggle is among the busiest writes.
 *
 * Each returns the post's count after the change (null when there is no such post, or none the
 * member may see: a video still processing is its author's alone), whether a row was really
 * added or removed, and the post's author: the caller notifies them in the same transaction
 * (`ex`).
 */
export function createReactionsRepository(db: Database) {
  async function change(
    ex: Executor,
    table: typeof likes | typeof reposts,
    counter: 'likes_count' | 'reposts_count',
    userId: string,
    postId: string,
    add: boolean,
  ): Promise<Reaction> {
    const column = sql.raw(counter);
    // Nobody reacts to the post of a member with a block between them: no row, and `blocked`.
    // Looked up once, in the statement's first part, for the insert and the answer alike.
    const blocked = blockBetween(userId, sql`(SELECT user_id FROM ${posts} WHERE id = ${postId})`);
    // A post whose video is still processing is its author's alone: to anyone else, no post.
    const shown = videoShownTo({ status: sql`media_status`, author: sql`user_id` }, sql`${userId}`);
    const seen = sql`EXISTS (SELECT 1 FROM ${posts} WHERE id = ${postId} AND ${shown})`;
    const changed = add
      ? sql`INSERT INTO ${table} (user_id, post_id)
          SELECT ${userId}, ${postId} WHERE NOT (SELECT yes FROM block) AND (SELECT seen FROM block)
          ON CONFLICT DO NOTHING RETURNING post_id`
      : sql`DELETE FROM ${table} WHERE user_id = ${userId} AND post_id = ${postId}
          RETURNING post_id`;
    // The outer select reads the post as it was before the statement: a count that moved comes
    // from the update's RETURNING, an unchanged one from the post.
    const rows = await selectRows<Reaction>(
      ex,
      sql`WITH block AS (SELECT ${blocked} AS yes, ${seen} AS seen),
        changed AS (${changed}),
        moved AS (
          UPDATE ${posts} SET ${column} = ${column} + ${sql.raw(add ? '1' : '-1')}
          WHERE id IN (SELECT post_id FROM changed) RETURNING ${column} AS count
        )
        SELECT CASE WHEN (SELECT seen FROM block) THEN coalesce(
          (SELECT count FROM moved),
          (SELECT ${column} FROM ${posts} WHERE id = ${postId})
        ) END AS count,
        EXISTS (SELECT 1 FROM moved) AS changed,
        (SELECT user_id FROM ${posts} WHERE id = ${postId}) AS "authorId",
        (SELECT yes FROM block) AS blocked`,
    );
    return rows[0] ?? { count: null, changed: false, authorId: null, blocked: false };
  }

  return {
    transaction: transactionOn(db),
    like: (ex: Executor, userId: string, postId: string) =>
      change(ex, likes, 'likes_count', userId, postId, true),
    unlike: (ex: Executor, userId: string, postId: string) =>
      change(ex, likes, 'likes_count', userId, postId, false),
    repost: (ex: Executor, userId: string, postId: string) =>
      change(ex, reposts, 'reposts_count', userId, postId, true),
    unrepost: (ex: Executor, userId: string, postId: string) =>
      change(ex, reposts, 'reposts_count', userId, postId, false),
  };
}
