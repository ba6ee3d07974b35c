import { and, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/database.ts';
import { likes, posts, reposts } from './posts.tables.ts';

export type ReactionsRepository = ReturnType<typeof createReactionsRepository>;

type Counter = 'likesCount' | 'repostsCount';

/**
 * Likes and reposts. The count moves in the same transaction as the row, and only when a row
 * was really added or removed, so double clicks and simultaneous requests keep it exact.
 */
export function createReactionsRepository(db: Database) {
  async function bump(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    postId: string,
    counter: Counter,
    by: 1 | -1,
  ) {
    const column = posts[counter];
    const [row] = await tx
      .update(posts)
      .set({ [counter]: sql`${column} + ${by}` })
      .where(eq(posts.id, postId))
      .returning({ count: column });
    return row?.count ?? 0;
  }

  async function current(postId: string, counter: Counter) {
    const [row] = await db
      .select({ count: posts[counter] })
      .from(posts)
      .where(eq(posts.id, postId));
    return row?.count ?? 0;
  }

  return {
    async like(userId: string, postId: string) {
      return db
        .transaction(async (tx) => {
          const added = await tx
            .insert(likes)
            .values({ userId, postId })
            .onConflictDoNothing()
            .returning({ postId: likes.postId });
          return added.length > 0 ? bump(tx, postId, 'likesCount', 1) : null;
        })
        .then(async (count) => count ?? current(postId, 'likesCount'));
    },

    async unlike(userId: string, postId: string) {
      return db
        .transaction(async (tx) => {
          const removed = await tx
            .delete(likes)
            .where(and(eq(likes.userId, userId), eq(likes.postId, postId)))
            .returning({ postId: likes.postId });
          return removed.length > 0 ? bump(tx, postId, 'likesCount', -1) : null;
        })
        .then(async (count) => count ?? current(postId, 'likesCount'));
    },

    async repost(userId: string, postId: string) {
      return db
        .transaction(async (tx) => {
          const added = await tx
            .insert(reposts)
            .values({ userId, postId })
            .onConflictDoNothing()
            .returning({ id: reposts.id });
          return added.length > 0 ? bump(tx, postId, 'repostsCount', 1) : null;
        })
        .then(async (count) => count ?? current(postId, 'repostsCount'));
    },

    async unrepost(userId: string, postId: string) {
      return db
        .transaction(async (tx) => {
          const removed = await tx
            .delete(reposts)
            .where(and(eq(reposts.userId, userId), eq(reposts.postId, postId)))
            .returning({ id: reposts.id });
          return removed.length > 0 ? bump(tx, postId, 'repostsCount', -1) : null;
        })
        .then(async (count) => count ?? current(postId, 'repostsCount'));
    },
  };
}
