import {
  NOTIFICATION_FILTER_LABELS,
  NOTIFICATION_FILTERS,
} from '@arena/shared/notification.schema';
import type { NotificationFilter } from '@arena/shared/notification.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';

import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty } from '../../components/list-states.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useRealtime } from '../../lib/realtime/use-realtime.ts';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { NotificationEntry } from './notification-entry.tsx';
import {
  notificationKeys,
  useMarkAllReadMutation,
  useMarkReadMutation,
  useMarkSeenMutation,
  useNotificationsQuery,
} from './notification-queries.ts';
import { NotificationsSkeleton } from './notifications-skeleton.tsx';

export const NOTIFICATIONS_EMPTY =
  'When someone follows you, likes or comments on your posts, or applies to your offers, you will see it here.';

function isFilter(value: string | null): value is NotificationFilter {
  return (NOTIFICATION_FILTERS as readonly (string | null)[]).includes(value);
}

/**
 * Opening the list sees everything in it (the bell goes to 0); what comes while it is open is
 * shown at once, and seen too.
 */
function useSeeWhileOpen() {
  const me = useCurrentUser()?.profile.id ?? null;
  const queryClient = useQueryClient();
  const seen = useMarkSeenMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    seen.mutate();
  }, [seen]);
  const reload = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
  useRealtime(
    me === null ? null : `inbox:${me}`,
    (event) => {
      if (event.type !== 'notifications.changed' || event.unseen === 0) return;
      reload();
      seen.mutate();
    },
    reload,
  );
}

/** /notifications: what happened to you, newest first, by filter (`?filter=`). */
export function NotificationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('filter');
  const filter: NotificationFilter = isFilter(asked) ? asked : 'all';
  const query = useNotificationsQuery(filter);
  const markRead = useMarkReadMutation();
  const markAllRead = useMarkAllReadMutation();
  useSeeWhileOpen();

  const read = (id: string) =>
    markRead.mutate(id, {
      onError: () =>
        toast.error('That notification could not be marked as read. Please try again.'),
    });
  const hasUnread = query.data?.pages.some((page) => page.items.some((item) => !item.read));

  return (
    <>
      <DocumentTitle title="Notifications" />
      <div className="mx-auto flex max-w-2xl flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Notifications
          </h1>
          <Button
            variant="outline"
            size="sm"
            disabled={!hasUnread || markAllRead.isPending}
            onClick={() =>
              markAllRead.mutate(undefined, {
                onError: () => toast.error('Could not mark all as read. Please try again.'),
              })
            }
          >
            Mark all read
          </Button>
        </div>
        <Tabs
          className="flex flex-col gap-4"
          value={filter}
          onValueChange={(next) => {
            if (!isFilter(next)) return;
            setSearchParams(next === 'all' ? {} : { filter: next }, { replace: true });
          }}
        >
          <TabsList
            aria-label="Show"
            className="-mx-4 flex justify-start overflow-x-auto rounded-none bg-transparent px-4 [scrollbar-width:none] sm:mx-0 sm:self-start sm:rounded-full sm:bg-slate-100 sm:px-1"
          >
            {NOTIFICATION_FILTERS.map((option) => (
              <TabsTrigger key={option} value={option} className="shrink-0 px-3 whitespace-nowrap">
                {NOTIFICATION_FILTER_LABELS[option]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={filter} className="flex flex-col gap-3">
            {query.status === 'pending' ? (
              <NotificationsSkeleton />
            ) : (
              <PagedList
                query={query}
                label={`Notifications: ${NOTIFICATION_FILTER_LABELS[filter]}`}
                loadingLabel="Loading notifications..."
                loadingMoreLabel="Loading more notifications..."
                failedTitle="Your notifications could not be loaded."
                failedDetail="Check your connection and try again."
                empty={
                  <ListEmpty icon={Bell} title="No notifications yet.">
                    {filter === 'all' ? NOTIFICATIONS_EMPTY : null}
                  </ListEmpty>
                }
                className="flex flex-col gap-2"
                renderItem={(notification) => (
                  <NotificationEntry notification={notification} onRead={read} />
                )}
              />
            )}
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
