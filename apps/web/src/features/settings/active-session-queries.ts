import type { ActiveSessionList } from '@arena/shared/sessions.schema';
import { activeSessionListSchema, endedSessionsSchema } from '@arena/shared/sessions.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { authKeys } from '../../lib/session/session-queries.ts';

export const activeSessionKeys = {
  /** The devices signed in to the account (Settings, Sessions). */
  list: () => [...authKeys.all, 'sessions'] as const,
};

/** `enabled: false` while the Settings page's own request may still bring the list. */
export function useActiveSessionsQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    queryKey: activeSessionKeys.list(),
    queryFn: ({ signal }) =>
      request('/api/auth/sessions', { session, schema: activeSessionListSchema, signal }),
    enabled,
  });
}

/** Ends one session: that device is signed out at its next request. */
export function useEndSessionMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request(`/api/auth/sessions/${encodeURIComponent(id)}`, { session, method: 'DELETE' }),
    onSuccess: (_, id) =>
      queryClient.setQueryData<ActiveSessionList>(activeSessionKeys.list(), (list) =>
        list ? { sessions: list.sessions.filter((session) => session.id !== id) } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activeSessionKeys.list() }),
  });
}

/** Ends every session but this one. */
export function useEndOtherSessionsMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request('/api/auth/sessions', { session, schema: endedSessionsSchema, method: 'DELETE' }),
    onSuccess: () =>
      queryClient.setQueryData<ActiveSessionList>(activeSessionKeys.list(), (list) =>
        list ? { sessions: list.sessions.filter((session) => session.current) } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activeSessionKeys.list() }),
  });
}
