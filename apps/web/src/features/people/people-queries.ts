import { LIMITS, PAGE_SIZE } from '@arena/shared/limits';
import {
  profileCardPageSchema,
  profileCardSchema,
  searchResultsSchema,
} from '@arena/shared/profile.schema';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';

export const peopleKeys = {
  all: ['people'] as const,
  discoverAll: () => [...peopleKeys.all, 'discover'] as const,
  discover: (q: string) => [...peopleKeys.discoverAll(), q] as const,
  search: (q: string) => [...peopleKeys.all, 'search', q.toLowerCase()] as const,
  suggestions: () => [...peopleKeys.all, 'suggestions'] as const,
};

/** Everyone but you, newest first, optionally matching `q`; pages by cursor. */
export function useDiscoverQuery(q: string) {
  const session = useSessionManager();
  const query = q.trim();
  return useInfiniteQuery({
    queryKey: peopleKeys.discover(query),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (query) params.set('q', query);
      if (pageParam) params.set('cursor', pageParam);
      return request(`/api/people/discover?${params.toString()}`, {
        session,
        schema: profileCardPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** Up to 5 people whose username or full name contains `q` (from 2 characters). */
export function useSearchQuery(q: string) {
  const session = useSessionManager();
  const query = q.trim();
  return useQuery({
    queryKey: peopleKeys.search(query),
    queryFn: ({ signal }) =>
      request(`/api/people/search?${new URLSearchParams({ q: query }).toString()}`, {
        session,
        schema: searchResultsSchema,
        signal,
      }),
    enabled: query.length >= LIMITS.searchMinChars,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Up to 5 people to follow, for the feed's right column. */
export function useSuggestionsQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    queryKey: peopleKeys.suggestions(),
    queryFn: () =>
      request('/api/people/suggestions', { session, schema: z.array(profileCardSchema) }),
    enabled,
  });
}
