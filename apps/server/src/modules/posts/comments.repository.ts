import { and, desc, eq, sql } from 'drizzle-orm';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { hiddenFrom, isMinor } from '../safety/safety.sql.ts';
import { comments, posts } from './posts.tables.ts';

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  content: comments.content,
  createdAt: comments.createdAt,
  author: {
    id: profiles.id,
    username: profiles.username,
    fullName: profiles.fullName,
    avatarUrl: profiles.avatarUrl,
    verified: profiles.verified,
    userType: profiles.userType,
  },
};

export function createCommentsRepository(db: Database) {
  return {
    /** A post's comments, but none of a member hidden from the viewer (blocked either way, muted). */
    async list(postId: string, viewerId: string | null, after: Position | null, limit: number) {
      return db
        .select(commentColumns)
        .from(comments)
        .innerJoin(profiles, eq(profiles.id, comments.userId))
        .where(
          and(
            eq(comments.postId, postId),
            viewerId
              ? sql`NOT ${hiddenFrom(viewerId, sql`${comments.userId}`)}`
              : sql`NOT ${isMinor(sql`${comments.userId}`)}`,
            after
              ? sql`(${comments.createdAt}, ${comments.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(literalLimit(limit + 1));
    },

    /** Adds the comment and counts it, together. */
    /** `within` runs in the comment's transaction once it is written (its notifications). */
    async add(
      postId: string,
      userId: string,
      content: string,
      within?: (tx: Executor, commentId: string) => Promise<void>,
    ) {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(comments)
          .values({ postId, userId, content })
          .returning({ id: comments.id });
        await tx
          .update(posts)
          .set({ commentsCount: sql`${posts.commentsCount} + 1` })
          .where(eq(posts.id, postId));
        if (row && within) await within(tx, row.id);
        return row?.id;
      });
      if (!id) throw new Error('The comment insert returned no row');
      const [view] = await db
        .select(commentColumns)
        .from(comments)
        .innerJoin(profiles, eq(profiles.id, comments.userId))
        .where(eq(comments.id, id));
      if (!view) throw new Error('The new comment could not be read back');
      return view;
    },

    async findOwner(postId: string, commentId: string) {
      const [row] = await db
        .select({ userId: comments.userId })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.postId, postId)));
      return row;
    },

    /** Deletes the comment and uncounts it, together; false when it was already gone. */
    async remove(postId: string, commentId: string) {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(comments)
          .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
          .returning({ id: comments.id });
        if (removed.length === 0) return false;
        await tx
          .update(posts)
          .set({ commentsCount: sql`${posts.commentsCount} - 1` })
          .where(eq(posts.id, postId));
        return true;
      });
    },
  };
}
