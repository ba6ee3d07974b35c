import {
  type PublicProfileInput,
  type PublicProfileSettings,
  publicProfileSettingsSchema,
} from '@arena/shared/public-profile-settings.schema';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { authKeys } from '../../lib/session/session-queries.ts';

/** The member's own settings: under the session's keys, so signing out forgets them. */
const mineKey = () => [...authKeys.all, 'public-profile'] as const;

/** Fills Settings → Public profile from the Settings page's one request (`GET /api/me/settings`). */
export function seedPublicProfileSettings(
  queryClient: QueryClient,
  settings: PublicProfileSettings,
): void {
  queryClient.setQueryData(mineKey(), settings);
}

/**
 * Settings → Public profile: whether it is on, its sections, and its address. On /settings the
 * page's request brings it (`enabled` waits for it); its changes answer with the new settings.
 */
export function usePublicProfileSettingsQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    enabled,
    staleTime: Infinity,
    queryKey: mineKey(),
    queryFn: ({ signal }) =>
      request('/api/me/public-profile', { session, signal, schema: publicProfileSettingsSchema }),
  });
}

/** Turns it on or changes it (`input`), or turns it off (`null`); the answer is the settings. */
export function usePublicProfileMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicProfileInput | null): Promise<PublicProfileSettings> =>
      input
        ? request('/api/me/public-profile', {
            method: 'PUT',
            body: input,
            session,
            schema: publicProfileSettingsSchema,
          })
        : request('/api/me/public-profile', {
            method: 'DELETE',
            session,
            schema: publicProfileSettingsSchema,
          }),
    onSuccess: (settings) => {
      queryClient.setQueryData(mineKey(), settings);
      void queryClient.invalidateQueries({ queryKey: ['public-profile'] });
    },
  });
}
