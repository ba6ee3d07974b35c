import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';

import type { PostSport } from '@arena/shared/constants';

import { type Database, literalLimit } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';
import { follows } from '../follows/follows.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { author, postColumns, summaryOf } from './post-view.ts';
import { posts, reposts } from './posts.tables.ts';

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

const reposter = alias(profiles, 'reposter');

const placeholder = {
  viewer: sql.placeholder('viewer'),
  sport: sql.placeholder('sport'),
  authorId: sql.placeholder('authorId'),
  followedBy: sql.placeholder('followedBy'),
  reposterId: sql.placeholder('reposterId'),
  afterAt: sql.placeholder('afterAt'),
  afterId: sql.placeholder('afterId'),
};

/** `(time, id) < (cursor)`: strictly older than the last item of the previous page. */
function olderThan(time: AnyPgColumn, id: AnyPgColumn): SQL {
  return sql`(${time}, ${id}) < (${placeholder.afterAt}::timestamptz, ${placeholder.afterId}::uuid)`;
}

/**
 * A statement name that says the shape, e.g. `posts_list_1001_20`: one name, one SQL text, on
 * every connection and in every instance.
 */
function shapeName(prefix: string, shape: Record<string, boolean | number>) {
  const flags = Object.values(shape)
    .map((value) => (typeof value === 'boolean' ? (value ? '1' : '0') : `_${value}`))
    .join('');
  return `${prefix}_${flags}`;
}

/** The values of a list query's placeholders. */
function values(viewerId: string | null, after: Position | null, filter: Record<string, unknown>) {
  return {
    viewer: viewerId,
    afterAt: after?.createdAt.toISOString(),
    afterId: after?.id,
    ...filter,
  };
}

/**
 * The post lists (feed, a profile's posts and reposts), built once per shape and prepared.
 * They run on every feed page; building a query of this size with Drizzle cost about as much
 * CPU as running it, so each shape (viewer or visitor, filters, cursor, limit) is built the first
 * time it is needed and only its values change afterwards.
 */
export function createPostLists(db: Database) {
  const build = {
    posts: (shape: {
      viewer: boolean;
      sport: boolean;
      author: boolean;
      after: boolean;
      limit: number;
    }) =>
      db
        .select(postColumns(shape.viewer ? placeholder.viewer : null))
        .from(posts)
        .innerJoin(author, eq(author.id, posts.userId))
        .where(
          and(
            shape.sport ? eq(posts.sport, placeholder.sport) : undefined,
            shape.author ? eq(posts.userId, placeholder.authorId) : undefined,
            shape.after ? olderThan(posts.createdAt, posts.id) : undefined,
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(literalLimit(shape.limit)),

    /**
     * The newest reposts are chosen first, from the reposts table alone (and the post's sport
     * when filtered); only those few are then joined to their post, its author and the reposter.
     */
    reposts: (shape: {
      viewer: boolean;
      sport: boolean;
      followedBy: boolean;
      reposter: boolean;
      after: boolean;
      limit: number;
    }) => {
      let recent = db
        .select({
          id: reposts.id,
          createdAt: reposts.createdAt,
          userId: reposts.userId,
          postId: reposts.postId,
        })
        .from(reposts)
        .$dynamic();
      if (shape.sport) recent = recent.innerJoin(posts, eq(posts.id, reposts.postId));
      const chosen = recent
        .where(
          and(
            shape.followedBy
              ? sql`${reposts.userId} IN (SELECT ${follows.followingId} FROM ${follows} WHERE ${follows.followerId} = ${placeholder.followedBy})`
              : undefined,
            shape.reposter ? eq(reposts.userId, placeholder.reposterId) : undefined,
            shape.sport ? eq(posts.sport, placeholder.sport) : undefined,
            shape.after ? olderThan(reposts.createdAt, reposts.id) : undefined,
          ),
        )
        .orderBy(desc(reposts.createdAt), desc(reposts.id))
        .limit(literalLimit(shape.limit))
        .as('chosen');
      return db
        .select({
          repostId: chosen.id,
          repostedAt: chosen.createdAt,
          reposter: summaryOf(reposter),
          ...postColumns(shape.viewer ? placeholder.viewer : null),
        })
        .from(chosen)
        .innerJoin(posts, eq(posts.id, chosen.postId))
        .innerJoin(author, eq(author.id, posts.userId))
        .innerJoin(reposter, eq(reposter.id, chosen.userId))
        .orderBy(desc(chosen.createdAt), desc(chosen.id));
    },
  };

  type PostsQuery = ReturnType<ReturnType<typeof build.posts>['prepare']>;
  type RepostsQuery = ReturnType<ReturnType<typeof build.reposts>['prepare']>;
  const prepared = {
    posts: new Map<string, PostsQuery>(),
    reposts: new Map<string, RepostsQuery>(),
  };

  return {
    /** Posts newest first, `limit` of them, older than `after`. */
    listPosts: (
      viewerId: string | null,
      filter: PostFilter,
      after: Position | null,
      limit: number,
    ) => {
      const shape = {
        viewer: viewerId !== null,
        sport: filter.sport !== undefined,
        author: filter.authorId !== undefined,
        after: after !== null,
        limit,
      };
      const key = shapeName('posts_list', shape);
      let query = prepared.posts.get(key);
      if (!query) {
        query = build.posts(shape).prepare(key);
        prepared.posts.set(key, query);
      }
      return query.execute(
        values(viewerId, after, { sport: filter.sport, authorId: filter.authorId }),
      );
    },

    /** Reposts newest first, each with its post and who reposted it. */
    listReposts: (
      viewerId: string | null,
      filter: RepostFilter,
      after: Position | null,
      limit: number,
    ) => {
      const shape = {
        viewer: viewerId !== null,
        sport: filter.sport !== undefined,
        followedBy: filter.followedBy !== undefined,
        reposter: filter.reposterId !== undefined,
        after: after !== null,
        limit,
      };
      const key = shapeName('reposts_list', shape);
      let query = prepared.reposts.get(key);
      if (!query) {
        query = build.reposts(shape).prepare(key);
        prepared.reposts.set(key, query);
      }
      return query.execute(
        values(viewerId, after, {
          sport: filter.sport,
          followedBy: filter.followedBy,
          reposterId: filter.reposterId,
        }),
      );
    },
  };
}
