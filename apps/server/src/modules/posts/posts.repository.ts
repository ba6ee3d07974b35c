import { and, eq, type Placeholder, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';

import type { Sport } from '@arena/shared/constants';
import type { Post } from '@arena/shared/post.schema';

import type { Database, Executor } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { imageSizes } from '../media/image-sizes.ts';
import { publicUrl } from '../media/media.service.ts';
import { type VideoColumns, videoView } from '../videos/video-view.ts';
import { follows } from '../follows/follows.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { blockBetween, isMinor, sanctioned } from '../safety/safety.sql.ts';
import { videoShownTo } from '../videos/video-visibility.sql.ts';
import { createPostLists, type ListFilter } from './post-lists.repository.ts';
import { likes, posts, reposts } from './posts.tables.ts';

/** The author of a post, joined as `author`. */
const author = alias(profiles, 'author');

/** Qualified outer references: Drizzle would render these without their table inside subqueries. */
const outerPostId = sql.raw('"posts"."id"');
// posts.user_id holds the author's profile id, not the auth user's (posts.tables.ts says why).
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
function postColumns(viewerId: string | Placeholder | null) {
  const flag = (query: ReturnType<typeof sql<boolean>>) => (viewerId ? query : sql<boolean>`false`);
  return {
    id: posts.id,
    content: posts.content,
    mediaUrl: posts.mediaUrl,
    mediaType: posts.mediaType,
    mediaWidth: posts.mediaWidth,
    mediaHeight: posts.mediaHeight,
    mediaVariantWidths: posts.mediaVariantWidths,
    ...videoColumnsOf(posts),
    sport: posts.sport,
    likesCount: posts.likesCount,
    commentsCount: posts.commentsCount,
    repostsCount: posts.repostsCount,
    createdAt: posts.createdAt,
    editedAt: posts.editedAt,
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

type PostRow = Omit<Post, 'createdAt' | 'editedAt' | 'mediaImage' | 'video'> &
  VideoColumns & {
    createdAt: Date;
    editedAt: Date | null;
  };

/** The video columns of `table` (posts, or a CTE of its inserted row). */
type VideoColumnName =
  'mediaStatus' | 'mediaFileId' | 'mediaDurationMs' | 'mediaPosterPath' | 'mediaSmallPath';

function videoColumnsOf<T extends Record<VideoColumnName, unknown>>(
  table: T,
): Pick<T, VideoColumnName> {
  return {
    mediaStatus: table.mediaStatus,
    mediaFileId: table.mediaFileId,
    mediaDurationMs: table.mediaDurationMs,
    mediaPosterPath: table.mediaPosterPath,
    mediaSmallPath: table.mediaSmallPath,
  };
}

function toPost(row: PostRow): Post {
  const {
    mediaWidth,
    mediaHeight,
    mediaVariantWidths,
    // The video's columns are said by `video` below.
    mediaStatus: _status,
    mediaFileId: _fileId,
    mediaDurationMs: _durationMs,
    mediaPosterPath: _posterPath,
    mediaSmallPath: _smallPath,
    ...rest
  } = row;
  return {
    ...rest,
    mediaImage:
      row.mediaType === 'image'
        ? imageSizes({
            path: row.mediaUrl,
            width: mediaWidth,
            height: mediaHeight,
            variantWidths: mediaVariantWidths,
          })
        : null,
    video: videoView(row, (path) => publicUrl('post-media', path)),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

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
  /** A video's processing state and upload (`video.columns.ts`); null otherwise. */
  mediaStatus: VideoColumns['mediaStatus'];
  mediaFileId: string | null;
  mediaDurationMs: number | null;
  mediaPosterPath: string | null;
  mediaSmallPath: string | null;
}

export function createPostsRepository(db: Database) {
  const lists = createPostLists(db);
  return {
    transaction: transactionOn(db),

    /**
     * Stores a post and answers its card, in one statement (its author's own: no flags set); in
     * the caller's transaction `ex`, or alone. `userId` is the author's profile id (posts.tables.ts).
     */
    async insert(
      input: NewPostMedia & { userId: string; content: string; sport: Sport },
      ex: Executor = db,
    ): Promise<Post> {
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
          ...videoColumnsOf(inserted),
          sport: inserted.sport,
          likesCount: inserted.likesCount,
          commentsCount: inserted.commentsCount,
          repostsCount: inserted.repostsCount,
          createdAt: inserted.createdAt,
          editedAt: inserted.editedAt,
          author: summary(author),
          likedByMe: sql<boolean>`false`,
          repostedByMe: sql<boolean>`false`,
          followingAuthor: sql<boolean>`false`,
        })
        .from(inserted)
        .innerJoin(author, eq(author.id, inserted.userId));
      if (!row) throw new Error('The post insert returned no row');
      return toPost(row);
    },

    async findView(id: string, viewerId: string | null): Promise<Post | undefined> {
      const [row] = await db
        .select(postColumns(viewerId))
        .from(posts)
        .innerJoin(author, eq(author.id, posts.userId))
        .where(
          and(
            eq(posts.id, id),
            // A block either way: to either member, the other's post does not exist. Nor, to
            // anyone, the post of a suspended or banned member; a minor's post is for signed-in
            // members only.
            viewerId
              ? sql`NOT ${blockBetween(viewerId, outerAuthorId)}`
              : sql`NOT ${sanctioned(outerAuthorId)} AND NOT ${isMinor(outerAuthorId)}`,
            videoShownTo(
              { status: sql`${posts.mediaStatus}`, author: sql`${posts.userId}` },
              viewerId ? sql`${viewerId}` : null,
            ),
          ),
        );
      return row && toPost(row);
    },

    async findOwner(id: string) {
      const [row] = await db
        .select({
          userId: posts.userId,
          mediaPath: posts.mediaPath,
          mediaVariantWidths: posts.mediaVariantWidths,
          mediaPosterPath: posts.mediaPosterPath,
          mediaSmallPath: posts.mediaSmallPath,
          mediaStatus: posts.mediaStatus,
          sport: posts.sport,
        })
        .from(posts)
        .where(eq(posts.id, id));
      return row;
    },

    /** The author's edit of the text and sport; answers when it was stored, or null when gone. */
    async update(id: string, input: { content: string; sport: Sport }): Promise<Date | null> {
      const [row] = await db
        .update(posts)
        .set({ ...input, editedAt: sql`now()` })
        .where(eq(posts.id, id))
        .returning({ editedAt: posts.editedAt });
      return row?.editedAt ?? null;
    },

    async delete(ex: Executor, id: string) {
      await ex.delete(posts).where(eq(posts.id, id));
    },

    listPage: lists.listPage,
  };
}
