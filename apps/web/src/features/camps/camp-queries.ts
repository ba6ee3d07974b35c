import { campPageSchema, campRegistrationPageSchema, campSchema } from '@arena/shared/camp.schema';
import type { Camp, CampPage, CreateCampInput, UpdateCampInput } from '@arena/shared/camp.schema';
import type { CampRegistrationStatus } from '@arena/shared/constants';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useAuth, useSessionManager } from '../../lib/session/session-context.tsx';

const campKeys = {
  all: ['camps'] as const,
  lists: () => [...campKeys.all, 'list'] as const,
  /** `myRegistration` and `canManage` are the viewer's: each viewer's lists are cached apart. */
  list: (viewer: string | null, query: string) =>
    [...campKeys.lists(), viewer ?? 'visitor', query] as const,
  detail: (viewer: string | null, id: string) =>
    [...campKeys.all, 'detail', viewer ?? 'visitor', id] as const,
  registrations: (id: string, status: CampRegistrationStatus | null) =>
    [...campKeys.all, 'registrations', id, status ?? 'all'] as const,
};

const campPath = (id: string) => `/api/camps/${encodeURIComponent(id)}`;

/**
 * `/sport-camps`: the camps of a tab and filters (`query`, the API's query string), a page per
 * cursor. `enabled: false` holds the request until the default age is known.
 */
export function useCampsInfiniteQuery(query: string, { enabled = true } = {}) {
  const session = useSessionManager();
  const auth = useAuth();
  return useInfiniteQuery({
    queryKey: campKeys.list(auth.session?.profile.id ?? null, query),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(query);
      if (pageParam) params.set('cursor', pageParam);
      return request(`/api/camps?${params.toString()}`, {
        session,
        schema: campPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: enabled && auth.status !== 'loading',
  });
}

/** One camp, for its page: places left, the viewer's registration and what they may do. */
export function useCampQuery(id: string) {
  const session = useSessionManager();
  const auth = useAuth();
  return useQuery({
    queryKey: campKeys.detail(auth.session?.profile.id ?? null, id),
    queryFn: ({ signal }) => request(campPath(id), { session, schema: campSchema, signal }),
    enabled: auth.status !== 'loading',
    retry: false,
  });
}

/** The organiser's list of who registered, oldest first, filtered by status. */
export function useCampRegistrationsQuery(
  id: string,
  status: CampRegistrationStatus | null,
  { enabled = true } = {},
) {
  const session = useSessionManager();
  return useInfiniteQuery({
    queryKey: campKeys.registrations(id, status),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (status) params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return request(`${campPath(id)}/registrations${query ? `?${query}` : ''}`, {
        session,
        schema: campRegistrationPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

type CampPages = InfiniteData<CampPage, string | null>;

/** Puts the server's fresh copy of a camp into its page and every cached list. */
function replaceCachedCamp(queryClient: QueryClient, camp: Camp): void {
  queryClient.setQueriesData<Camp>(
    {
      queryKey: [...campKeys.all, 'detail'],
      predicate: (query) => query.queryKey.at(-1) === camp.id,
    },
    (data) => (data ? camp : data),
  );
  queryClient.setQueriesData<CampPages>({ queryKey: campKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === camp.id ? camp : item)),
          })),
        }
      : data,
  );
}

/** Registers interest or books a place (the waiting list when full); cancels a registration. */
export function useCampRegistrationMutation(id: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: 'interested' | 'booked' | 'cancel') =>
      request(`${campPath(id)}/registration`, {
        session,
        schema: campSchema,
        method: kind === 'cancel' ? 'DELETE' : 'PUT',
        ...(kind === 'cancel' ? {} : { body: { kind } }),
      }),
    onSuccess: (camp) => {
      replaceCachedCamp(queryClient, camp);
      // My camps and the organiser's list change with it.
      void queryClient.invalidateQueries({ queryKey: campKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...campKeys.all, 'registrations', id] });
    },
  });
}

/** Posts a camp, or saves one (`id`): the form's fields; registered members hear of changes. */
export function useSaveCampMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      save: { id: null; input: CreateCampInput } | { id: string; input: UpdateCampInput },
    ) =>
      request(save.id ? campPath(save.id) : '/api/camps', {
        session,
        schema: campSchema,
        method: save.id ? 'PUT' : 'POST',
        body: save.input,
      }),
    onSuccess: (camp) => {
      replaceCachedCamp(queryClient, camp);
      return queryClient.invalidateQueries({ queryKey: campKeys.lists() });
    },
  });
}

/** Cancels a camp (everyone registered is told) or deletes it. */
export function useCampOrganiserMutation(id: string) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'delete') =>
      request(action === 'cancel' ? `${campPath(id)}/cancel` : campPath(id), {
        session,
        method: action === 'cancel' ? 'POST' : 'DELETE',
      }),
    onSuccess: (_answer, action) => {
      if (action === 'delete') {
        queryClient.removeQueries({
          queryKey: [...campKeys.all, 'detail'],
          predicate: (query) => query.queryKey.at(-1) === id,
        });
        return queryClient.invalidateQueries({ queryKey: campKeys.lists() });
      }
      return queryClient.invalidateQueries({ queryKey: campKeys.all });
    },
  });
}
