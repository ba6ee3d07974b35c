import { publicProfilePageSchema } from '@arena/shared/public-profile.schema';
import { useQuery } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';

/** Pages by username (the settings' changes clear them all: `['public-profile']`). */
const publicProfileKeys = {
  page: (username: string) => ['public-profile', username.toLowerCase()] as const,
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
