import type { ActiveSessionList } from '@arena/shared/sessions.schema';
import { activeSessionListSchema, endedSessionsSchema } from '@arena/shared/sessions.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { authKeys } from '../../lib/session/session-queries.ts';
import { apiJson, apiNoContent } from '../../lib/http/client.ts';

export const activeSessionKeys = {
  /** The devices signed in to the account (Settings, Sessions). */
  list: () => [...authKeys.all, 'sessions'] as const,
};

/** `enabled: false` while the Settings page's own request may still bring the list. */
export function useActiveSessionsQuery({ enabled = true } = {}) {
  return useQuery({
    queryKey: activeSessionKeys.list(),
    queryFn: ({ signal }) => apiJson('/api/auth/sessions', activeSessionListSchema, { signal }),
    enabled,
  });
}

/** Ends one session: that device is signed out at its next request. */
export function useEndSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiNoContent(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) =>
      queryClient.setQueryData<ActiveSessionList>(activeSessionKeys.list(), (list) =>
        list ? { sessions: list.sessions.filter((session) => session.id !== id) } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activeSessionKeys.list() }),
  });
}

/** Ends every session but this one. */
export function useEndOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('/api/auth/sessions', endedSessionsSchema, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.setQueryData<ActiveSessionList>(activeSessionKeys.list(), (list) =>
        list ? { sessions: list.sessions.filter((session) => session.current) } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activeSessionKeys.list() }),
  });
}
