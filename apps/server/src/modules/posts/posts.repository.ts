import { eq, sql } from 'drizzle-orm';

import type { PostSport } from '@arena/shared/constants';

import type { Database, Executor } from '../../db/database.ts';
import { createPostLists, type ListFilter } from './post-lists.ts';
import { author, postColumns, summaryOf } from './post-view.ts';
import { posts } from './posts.tables.ts';

export type PostsRepository = ReturnType<typeof createPostsRepository>;

export type { ListFilter };

/** What a new post stores of its media; all null without any. */
export interface NewPostMedia {
  mediaUrl: string | null;
  mediaType: 'image' | 'video' | null;
  mediaPath: string | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
  mediaVariantWidths: number[] | null;
}

export function createPostsRepository(db: Database) {
  const lists = createPostLists(db);
  return {
    /** The database itself, for a write that needs no transaction. */
    db: db as Executor,

    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Stores a post and answers its card, in one statement (its author's own: no flags set). */
    async insert(
      ex: Executor,
      input: NewPostMedia & { userId: string; content: string; sport: PostSport },
    ) {
      const inserted = ex.$with('inserted').as(ex.insert(posts).values(input).returning());
      const [row] = await ex
        .with(inserted)
        .select({
          id: inserted.id,
          content: inserted.content,
          mediaUrl: inserted.mediaUrl,
          mediaType: inserted.mediaType,
          mediaWidth: inserted.mediaWidth,
          mediaHeight: inserted.mediaHeight,
          mediaVariantWidths: inserted.mediaVariantWidths,
          sport: inserted.sport,
          likesCount: inserted.likesCount,
          commentsCount: inserted.commentsCount,
          repostsCount: inserted.repostsCount,
          createdAt: inserted.createdAt,
          author: summaryOf(author),
          likedByMe: sql<boolean>`false`,
          repostedByMe: sql<boolean>`false`,
          followingAuthor: sql<boolean>`false`,
        })
        .from(inserted)
        .innerJoin(author, eq(author.id, inserted.userId));
      if (!row) throw new Error('The post insert returned no row');
      return row;
    },

    async findView(id: string, viewerId: string | null) {
      const [row] = await db
        .select(postColumns(viewerId))
        .from(posts)
        .innerJoin(author, eq(author.id, posts.userId))
        .where(eq(posts.id, id));
      return row;
    },

    async findOwner(id: string) {
      const [row] = await db
        .select({
          userId: posts.userId,
          mediaPath: posts.mediaPath,
          mediaVariantWidths: posts.mediaVariantWidths,
          sport: posts.sport,
        })
        .from(posts)
        .where(eq(posts.id, id));
      return row;
    },

    async delete(ex: Executor, id: string) {
      await ex.delete(posts).where(eq(posts.id, id));
    },

    listPage: lists.listPage,
  };
}
