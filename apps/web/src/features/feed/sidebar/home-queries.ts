import { homeSidebarSchema } from '@arena/shared/screens.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/http/request.ts';
import { useSessionManager } from '../../../lib/session/session-context.tsx';
import { cvKeys } from '../../cv/cv-queries.ts';
import { peopleKeys } from '../../people/people-queries.ts';
import { organizationKeys } from '../../profile/organization-queries.ts';
import { profileKeys } from '../../profile/profile-queries.ts';
import { takeEarlyAnswer } from '../early-answers.ts';

const homeKeys = {
  sidebar: () => ['home', 'sidebar'] as const,
};

/**
 * The feed's right column in one request: it fills the cache entries of your CV, your
 * visibility and your suggestions, which the cards read (and refresh alone later on).
 * `ready` says when the cards may ask for themselves: once this request has brought their data,
 * or failed.
 */
export function useHomeSidebar(username: string): { ready: boolean } {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: homeKeys.sidebar(),
    queryFn: async ({ signal }) => {
      const data = await request('/api/me/home', {
        session,
        schema: homeSidebarSchema,
        signal,
        earlyAnswer: (token) => takeEarlyAnswer('/api/me/home', token),
      });
      if (data.cv) queryClient.setQueryData(cvKeys.detail(username), data.cv);
      if (data.organization) {
        queryClient.setQueryData(organizationKeys.detail(username), data.organization);
      }
      queryClient.setQueryData(profileKeys.visibility(), data.visibility);
      queryClient.setQueryData(peopleKeys.suggestions(), data.suggestions);
      return data;
    },
  });
  return { ready: query.isError || (query.isSuccess && !query.isFetching) };
}
