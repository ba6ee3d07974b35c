import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { MEDIA_TYPES, SPORTS } from '@arena/shared/constants';
import { LIMITS } from '@arena/shared/limits';
import { VIDEO_STATES } from '@arena/shared/video.schema';

import { createdAt, descending, id, oneOf, timestampTz } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { videoColumns } from '../videos/video.columns.ts';

export const posts = pgTable(
  'posts',
  {
    id: id(),
    /**
     * The author's PROFILE id (profiles.id), not the auth user id, as in the spec; the column's
     * name is the spec's too. It stays `user_id`: migrations are history, and a rename would touch
     * every query of the feed for no change in what is stored. The same holds for `user_id` in
     * comments, likes and reposts below: each references profiles.id.
     */
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    mediaUrl: text('media_url'),
    mediaType: text('media_type', { enum: MEDIA_TYPES }),
    /** Storage key of the media, so deleting the post deletes the file. */
    mediaPath: text('media_path'),
    /** A photo's size, so the page keeps its place before it loads; null for videos and older photos. */
    mediaWidth: integer('media_width'),
    mediaHeight: integer('media_height'),
    /** The widths of the photo's display sizes stored beside it; null when it has none. */
    mediaVariantWidths: integer('media_variant_widths').array(),
    ...videoColumns(),
    sport: text('sport', { enum: SPORTS }).notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    repostsCount: integer('reposts_count').notNull().default(0),
    createdAt: createdAt(),
    /** When its author last edited its text or sport; null for a post never edited. */
    editedAt: timestampTz('edited_at'),
  },
  (t) => [
    index('posts_created_at_idx').on(descending(t.createdAt), descending(t.id)),
    index('posts_sport_created_at_idx').on(t.sport, descending(t.createdAt), descending(t.id)),
    index('posts_user_created_at_idx').on(t.userId, descending(t.createdAt), descending(t.id)),
    // A finished transcode finds the post of its upload; few posts have one being processed.
    index('posts_media_file_idx')
      .on(t.mediaFileId)
      .where(sql`media_file_id IS NOT NULL`),
    check('posts_sport_check', oneOf('sport', SPORTS)),
    check(
      'posts_media_status_check',
      sql`${t.mediaStatus} IS NULL OR ${oneOf('media_status', VIDEO_STATES)}`,
    ),
    check(
      'posts_media_type_check',
      sql`${t.mediaType} IS NULL OR ${oneOf('media_type', MEDIA_TYPES)}`,
    ),
    check(
      'posts_content_length_check',
      sql`char_length(${t.content}) BETWEEN 1 AND ${sql.raw(String(LIMITS.postMax))}`,
    ),
    check(
      'posts_counts_check',
      sql`${t.likesCount} >= 0 AND ${t.commentsCount} >= 0 AND ${t.repostsCount} >= 0`,
    ),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_post_created_at_idx').on(t.postId, descending(t.createdAt), descending(t.id)),
    index('comments_user_idx').on(t.userId),
    check(
      'comments_content_length_check',
      sql`char_length(${t.content}) BETWEEN 1 AND ${sql.raw(String(LIMITS.commentMax))}`,
    ),
  ],
);

export const likes = pgTable(
  'likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('likes_post_idx').on(t.postId)],
);

export const reposts = pgTable(
  'reposts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reposts_user_post_key').on(t.userId, t.postId),
    // The post id too, so that the feed reads the reposts of the members followed from this
    // index alone, without visiting the table (post-lists.repository.ts).
    index('reposts_user_created_at_post_idx').on(
      t.userId,
      descending(t.createdAt),
      descending(t.id),
      t.postId,
    ),
    index('reposts_post_idx').on(t.postId),
  ],
);

/**
 * A profile's Highlights: up to 6 of the member's own video posts, in the order pinned (the
 * service keeps the limit and the ownership; a deleted post leaves the list with its row).
 */
export const highlights = pgTable(
  'highlights',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.postId] }),
    index('highlights_post_idx').on(t.postId),
    check(
      'highlights_position_check',
      sql`${t.position} BETWEEN 0 AND ${sql.raw(String(LIMITS.highlightsMax - 1))}`,
    ),
  ],
);
