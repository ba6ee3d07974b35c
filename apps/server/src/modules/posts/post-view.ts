import { type Placeholder, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';

import type { Post } from '@arena/shared/post.schema';

import { imageSizes } from '../../media/image-sizes.ts';

import { follows } from '../follows/follows.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { likes, posts, reposts } from './posts.tables.ts';

/** The author of a post, joined as `author`. */
export const author = alias(profiles, 'author');

/** Qualified outer references: Drizzle would render these without their table inside subqueries. */
const outerPostId = sql.raw('"posts"."id"');
const outerAuthorId = sql.raw('"posts"."user_id"');

interface ProfileColumns {
  id: AnyPgColumn;
  username: AnyPgColumn;
  fullName: AnyPgColumn;
  avatarUrl: AnyPgColumn;
  verified: AnyPgColumn;
  userType: AnyPgColumn;
}

function summary<T extends ProfileColumns>(table: T): Pick<T, keyof ProfileColumns> {
  return {
    id: table.id,
    username: table.username,
    fullName: table.fullName,
    avatarUrl: table.avatarUrl,
    verified: table.verified,
    userType: table.userType,
  };
}

/**
 * Everything a post card shows, in one row: the post, its author, its counts and the viewer's
 * liked / reposted / following flags (false for visitors).
 */
export function postColumns(viewerId: string | Placeholder | null) {
  const flag = (query: ReturnType<typeof sql<boolean>>) => (viewerId ? query : sql<boolean>`false`);
  return {
    id: posts.id,
    content: posts.content,
    mediaUrl: posts.mediaUrl,
    mediaType: posts.mediaType,
    mediaWidth: posts.mediaWidth,
    mediaHeight: posts.mediaHeight,
    mediaVariantWidths: posts.mediaVariantWidths,
    sport: posts.sport,
    likesCount: posts.likesCount,
    commentsCount: posts.commentsCount,
    repostsCount: posts.repostsCount,
    createdAt: posts.createdAt,
    author: summary(author),
    likedByMe: flag(
      sql<boolean>`EXISTS (SELECT 1 FROM ${likes} WHERE ${likes.userId} = ${viewerId} AND ${likes.postId} = ${outerPostId})`,
    ),
    repostedByMe: flag(
      sql<boolean>`EXISTS (SELECT 1 FROM ${reposts} WHERE ${reposts.userId} = ${viewerId} AND ${reposts.postId} = ${outerPostId})`,
    ),
    followingAuthor: flag(
      sql<boolean>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${viewerId} AND ${follows.followingId} = ${outerAuthorId})`,
    ),
  };
}

export { summary as summaryOf };

type PostRow = Omit<Post, 'createdAt' | 'mediaImage'> & {
  createdAt: Date;
  mediaWidth: number | null;
  mediaHeight: number | null;
  mediaVariantWidths: number[] | null;
};

export function toPost({ mediaWidth, mediaHeight, mediaVariantWidths, ...row }: PostRow): Post {
  return {
    ...row,
    mediaImage: imageSizes({
      path: row.mediaUrl,
      width: mediaWidth,
      height: mediaHeight,
      variantWidths: mediaVariantWidths,
    }),
    createdAt: row.createdAt.toISOString(),
  };
}
