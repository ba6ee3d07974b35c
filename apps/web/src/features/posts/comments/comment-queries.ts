import { MESSAGES } from '@arena/shared/messages';
import { commentPageSchema, commentSchema } from '@arena/shared/post.schema';
import type { Comment, CommentPage } from '@arena/shared/post.schema';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { request } from '../../../lib/http/request.ts';
import { useRealtime } from '../../../lib/realtime/use-realtime.ts';
import { useSessionManager } from '../../../lib/session/session-context.tsx';
import { errorMessage, patchCachedPost } from '../post-queries.ts';

/** Comments shown at first and added by each 'Load more'. */
const COMMENTS_PAGE_SIZE = 10;

export const commentKeys = {
  all: ['comments'] as const,
  ofPost: (postId: string) => [...commentKeys.all, postId] as const,
};

type CommentData = InfiniteData<CommentPage, string | null>;

/** A post's comments, newest first. */
export function useCommentsInfiniteQuery(postId: string) {
  const session = useSessionManager();
  return useInfiniteQuery({
    queryKey: commentKeys.ofPost(postId),
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ limit: String(COMMENTS_PAGE_SIZE) });
      if (pageParam) search.set('cursor', pageParam);
      return request(`/api/posts/${postId}/comments?${search.toString()}`, {
        session,
        schema: commentPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

function updateComments(
  queryClient: QueryClient,
  postId: string,
  update: (pages: CommentPage[]) => CommentPage[],
): void {
  queryClient.setQueryData<CommentData>(commentKeys.ofPost(postId), (data) =>
    data ? { ...data, pages: update(data.pages) } : data,
  );
}

function bumpCommentsCount(queryClient: QueryClient, postId: string, by: number): void {
  patchCachedPost(queryClient, postId, (post) => ({
    ...post,
    commentsCount: Math.max(0, post.commentsCount + by),
  }));
}

function cachedComments(queryClient: QueryClient, postId: string): Comment[] | null {
  const data = queryClient.getQueryData<CommentData>(commentKeys.ofPost(postId));
  return data ? data.pages.flatMap((page) => page.items) : null;
}

/**
 * A new comment, from this tab's POST or from the post's live topic: it heads the first page
 * (newest first) and the post's count moves, once, whichever of the two arrives first.
 */
export function insertComment(queryClient: QueryClient, comment: Comment): void {
  if (cachedComments(queryClient, comment.postId)?.some((known) => known.id === comment.id)) return;
  updateComments(queryClient, comment.postId, ([first, ...rest]) =>
    first ? [{ ...first, items: [comment, ...first.items] }, ...rest] : [],
  );
  bumpCommentsCount(queryClient, comment.postId, 1);
}

/** A deleted comment leaves the list and the count, once. */
export function removeComment(queryClient: QueryClient, postId: string, commentId: string): void {
  const cached = cachedComments(queryClient, postId);
  if (cached && !cached.some((known) => known.id === commentId)) return;
  updateComments(queryClient, postId, (pages) =>
    pages.map((page) => ({
      ...page,
      items: page.items.filter((comment) => comment.id !== commentId),
    })),
  );
  bumpCommentsCount(queryClient, postId, -1);
}

/**
 * Keeps an open post's comments live: others' comments appear and deleted ones go without a
 * reload; after a reconnect the list is fetched again, since events may have been missed.
 */
export function useLiveComments(postId: string): void {
  const queryClient = useQueryClient();
  useRealtime(
    `post:${postId}`,
    (event) => {
      if (event.type === 'comment.created') insertComment(queryClient, event.comment);
      else if (event.type === 'comment.deleted')
        removeComment(queryClient, event.postId, event.commentId);
    },
    () => void queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId) }),
  );
}

export function useAddCommentMutation(postId: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      request(`/api/posts/${postId}/comments`, {
        session,
        schema: commentSchema,
        method: 'POST',
        body: { content },
      }),
    onSuccess: (comment: Comment) => {
      insertComment(queryClient, comment);
      toast.success(MESSAGES.post.commentAdded);
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.post.commentFailed)),
  });
}

export function useDeleteCommentMutation(postId: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      request(`/api/posts/${postId}/comments/${commentId}`, { session, method: 'DELETE' }),
    onSuccess: (_, commentId) => {
      removeComment(queryClient, postId, commentId);
      toast.success(MESSAGES.post.commentDeleted);
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.post.commentDeleteFailed)),
  });
}
