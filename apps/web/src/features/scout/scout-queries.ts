import { scoutPageSchema } from '@arena/shared/scout.schema';
import { useInfiniteQuery } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';

const scoutKeys = {
  all: ['scout'] as const,
  search: (query: string) => [...scoutKeys.all, query] as const,
};

/** Athletes for a scout's filters (`query`: the page's query string), a page at a time. */
export function useScoutSearchQuery(query: string) {
  const session = useSessionManager();
  return useInfiniteQuery({
    queryKey: scoutKeys.search(query),
    // Asked again on every visit: athletes come and change (an alert's link opens a search whose
    // results a minute ago had nobody).
    staleTime: 0,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(query);
      if (pageParam) params.set('cursor', pageParam);
      return request(`/api/scout/athletes?${params.toString()}`, {
        session,
        schema: scoutPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
