import { and, asc, eq, inArray, isNull } from 'drizzle-orm';

import type { Database } from '../../db/database.ts';
import { highlights, posts } from './posts.tables.ts';

export type HighlightsRepository = ReturnType<typeof createHighlightsRepository>;

export function createHighlightsRepository(db: Database) {
  return {
    /** The ids of a profile's pinned posts, in the order pinned. */
    async postIds(profileId: string): Promise<string[]> {
      const rows = await db
        .select({ postId: highlights.postId })
        .from(highlights)
        .where(eq(highlights.profileId, profileId))
        .orderBy(asc(highlights.position));
      return rows.map((row) => row.postId);
    },

    /** Which of `postIds` are the profile's own videos, processed and playable. */
    async ownReadyVideos(profileId: string, postIds: string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const rows = await db
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(
            inArray(posts.id, postIds),
            eq(posts.userId, profileId),
            eq(posts.mediaType, 'video'),
            isNull(posts.mediaStatus),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },

    /** Replaces the profile's list with `postIds`, in that order. */
    async replace(profileId: string, postIds: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(highlights).where(eq(highlights.profileId, profileId));
        if (postIds.length === 0) return;
        await tx
          .insert(highlights)
          .values(postIds.map((postId, position) => ({ profileId, postId, position })));
      });
    },
  };
}
