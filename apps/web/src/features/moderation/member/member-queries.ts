import { MESSAGES } from '@arena/shared/messages';
import { myModerationActionSchema, myModerationPageSchema } from '@arena/shared/moderation.schema';
import type { MyModerationPage } from '@arena/shared/moderation.schema';
import { PAGE_SIZE } from '@arena/shared/limits';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { toast } from 'sonner';

import { request } from '../../../lib/http/request.ts';
import { useSessionManager } from '../../../lib/session/session-context.tsx';

const memberKeys = {
  mine: ['moderation', 'mine'] as const,
  byToken: (token: string) => ['moderation', 'appeal-link', token] as const,
};

/** /decisions: the actions taken against the signed-in member, newest first. */
export function useMyDecisionsQuery() {
  const session = useSessionManager();
  return useInfiniteQuery({
    queryKey: memberKeys.mine,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return request(`/api/me/moderation?${params.toString()}`, {
        session,
        schema: myModerationPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * Appeals one action, once (`POST /api/moderation/actions/:id/appeal`): the action then shows
 * 'Appeal sent' and offers no second one. A refusal stays in the dialog.
 */
export function useAppealMutation(actionId: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      request(`/api/moderation/actions/${encodeURIComponent(actionId)}/appeal`, {
        session,
        method: 'POST',
        body: { text },
      }),
    onSuccess: async (_answer, text) => {
      toast.success(MESSAGES.moderation.appealSent);
      queryClient.setQueryData<InfiniteData<MyModerationPage>>(memberKeys.mine, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  item.id === actionId
                    ? {
                        ...item,
                        canAppeal: false,
                        appeal: item.appeal ?? {
                          id: actionId,
                          text,
                          createdAt: new Date().toISOString(),
                          decision: null,
                          decidedAt: null,
                        },
                      }
                    : item,
                ),
              })),
            }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: memberKeys.mine });
    },
  });
}

/** /appeal?token=…: the action a suspended or banned member was emailed about. */
export function useAppealLinkQuery(token: string) {
  return useQuery({
    enabled: token !== '',
    queryKey: memberKeys.byToken(token),
    queryFn: ({ signal }) =>
      request(`/api/moderation/appeal?token=${encodeURIComponent(token)}`, {
        schema: myModerationActionSchema,
        signal,
        failureMessages: { 404: MESSAGES.moderation.appealLinkInvalid },
      }),
    retry: false,
  });
}

export function useLinkAppealMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      request('/api/moderation/appeal', { method: 'POST', body: { token, text } }),
    onSuccess: async () => {
      toast.success(MESSAGES.moderation.appealSent);
      await queryClient.invalidateQueries({ queryKey: memberKeys.byToken(token) });
    },
  });
}
