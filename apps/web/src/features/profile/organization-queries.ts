import { organizationProfileSchema } from '@arena/shared/organization.schema';
import type {
  OrganizationProfile,
  OrganizationProfilePatch,
} from '@arena/shared/organization.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';

/** An organisation's profile (club, agent, coach), keyed by username in lower case. */
export const organizationKeys = {
  all: ['organization'] as const,
  detail: (username: string) => [...organizationKeys.all, username.toLowerCase()] as const,
};

/** `enabled: false` holds the request while another one (the profile page, the sidebar) brings it. */
export function useOrganizationQuery(username: string | null | undefined, { enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    queryKey: organizationKeys.detail(username ?? ''),
    queryFn: ({ signal }) =>
      request(`/api/profiles/${encodeURIComponent(username ?? '')}/organization`, {
        session,
        schema: organizationProfileSchema,
        signal,
      }),
    enabled: enabled && Boolean(username),
  });
}

/** Saves fields of the signed-in organisation's profile; the answer replaces the cached one. */
export function useOrganizationMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationFn: (patch: OrganizationProfilePatch): Promise<OrganizationProfile> =>
      request('/api/me/organization', {
        session,
        schema: organizationProfileSchema,
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: (organization) => {
      if (me) queryClient.setQueryData(organizationKeys.detail(me.profile.username), organization);
    },
  });
}
