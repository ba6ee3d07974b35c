import { myApplicationPageSchema, myApplicationSchema } from '@arena/shared/application.schema';
import type { MyApplication, MyApplicationPage } from '@arena/shared/application.schema';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useAuth, useSessionManager } from '../../lib/session/session-context.tsx';
import { offerKeys } from '../offers/offer-queries.ts';

const myApplicationKeys = {
  /** The athlete's own applications, every page; one cache per member. */
  list: (viewer: string | null) => ['my-applications', viewer ?? 'visitor'] as const,
  all: () => ['my-applications'] as const,
};

type MyApplicationPages = InfiniteData<MyApplicationPage, string | null>;

function myApplicationsPath(cursor: string | null): string {
  return cursor
    ? `/api/me/applications?${new URLSearchParams({ cursor }).toString()}`
    : '/api/me/applications';
}

/** `GET /api/me/applications`: newest first, a page per cursor, each with its history. */
export function useMyApplicationsInfiniteQuery() {
  const session = useSessionManager();
  const auth = useAuth();
  return useInfiniteQuery({
    queryKey: myApplicationKeys.list(auth.session?.profile.id ?? null),
    queryFn: ({ pageParam, signal }) =>
      request(myApplicationsPath(pageParam), {
        session,
        schema: myApplicationPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: auth.status === 'signed-in',
  });
}

/** Puts the server's fresh copy of one application into every loaded page. */
function replaceCachedApplication(queryClient: QueryClient, application: MyApplication): void {
  queryClient.setQueriesData<MyApplicationPages>({ queryKey: myApplicationKeys.all() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === application.id ? application : item)),
          })),
        }
      : data,
  );
}

/** `POST /api/applications/:id/withdraw`: the athlete takes an open application back. */
export function useWithdrawApplicationMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) =>
      request(`/api/applications/${encodeURIComponent(applicationId)}/withdraw`, {
        session,
        schema: myApplicationSchema,
        method: 'POST',
      }),
    onSuccess: (application) => {
      replaceCachedApplication(queryClient, application);
      // The offer's page and card count applications and say Applied.
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: myApplicationKeys.all() }),
  });
}

/**
 * An application changed (the poster moved it, or it was withdrawn elsewhere): the athlete's list
 * and the poster's Applications Received are fetched again.
 */
export function refreshApplications(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: myApplicationKeys.all() });
  void queryClient.invalidateQueries({ queryKey: offerKeys.applications() });
}
