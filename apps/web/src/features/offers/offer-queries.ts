import type { Sport } from '@arena/shared/constants';
import { myOffersSchema, offerPageSchema, offerSchema } from '@arena/shared/offer.schema';
import type { CreateOfferInput, Offer, OfferPage } from '@arena/shared/offer.schema';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useAuth, useSessionManager } from '../../lib/session/session-context.tsx';

export const offerKeys = {
  all: ['offers'] as const,
  /** Every page of the /offers grid, whatever the sport. */
  lists: () => [...offerKeys.all, 'list'] as const,
  /** `appliedByMe` is the viewer's: each viewer's grid is cached apart. */
  list: (viewer: string | null, sport: Sport | null, closed = false) =>
    [
      ...offerKeys.lists(),
      viewer ?? 'visitor',
      sport ?? 'all',
      closed ? 'closed' : 'open',
    ] as const,
  /** One offer's page; `appliedByMe` and `paused` are the viewer's. */
  detail: (viewer: string | null, id: string) =>
    [...offerKeys.all, 'detail', viewer ?? 'visitor', id] as const,
  /** The signed-in poster's own offers with their totals. */
  mine: () => [...offerKeys.all, 'mine'] as const,
  /** Applications to the signed-in poster's offers (application-queries.ts). */
  applications: () => [...offerKeys.all, 'applications'] as const,
};

type OfferPages = InfiniteData<OfferPage, string | null>;

function offersPath(sport: Sport | null, closed: boolean, cursor: string | null): string {
  const search = new URLSearchParams();
  if (sport) search.set('sport', sport);
  if (closed) search.set('closed', 'true');
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `/api/offers?${query}` : '/api/offers';
}

/**
 * The public grid, newest first, a page per cursor; `appliedByMe` is the viewer's. With `closed`
 * ("Show closed") it lists closed, past-deadline and full offers too.
 */
export function useOffersInfiniteQuery(sport: Sport | null, closed = false) {
  const session = useSessionManager();
  // Who is looking changes `appliedByMe`: wait for the session check before the first fetch.
  const auth = useAuth();
  return useInfiniteQuery({
    queryKey: offerKeys.list(auth.session?.profile.id ?? null, sport, closed),
    queryFn: ({ pageParam, signal }) =>
      request(offersPath(sport, closed, pageParam), { session, schema: offerPageSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: auth.status !== 'loading',
  });
}

/** One offer, for its page at /offers/{id}. */
export function useOfferQuery(id: string) {
  const session = useSessionManager();
  const auth = useAuth();
  return useQuery({
    queryKey: offerKeys.detail(auth.session?.profile.id ?? null, id),
    queryFn: ({ signal }) =>
      request(`/api/offers/${encodeURIComponent(id)}`, { session, schema: offerSchema, signal }),
    enabled: auth.status !== 'loading',
    retry: false,
  });
}

/** Puts the server's fresh copy of an offer (after applying, say) into every cached grid and page. */
export function replaceCachedOffer(queryClient: QueryClient, offer: Offer): void {
  queryClient.setQueriesData<Offer>(
    {
      queryKey: [...offerKeys.all, 'detail'],
      predicate: (query) => query.queryKey.at(-1) === offer.id,
    },
    (data) => (data ? offer : data),
  );
  queryClient.setQueriesData<OfferPages>({ queryKey: offerKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === offer.id ? offer : item)),
          })),
        }
      : data,
  );
}

export function useMyOffersQuery() {
  const session = useSessionManager();
  return useQuery({
    queryKey: offerKeys.mine(),
    queryFn: ({ signal }) => request('/api/me/offers', { session, schema: myOffersSchema, signal }),
  });
}

export function useCreateOfferMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOfferInput) =>
      request('/api/offers', { session, schema: offerSchema, method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

export function useDeleteOfferMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) =>
      request(`/api/offers/${encodeURIComponent(offerId)}`, { session, method: 'DELETE' }),
    // The applications received sit under the same key: they went with the offer.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

/** `PUT /api/offers/:id`: the post form's fields again; applicants hear that it changed. */
export function useUpdateOfferMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CreateOfferInput }) =>
      request(`/api/offers/${encodeURIComponent(id)}`, {
        session,
        schema: offerSchema,
        method: 'PUT',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

/** Closes an open offer, or reopens a closed one (refused past its deadline). */
export function useOfferOpeningMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'close' | 'reopen' }) =>
      request(`/api/offers/${encodeURIComponent(id)}/${action}`, {
        session,
        schema: offerSchema,
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
