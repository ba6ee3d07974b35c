import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationFilter, NotificationPage } from '@arena/shared/notification.schema';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';

// The bell is in the top bar of every screen: the schemas load with the first answer, not with it.
const pageSchema = () =>
  import('@arena/shared/notification.schema').then((m) => m.notificationPageSchema);
const unseenSchema = () =>
  import('@arena/shared/notification.schema').then((m) => m.unseenCountSchema);

/** How many entries a page of the list holds. */
const NOTIFICATION_PAGE_SIZE = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (filter: NotificationFilter) => [...notificationKeys.lists(), filter] as const,
  /** The bell's number. */
  unseen: () => [...notificationKeys.all, 'unseen'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
  failedJobs: () => [...notificationKeys.all, 'failed-jobs'] as const,
};

type NotificationPages = InfiniteData<NotificationPage, string | null>;

const notificationPath = (id: string) => `/api/notifications/${encodeURIComponent(id)}`;

/** Your notifications of one filter, newest first, a page at a time. */
export function useNotificationsQuery(filter: NotificationFilter) {
  const session = useSessionManager();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ filter, limit: String(NOTIFICATION_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return request(`/api/notifications?${params.toString()}`, {
        session,
        schema: pageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The bell's number over HTTP, for when the socket's greeting does not bring it. */
export function useUnseenQuery(enabled: boolean) {
  const session = useSessionManager();
  return useQuery({
    queryKey: notificationKeys.unseen(),
    queryFn: ({ signal }) =>
      request('/api/notifications/unseen', { session, schema: unseenSchema, signal }),
    select: (data) => data.unseen,
    enabled,
  });
}

export function setUnseen(queryClient: QueryClient, unseen: number): void {
  queryClient.setQueryData(notificationKeys.unseen(), { unseen });
}

/** Marks entries read in every loaded list (every filter): all of them, or those of `ids`. */
function markReadInLists(queryClient: QueryClient, ids: ReadonlySet<string> | 'all'): void {
  queryClient.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              item.read || (ids !== 'all' && !ids.has(item.id)) ? item : { ...item, read: true },
            ),
          })),
        }
      : data,
  );
}

/** Opening the list: everything in it is seen, and the bell goes to 0. */
export function useMarkSeenMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request('/api/notifications/seen', { session, schema: unseenSchema, method: 'POST' }),
    onSuccess: ({ unseen }) => setUnseen(queryClient, unseen),
  });
}

/** One entry read: its unread styling goes at once, and comes back if the server refuses. */
export function useMarkReadMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request(`${notificationPath(id)}/read`, { session, method: 'POST' }),
    onMutate: (id) => markReadInLists(queryClient, new Set([id])),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}

/** Every entry read ("Mark all read"). */
export function useMarkAllReadMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('/api/notifications/read-all', { session, method: 'POST' }),
    onMutate: () => markReadInLists(queryClient, 'all'),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}
