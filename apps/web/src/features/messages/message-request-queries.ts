import { PAGE_SIZE } from '@arena/shared/limits';
import { messageRequestPageSchema, messageRequestResultSchema } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { messageKeys } from './messages-cache.ts';

/** What the recipient of a message request does with it. */
export type RequestAnswer = 'accept' | 'decline' | 'block';

const ANSWERED: Record<RequestAnswer, string> = {
  accept: MESSAGES.messaging.requestAccepted,
  decline: MESSAGES.messaging.requestDeclined,
  block: MESSAGES.messaging.requestBlocked,
};

/** Message requests waiting for you, most recent first, a page at a time. */
export function useMessageRequestsQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useInfiniteQuery({
    enabled,
    queryKey: messageKeys.requests(),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return request(`/api/conversations/requests?${params.toString()}`, {
        session,
        schema: messageRequestPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * Accepts, declines or blocks the sender of a request; the lists and counts it moves between are
 * fetched again, and the outcome is toasted.
 */
export function useAnswerRequestMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: RequestAnswer }) =>
      request(`/api/conversations/${encodeURIComponent(id)}/${answer}`, {
        method: 'POST',
        session,
        schema: messageRequestResultSchema,
      }),
    // Not awaited: the caller moves on at once (the request leaves its list as these refetch).
    onSuccess: (_result, { answer }) => {
      toast.success(ANSWERED[answer]);
      for (const queryKey of [
        messageKeys.requests(),
        messageKeys.conversations(),
        messageKeys.unread(),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (error) => toast.error(error.message || MESSAGES.messaging.requestActionFailed),
  });
}
