import { MESSAGES } from '@arena/shared/messages';
import { highlightsSchema } from '@arena/shared/post.schema';
import type { Highlights } from '@arena/shared/post.schema';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { errorMessage } from './post-queries.ts';

/*
 * A profile's Highlights: the video posts its member pinned, in their order. The member changes
 * them by sending the whole new list (`PUT /api/me/highlights`), so a pin is made from the list
 * as the server last gave it.
 */

export const highlightKeys = {
  all: ['highlights'] as const,
  of: (username: string) => [...highlightKeys.all, username.toLowerCase()] as const,
};

/** Not in the shared messages: the server words every refusal it makes itself. */
const SAVE_FAILED = MESSAGES.post.highlightsFailed;

/** A member's pinned videos; nothing is asked while `username` is null. */
export function useHighlightsQuery(username: string | null) {
  const session = useSessionManager();
  return useQuery({
    queryKey: highlightKeys.of(username ?? ''),
    queryFn:
      username === null
        ? skipToken
        : ({ signal }) =>
            request(`/api/profiles/${encodeURIComponent(username)}/highlights`, {
              session,
              schema: highlightsSchema,
              signal,
            }),
  });
}

/**
 * Sends the signed-in member's new list; their profile's Highlights take the server's answer. A
 * refusal (more than six, a post that is not their own ready video) is toasted in the server's words.
 */
function useSetHighlightsMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const username = useCurrentUser()?.profile.username ?? null;
  return useMutation({
    mutationFn: ({ postIds }: { postIds: string[]; pinning: boolean }) =>
      request('/api/me/highlights', {
        session,
        schema: highlightsSchema,
        method: 'PUT',
        body: { postIds },
      }),
    onSuccess: (highlights: Highlights, { pinning }) => {
      if (username !== null) queryClient.setQueryData(highlightKeys.of(username), highlights);
      toast.success(pinning ? MESSAGES.post.highlightPinned : MESSAGES.post.highlightUnpinned);
    },
    onError: (error) => toast.error(errorMessage(error, SAVE_FAILED)),
  });
}

/**
 * Pin or unpin one of the signed-in member's video posts. `ready` is false until their current
 * list is known (it is sent whole, so a guess could drop a pin) and while a change is on its way.
 */
export function useHighlightToggle(postId: string) {
  const username = useCurrentUser()?.profile.username ?? null;
  const highlights = useHighlightsQuery(username);
  const mutation = useSetHighlightsMutation();
  const ids = highlights.data?.items.map((post) => post.id);
  const pinned = ids?.includes(postId) ?? false;
  return {
    pinned,
    ready: ids !== undefined && !mutation.isPending,
    toggle: () => {
      if (ids === undefined) return;
      mutation.mutate({
        postIds: pinned ? ids.filter((id) => id !== postId) : [...ids, postId],
        pinning: !pinned,
      });
    },
  };
}
