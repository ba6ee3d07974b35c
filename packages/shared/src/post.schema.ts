import { z } from 'zod';

import { MEDIA_TYPES, SPORTS } from './constants.ts';
import { imageSizesSchema } from './image.schema.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { pageSchema } from './pagination.schema.ts';
import { profileSummarySchema } from './profile.schema.ts';
import { sportSchema } from './sport.schema.ts';
import { videoSchema } from './video.schema.ts';

const v = MESSAGES.validation;

const postSportSchema = sportSchema(v.sportRequired);

export const createPostSchema = z.object({
  content: z
    .string({ error: v.postEmpty })
    .trim()
    .min(1, v.postEmpty)
    .max(LIMITS.postMax, v.postMax),
  sport: postSportSchema,
  /** An upload made just before through `POST /api/media`. */
  mediaId: z.uuid().nullable().default(null),
});
export type CreatePostInput = z.input<typeof createPostSchema>;

/** An author's edit: the text and sport, with the same limits and messages as posting. */
export const updatePostSchema = createPostSchema.pick({ content: true, sport: true });
export type UpdatePostInput = z.input<typeof updatePostSchema>;

export const postSchema = z.object({
  id: z.uuid(),
  author: profileSummarySchema,
  content: z.string(),
  mediaUrl: z.string().nullable(),
  mediaType: z.enum(MEDIA_TYPES).nullable(),
  /** A photo's size and display sizes; null for videos and for photos posted before sizes were made. */
  mediaImage: imageSizesSchema.nullable(),
  /** A video's state, poster and smaller copy; null for photos and text. */
  video: videoSchema.nullable(),
  sport: z.enum(SPORTS),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  repostsCount: z.number().int(),
  createdAt: z.iso.datetime(),
  /** When its author last edited it; null when never edited. */
  editedAt: z.iso.datetime().nullable(),
  /** The viewer's state; all false for visitors. */
  likedByMe: z.boolean(),
  repostedByMe: z.boolean(),
  followingAuthor: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

/** One entry of a feed or a profile's list: a post, or a post someone reposted. */
const feedItemSchema = z.object({
  /** Unique within a list: `post:{id}` or `repost:{id}`. */
  key: z.string(),
  kind: z.enum(['post', 'repost']),
  /** When the post was made, or when it was reposted. */
  at: z.iso.datetime(),
  repostedBy: profileSummarySchema.nullable(),
  post: postSchema,
});
export type FeedItem = z.infer<typeof feedItemSchema>;
export const feedPageSchema = pageSchema(feedItemSchema);
export type FeedPage = z.infer<typeof feedPageSchema>;

export const feedQuerySchema = z.object({
  sport: z.enum(SPORTS).optional(),
  cursor: z.string().max(300).optional(),
});

export const mediaUploadSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  mediaType: z.enum(MEDIA_TYPES),
});
export type MediaUpload = z.infer<typeof mediaUploadSchema>;

/**
 * A profile's Highlights: up to 6 of the member's own video posts, in the order they pinned
 * them (`PUT /api/me/highlights` replaces the list).
 */
export const highlightsSchema = z.object({ items: z.array(postSchema) });
export type Highlights = z.infer<typeof highlightsSchema>;
export const setHighlightsSchema = z.object({
  postIds: z
    .array(z.uuid({ error: MESSAGES.post.highlightNotVideo }))
    .max(LIMITS.highlightsMax, MESSAGES.post.highlightsFull)
    .refine((ids) => new Set(ids).size === ids.length, 'A video can be pinned once.'),
});

export const likeResultSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeResult = z.infer<typeof likeResultSchema>;
export const repostResultSchema = z.object({
  reposted: z.boolean(),
  repostsCount: z.number().int(),
});
export type RepostResult = z.infer<typeof repostResultSchema>;

export const createCommentSchema = z.object({
  content: z
    .string({ error: v.commentEmpty })
    .trim()
    .min(1, v.commentEmpty)
    .max(LIMITS.commentMax, v.commentMax),
});

export const commentSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  author: profileSummarySchema,
  content: z.string(),
  createdAt: z.iso.datetime(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = pageSchema(commentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

export const postIdParamSchema = z.object({ id: z.uuid({ error: MESSAGES.post.notFound }) });
export const commentIdParamSchema = z.object({
  id: z.uuid({ error: MESSAGES.post.notFound }),
  commentId: z.uuid({ error: MESSAGES.post.commentNotFound }),
});
