import type { z } from 'zod';

import type { Sport } from '@arena/shared/constants';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type {
  createPostSchema,
  updatePostSchema,
  FeedPage,
  LikeResult,
  Post,
  RepostResult,
} from '@arena/shared/post.schema';

import type { Executor } from '../../db/database.ts';
import { unlessGone } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { removeUpload } from '../media/image-files.ts';
import { claimedMedia } from '../videos/claimed-media.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import { publicUrl } from '../media/media.service.ts';
import type { ProfilesRepository } from '../profiles/profiles.repository.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { mergePage } from './feed-merge.ts';
import type { ListFilter, NewPostMedia, PostsRepository } from './posts.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { ReactionsRepository } from './reactions.repository.ts';

export type PostsService = ReturnType<typeof createPostsService>;

const NO_MEDIA: NewPostMedia = {
  mediaUrl: null,
  mediaType: null,
  mediaPath: null,
  mediaWidth: null,
  mediaHeight: null,
  mediaVariantWidths: null,
  mediaStatus: null,
  mediaFileId: null,
  mediaDurationMs: null,
  mediaPosterPath: null,
  mediaSmallPath: null,
};

const postGone = () => new AppError('not_found', MESSAGES.post.notFound);

export function createPostsService(deps: {
  posts: PostsRepository;
  reactions: ReactionsRepository;
  media: MediaRepository;
  profiles: ProfilesRepository;
  storage: FileStorage;
  bus: EventBus;
  notifications?: Pick<
    NotificationsService,
    'record' | 'withdraw' | 'announce' | 'recordMentions' | 'draft' | 'recorded'
  >;
}) {
  const { posts, reactions, storage, notifications } = deps;

  /**
   * A like or repost (or its undoing) and the author's notification, together: a reaction that
   * is stored always notifies, one rolled back never does. A new one is one statement with its
   * entry (and on PostgreSQL the bell); an undoing is a transaction that withdraws it. Only a
   * real change notifies: a second like of the same post is no news.
   */
  async function react(
    kind: 'like' | 'repost',
    auth: AuthContext,
    postId: string,
    add: boolean,
  ): Promise<number | null> {
    if (add) {
      const notice = notifications?.draft({ kind, subjectId: postId, actorId: auth.profileId });
      const reaction = await reactions.add(kind, auth.profileId, postId, notice);
      if (reaction.blocked) throw postGone();
      await notifications?.recorded(reaction.entry, reaction.rang);
      return reaction.count;
    }
    const { count, told } = await reactions.transaction(async (tx) => {
      const reaction = await reactions.remove(tx, kind, auth.profileId, postId);
      if (reaction.blocked) throw postGone();
      if (!reaction.changed || !reaction.authorId || !notifications) {
        return { count: reaction.count, told: null };
      }
      const happening = { recipientId: reaction.authorId, kind, subjectId: postId };
      return {
        count: reaction.count,
        told: await notifications.withdraw(tx, { ...happening, actorId: auth.profileId }),
      };
    });
    if (told) await notifications?.announce([told]);
    return count;
  }

  async function view(id: string, viewer: AuthContext | null): Promise<Post> {
    const post = await posts.findView(id, viewer?.profileId ?? null);
    if (!post) throw new AppError('not_found', MESSAGES.post.notFound);
    return post;
  }

  async function requirePost(id: string) {
    const owner = await posts.findOwner(id);
    if (!owner) throw new AppError('not_found', MESSAGES.post.notFound);
    return owner;
  }

  /** Deletes the post whoever wrote it (an author's delete, a moderator's removal). */
  async function removePost(
    id: string,
    known?: Awaited<ReturnType<typeof requirePost>>,
  ): Promise<void> {
    const owner = known ?? (await posts.findOwner(id));
    if (!owner) return;
    // A video still processing loses its upload's record here; its job then finds nothing to do.
    const sourceKey = await posts.transaction(async (tx) => {
      await posts.delete(tx, id);
      if (!owner.mediaPath) return null;
      return deps.media.removeByPath(tx, 'post-media', owner.mediaPath);
    });
    await Promise.all([
      deps.bus.publish({ type: 'post.deleted', topic: 'feed', postId: id }),
      deps.bus.publish({ type: 'post.deleted', topic: `post:${id}`, postId: id }),
    ]);
    if (owner.mediaPath) {
      await removeUpload(storage, 'post-media', {
        path: owner.mediaPath,
        variantWidths: owner.mediaVariantWidths,
        posterPath: owner.mediaPosterPath,
        smallPath: owner.mediaSmallPath,
        sourceKey,
      });
    }
  }

  /**
   * One page of a list: the spec's "20 posts and 10 reposts, merged by time, cut to 20", read in
   * one statement and merged here (feed-merge.ts says how pages follow on without gaps).
   */
  async function page(
    viewerId: string | null,
    filter: ListFilter,
    cursor: string | undefined,
  ): Promise<FeedPage> {
    const after = decodeCursor(cursor);
    const entries = await posts.listPage(viewerId, filter, after);
    const { items, more } = mergePage(
      [
        { items: entries.filter((e) => e.source === 'post'), limit: LIMITS.feedPosts },
        { items: entries.filter((e) => e.source === 'repost'), limit: LIMITS.feedReposts },
      ],
      LIMITS.feedPosts,
    );
    const last = items.at(-1);
    return {
      items: items.map((entry) => entry.item),
      nextCursor: more && last ? encodeCursor({ createdAt: last.at, id: last.id }) : null,
    };
  }

  return {
    view,

    async create(auth: AuthContext, input: z.output<typeof createPostSchema>): Promise<Post> {
      const insert = (media: NewPostMedia, ex?: Executor) =>
        posts.insert(
          { userId: auth.profileId, content: input.content, sport: input.sport, ...media },
          ex,
        );
      const { mediaId } = input;
      const told: string[] = [];
      const post = await posts.transaction(async (tx) => {
        let media = NO_MEDIA;
        if (mediaId) {
          const file = await deps.media.claim(tx, mediaId, auth.userId, 'post-media');
          if (!file) throw new AppError('bad_request', MESSAGES.post.mediaMissing);
          if (file.videoStatus === 'failed')
            throw new AppError('bad_request', MESSAGES.post.mediaFailed);
          media = {
            mediaUrl: publicUrl('post-media', file.path),
            mediaType: file.contentType.startsWith('video/') ? 'video' : 'image',
            mediaPath: file.path,
            ...claimedMedia(mediaId, file),
          };
        }
        const created = await insert(media, tx);
        // Whoever the text mentions hears of it, in the post's transaction.
        if (notifications) {
          told.push(
            ...(await notifications.recordMentions(tx, {
              text: input.content,
              actorId: auth.profileId,
              subjectId: created.id,
              in: 'post',
            })),
          );
        }
        return created;
      });
      await notifications?.announce(told);
      // A video being processed is announced when it is ready (videos.service.ts).
      if (post.video?.status === 'processing') return post;
      // To the author's followers online (feed-audience.ts); others see it when they next load.
      await deps.bus.publish({
        type: 'post.created',
        topic: 'feed',
        post: { id: post.id, sport: post.sport, authorId: post.author.id },
      });
      return post;
    },

    /**
     * Authors edit their own posts' text and sport (nobody else may, admins included); open
     * feeds and the post's page hear of it.
     */
    async edit(
      auth: AuthContext,
      id: string,
      input: z.output<typeof updatePostSchema>,
    ): Promise<Post> {
      const owner = await requirePost(id);
      if (owner.userId !== auth.profileId)
        throw new AppError('forbidden', MESSAGES.post.editOthers);
      const editedAt = await posts.update(id, input);
      if (!editedAt) throw postGone();
      const edited = {
        id,
        content: input.content,
        sport: input.sport,
        editedAt: editedAt.toISOString(),
      };
      await Promise.all([
        deps.bus.publish({ type: 'post.edited', topic: 'feed', post: edited }),
        deps.bus.publish({ type: 'post.edited', topic: `post:${id}`, post: edited }),
      ]);
      return view(id, auth);
    },

    /**
     * Authors delete their own posts; the media goes with them. Open feeds and the post's page
     * hear of it.
     */
    async delete(auth: AuthContext, id: string): Promise<void> {
      const owner = await requirePost(id);
      if (owner.userId !== auth.profileId)
        throw new AppError('forbidden', MESSAGES.post.deleteOthers);
      await removePost(id, owner);
    },

    remove: removePost,

    /** Every post (optionally of one sport) and the reposts of the people the viewer follows. */
    feed(
      viewer: AuthContext,
      sport: Sport | undefined,
      cursor: string | undefined,
    ): Promise<FeedPage> {
      return page(viewer.profileId, { feedOf: viewer.profileId, sport }, cursor);
    },

    /** A profile's own posts and reposts, newest first. */
    async ofProfile(
      username: string,
      viewer: AuthContext | null,
      cursor: string | undefined,
    ): Promise<FeedPage> {
      const found = await deps.profiles.findIdByUsername(username);
      if (!found) throw new AppError('not_found', MESSAGES.profileNotFound);
      return page(viewer?.profileId ?? null, { profileId: found.id }, cursor);
    },

    async setLiked(auth: AuthContext, id: string, liked: boolean): Promise<LikeResult> {
      // A missing post: liking it breaks the like's foreign key, unliking it finds no count.
      const likesCount = await unlessGone(() => react('like', auth, id, liked), postGone);
      if (likesCount === null) throw postGone();
      return { liked, likesCount };
    },

    async setReposted(auth: AuthContext, id: string, reposted: boolean): Promise<RepostResult> {
      const { sport } = await requirePost(id);
      const repostsCount = await unlessGone(() => react('repost', auth, id, reposted), postGone);
      if (repostsCount === null) throw postGone();
      // The feed shows reposts to the reposter's followers only, and only they hear of it: the
      // realtime route sends it to the reposter's followers online (feed-audience.ts).
      if (reposted)
        await deps.bus.publish({
          type: 'post.reposted',
          topic: 'feed',
          post: { id, sport },
          reposterId: auth.profileId,
        });
      return { reposted, repostsCount };
    },
  };
}
