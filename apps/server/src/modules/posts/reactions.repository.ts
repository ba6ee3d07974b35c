import { sql } from 'drizzle-orm';

import { type Database, selectRows } from '../../db/database.ts';
import { likes, posts, reposts } from './posts.tables.ts';

export type ReactionsRepository = ReturnType<typeof createReactionsRepository>;

/**
 * Likes and reposts. The count moves in the same statement as the row, and only when a row was
 * really added or removed, so double clicks and simultaneous requests keep it exact. Each toggle
 * is one statement (the row change, the count and the answer), so one round trip: written as a
 * transaction of three statements it took four, and the like toggle is among the busiest writes.
 *
 * Each returns the post's count after the change, or null when there is no such post.
 */
export function createReactionsRepository(db: Database) {
  async function change(
    table: typeof likes | typeof reposts,
    counter: 'likes_count' | 'reposts_count',
    userId: string,
    postId: string,
    add: boolean,
  ): Promise<number | null> {
    const column = sql.raw(counter);
    const changed = add
      ? sql`INSERT INTO ${table} (user_id, post_id) VALUES (${userId}, ${postId})
          ON CONFLICT DO NOTHING RETURNING post_id`
      : sql`DELETE FROM ${table} WHERE user_id = ${userId} AND post_id = ${postId}
          RETURNING post_id`;
    // The outer select reads the post as it was before the statement: a count that moved comes
    // from the update's RETURNING, an unchanged one from the post.
    const rows = await selectRows<{ count: number | null }>(
      db,
      sql`WITH changed AS (${changed}),
        moved AS (
          UPDATE ${posts} SET ${column} = ${column} + ${sql.raw(add ? '1' : '-1')}
          WHERE id IN (SELECT post_id FROM changed) RETURNING ${column} AS count
        )
        SELECT coalesce(
          (SELECT count FROM moved),
          (SELECT ${column} FROM ${posts} WHERE id = ${postId})
        ) AS count`,
    );
    return rows[0]?.count ?? null;
  }

  return {
    like: (userId: string, postId: string) => change(likes, 'likes_count', userId, postId, true),
    unlike: (userId: string, postId: string) => change(likes, 'likes_count', userId, postId, false),
    repost: (userId: string, postId: string) =>
      change(reposts, 'reposts_count', userId, postId, true),
    unrepost: (userId: string, postId: string) =>
      change(reposts, 'reposts_count', userId, postId, false),
  };
}
