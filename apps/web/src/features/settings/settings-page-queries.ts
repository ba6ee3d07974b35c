import { settingsPageSchema } from '@arena/shared/settings-page.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { authKeys } from '../../lib/session/session-queries.ts';
import { identityKeys } from '../auth/identity-queries.ts';
import { seedGuardian } from '../guardians/guardian-queries.ts';
import { seedPublicProfileSettings } from '../public-profile/public-profile-settings-queries.ts';
import { seedRestrictedLists } from '../safety/safety-queries.ts';
import { mfaKeys } from '../auth/mfa-queries.ts';
import { activeSessionKeys } from './active-session-queries.ts';
import { seedMessagePolicy } from './message-policy-queries.ts';

const settingsPageKeys = {
  page: () => [...authKeys.all, 'settings-page'] as const,
};

/**
 * /settings in one request: it fills the cache entries of the sessions, the second factors, the
 * linked identities, the providers, the blocked and muted lists, who can message the member, the
 * guardian and the public profile, which the sections read, and which their changes refresh
 * alone afterwards (each through its own endpoint). `ready` says when the sections may ask for
 * themselves: once this request has brought their data, or failed.
 */
export function useSettingsPage(): { ready: boolean } {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsPageKeys.page(),
    queryFn: async ({ signal }) => {
      const data = await request('/api/me/settings', {
        session,
        schema: settingsPageSchema,
        signal,
      });
      queryClient.setQueryData(activeSessionKeys.list(), { sessions: data.sessions });
      queryClient.setQueryData(mfaKeys.factors(), data.factors);
      queryClient.setQueryData(identityKeys.mine(), data.identities);
      queryClient.setQueryData(identityKeys.providers(), { providers: data.providers });
      seedRestrictedLists(queryClient, { blocked: data.blocked, muted: data.muted });
      seedMessagePolicy(queryClient, data.messagePolicy);
      seedGuardian(queryClient, data.guardian);
      seedPublicProfileSettings(queryClient, data.publicProfile);
      return data;
    },
  });
  return { ready: query.isError || (query.isSuccess && !query.isFetching) };
}
