import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';

import type { PostSport } from '@arena/shared/constants';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';
import { follows } from '../follows/follows.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { author, postColumns, summaryOf } from './post-view.ts';
import { posts, reposts } from './posts.tables.ts';

export type PostsRepository = ReturnType<typeof createPostsRepository>;

const reposter = alias(profiles, 'reposter');

/** `(time, id) < (cursor)`: strictly older than the last item of the previous page. */
function olderThan(time: AnyPgColumn, id: AnyPgColumn, after: Position | null): SQL | undefined {
  if (!after) return undefined;
  return sql`(${time}, ${id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`;
}

export interface PostFilter {
  sport?: PostSport | undefined;
  /** Only this author's posts (a profile's list). */
  authorId?: string | undefined;
}

export interface RepostFilter {
  sport?: PostSport | undefined;
  /** Reposts made by the people this profile follows (the feed). */
  followedBy?: string | undefined;
  /** Reposts made by this profile (a profile's list). */
  reposterId?: string | undefined;
}

export function createPostsRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async insert(
      ex: Executor,
      input: {
        userId: string;
        content: string;
        sport: PostSport;
        mediaUrl: string | null;
        mediaType: 'image' | 'video' | null;
        mediaPath: string | null;
      },
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
        .select({ userId: posts.userId, mediaPath: posts.mediaPath, sport: posts.sport })
        .from(posts)
        .where(eq(posts.id, id));
      return row;
    },

    async delete(ex: Executor, id: string) {
      await ex.delete(posts).where(eq(posts.id, id));
    },

    /** Posts newest first, `limit` of them, older than `after`. */
    async listPosts(
      viewerId: string | null,
      filter: PostFilter,
      after: Position | null,
      limit: number,
    ) {
      return db
        .select(postColumns(viewerId))
        .from(posts)
        .innerJoin(author, eq(author.id, posts.userId))
        .where(
          and(
            filter.sport ? eq(posts.sport, filter.sport) : undefined,
            filter.authorId ? eq(posts.userId, filter.authorId) : undefined,
            olderThan(posts.createdAt, posts.id, after),
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(literalLimit(limit));
    },

    /** Reposts newest first, each with its post and who reposted it. */
    async listReposts(
      viewerId: string | null,
      filter: RepostFilter,
      after: Position | null,
      limit: number,
    ) {
      return db
        .select({
          repostId: reposts.id,
          repostedAt: reposts.createdAt,
          reposter: summaryOf(reposter),
          ...postColumns(viewerId),
        })
        .from(reposts)
        .innerJoin(posts, eq(posts.id, reposts.postId))
        .innerJoin(author, eq(author.id, posts.userId))
        .innerJoin(reposter, eq(reposter.id, reposts.userId))
        .where(
          and(
            filter.followedBy
              ? sql`${reposts.userId} IN (SELECT ${follows.followingId} FROM ${follows} WHERE ${follows.followerId} = ${filter.followedBy})`
              : undefined,
            filter.reposterId ? eq(reposts.userId, filter.reposterId) : undefined,
            filter.sport ? eq(posts.sport, filter.sport) : undefined,
            olderThan(reposts.createdAt, reposts.id, after),
          ),
        )
        .orderBy(desc(reposts.createdAt), desc(reposts.id))
        .limit(literalLimit(limit));
    },
  };
}
