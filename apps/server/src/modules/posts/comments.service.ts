import type { z } from 'zod';

import { MESSAGES } from '@arena/shared/messages';
import type { Comment, CommentPage, createCommentSchema } from '@arena/shared/post.schema';

import { unlessGone } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { CommentsRepository } from './comments.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { PostsRepository } from './posts.repository.ts';
import type { SafetyRepository } from '../safety/safety.repository.ts';

export type CommentsService = ReturnType<typeof createCommentsService>;

type Row = Awaited<ReturnType<CommentsRepository['add']>>;
const toComment = (row: Row): Comment => ({ ...row, createdAt: row.createdAt.toISOString() });

export function createCommentsService(
  comments: CommentsRepository,
  posts: PostsRepository,
  bus: EventBus,
  notifications?: Pick<NotificationsService, 'record' | 'recordMentions' | 'announce'>,
  safety?: Pick<SafetyRepository, 'between'>,
) {
  /**
   * The post, unless it is gone, there is a block between its author and the viewer, or its video
   * is still processing (its author's alone until then).
   */
  async function requirePost(postId: string, viewerId: string | null) {
    const owner = await posts.findOwner(postId);
    if (!owner) throw new AppError('not_found', MESSAGES.post.notFound);
    if (owner.mediaStatus !== null && viewerId !== owner.userId) {
      throw new AppError('not_found', MESSAGES.post.notFound);
    }
    if (viewerId && safety && viewerId !== owner.userId) {
      const blocks = await safety.between(viewerId, owner.userId);
      if (blocks.blocking || blocks.blockedBy) {
        throw new AppError('not_found', MESSAGES.post.notFound);
      }
    }
    return owner;
  }

  /** Deletes the comment whoever wrote it (its author, a moderator), with the post's count. */
  async function removeComment(postId: string, commentId: string): Promise<void> {
    if (await comments.remove(postId, commentId)) {
      await bus.publish({ type: 'comment.deleted', topic: `post:${postId}`, postId, commentId });
    }
  }

  return {
    async list(
      postId: string,
      viewer: AuthContext | null,
      cursor: string | undefined,
      limit: number,
    ): Promise<CommentPage> {
      const viewerId = viewer?.profileId ?? null;
      await requirePost(postId, viewerId);
      const rows = await comments.list(postId, viewerId, decodeCursor(cursor), limit);
      const page = pageOf(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
      return { items: page.items.map(toComment), nextCursor: page.nextCursor };
    },

    async add(
      auth: AuthContext,
      postId: string,
      input: z.output<typeof createCommentSchema>,
    ): Promise<Comment> {
      const { userId: authorId } = await requirePost(postId, auth.profileId);
      const told: (string | null)[] = [];
      const row = await unlessGone(
        () =>
          // The post's author and everyone mentioned hear of it, in the comment's transaction.
          comments.add(postId, auth.profileId, input.content, async (tx, commentId) => {
            if (!notifications) return;
            told.push(
              await notifications.record(tx, {
                recipientId: authorId,
                kind: 'comment',
                subjectId: postId,
                actorId: auth.profileId,
              }),
              ...(await notifications.recordMentions(tx, {
                text: input.content,
                actorId: auth.profileId,
                subjectId: commentId,
                in: 'comment',
              })),
            );
          }),
        () => new AppError('not_found', MESSAGES.post.notFound),
      );
      const comment = toComment(row);
      await bus.publish({ type: 'comment.created', topic: `post:${postId}`, comment });
      await notifications?.announce(told);
      return comment;
    },

    /** Comment authors delete their own comments. */
    async remove(auth: AuthContext, postId: string, commentId: string): Promise<void> {
      const owner = await comments.findOwner(postId, commentId);
      if (!owner) throw new AppError('not_found', MESSAGES.post.commentNotFound);
      if (owner.userId !== auth.profileId)
        throw new AppError('forbidden', MESSAGES.post.deleteOthersComment);
      await removeComment(postId, commentId);
    },

    removeAny: removeComment,
  };
}
