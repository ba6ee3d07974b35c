import type { Sport } from '@arena/shared/constants';
import { feedPageSchema } from '@arena/shared/post.schema';
import { useInfiniteQuery } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { postKeys, refreshedWhenShown, withCursor } from '../posts/post-queries.ts';
import { takeEarlyAnswer } from './early-answers.ts';

/** The home feed, newest first, a page per cursor (cached with the other lists of posts). */
export function useFeedInfiniteQuery(sport: Sport | null) {
  const session = useSessionManager();
  return useInfiniteQuery({
    queryKey: postKeys.feed(sport),
    queryFn: ({ pageParam, signal }) => {
      const path = withCursor('/api/feed', { sport, cursor: pageParam });
      return request(path, {
        session,
        schema: feedPageSchema,
        signal,
        // The first page may have been asked for before this code had loaded.
        earlyAnswer: pageParam === null ? (token) => takeEarlyAnswer(path, token) : undefined,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    ...refreshedWhenShown,
  });
}
