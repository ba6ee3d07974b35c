import { eq } from 'drizzle-orm';

import type { PostSport } from '@arena/shared/constants';

import type { Database, Executor } from '../../db/database.ts';
import { createPostLists, type PostFilter, type RepostFilter } from './post-lists.ts';
import { author, postColumns } from './post-view.ts';
import { posts } from './posts.tables.ts';

export type PostsRepository = ReturnType<typeof createPostsRepository>;

export type { PostFilter, RepostFilter };

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
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async insert(
      ex: Executor,
      input: NewPostMedia & { userId: string; content: string; sport: PostSport },
    ) {
      const [row] = await ex.insert(posts).values(input).returning({ id: posts.id });
      if (!row) throw new Error('The post insert returned no row');
      return row.id;
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

    listPosts: lists.listPosts,
    listReposts: lists.listReposts,
  };
}
