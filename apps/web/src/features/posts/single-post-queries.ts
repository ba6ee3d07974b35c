import { MESSAGES } from '@arena/shared/messages';
import { postSchema } from '@arena/shared/post.schema';
import type { Post, UpdatePostInput } from '@arena/shared/post.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';

import { ApiRequestError } from '../../lib/http/api-error.ts';
import { request } from '../../lib/http/request.ts';
import { useRealtime } from '../../lib/realtime/use-realtime.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { errorMessage, patchCachedPost, postKeys, removeCachedPost } from './post-queries.ts';

/** What an edit changes of a post, as the server says it (its answer, or the realtime event). */
type PostEdit = Pick<Post, 'id' | 'content' | 'sport' | 'editedAt'>;

/** Puts an edit in every cached copy of the post: the lists and its own page. */
export function applyPostEdit(queryClient: QueryClient, edit: PostEdit): void {
  patchCachedPost(queryClient, edit.id, (post) => ({
    ...post,
    content: edit.content,
    sport: edit.sport,
    editedAt: edit.editedAt,
  }));
}

/** Is this the server saying the post does not exist (never did, or was deleted)? */
export function isPostGone(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** One post, for its page. A missing post is not retried: it is shown as not found. */
export function usePostQuery(id: string) {
  const session = useSessionManager();
  return useQuery({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => request(`/api/posts/${id}`, { session, schema: postSchema, signal }),
    retry: (failures, error) => !isPostGone(error) && failures < 2,
  });
}

/**
 * The post's page stays live: an edit by its author shows at once, and a deletion turns the page
 * into its not-found page (the answer: has the post been deleted while open?).
 */
export function usePostLive(id: string): { deleted: boolean } {
  const queryClient = useQueryClient();
  const [deleted, setDeleted] = useState(false);
  useRealtime(
    `post:${id}`,
    (event) => {
      if (event.type === 'post.edited') applyPostEdit(queryClient, event.post);
      else if (event.type === 'post.deleted' && event.postId === id) {
        setDeleted(true);
        removeCachedPost(queryClient, id);
      }
    },
    () => void queryClient.invalidateQueries({ queryKey: postKeys.detail(id) }),
  );
  return { deleted };
}

/** The author's edit of a post's text and sport. */
export function useEditPostMutation(postId: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePostInput) =>
      request(`/api/posts/${postId}`, {
        session,
        schema: postSchema,
        method: 'PATCH',
        body: input,
      }),
    onSuccess: (post) => {
      applyPostEdit(queryClient, post);
      toast.success(MESSAGES.post.edited);
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.post.editFailed)),
  });
}
