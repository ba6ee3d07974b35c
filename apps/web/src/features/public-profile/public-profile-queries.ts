import {
  type PublicProfileInput,
  type PublicProfileSettings,
  publicProfilePageSchema,
  publicProfileSettingsSchema,
} from '@arena/shared/public-profile.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { authKeys } from '../../lib/session/session-queries.ts';

const publicProfileKeys = {
  page: (username: string) => ['public-profile', username.toLowerCase()] as const,
  /** The member's own settings: under the session's keys, so signing out forgets them. */
  mine: () => [...authKeys.all, 'public-profile'] as const,
};

/** A member's public profile as anyone sees it at /p/{username}; a 404 when there is none. */
export function usePublicProfileQuery(username: string) {
  const session = useSessionManager();
  return useQuery({
    queryKey: publicProfileKeys.page(username),
    queryFn: ({ signal }) =>
      request(`/api/public/profiles/${encodeURIComponent(username)}`, {
        session,
        signal,
        schema: publicProfilePageSchema,
      }),
  });
}

/** Settings → Public profile: whether it is on, its sections, and its address. */
export function usePublicProfileSettingsQuery() {
  const session = useSessionManager();
  return useQuery({
    queryKey: publicProfileKeys.mine(),
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
      queryClient.setQueryData(publicProfileKeys.mine(), settings);
      void queryClient.invalidateQueries({ queryKey: ['public-profile'] });
    },
  });
}
