import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { useRealtime, useRealtimeClient } from '../../lib/realtime/use-realtime.ts';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { notificationKeys, setUnseen, useUnseenQuery } from './notification-queries.ts';

/** How long the bell waits for the socket's greeting before asking over HTTP instead. */
const GREETING_WAIT_MS = 5_000;

/**
 * The bell's number: notifications that came since you last opened the list. Like the Messages
 * badge, the first number comes with the socket's greeting (again at every reconnect), and your
 * inbox topic, the one the Messages badge listens to (one subscription on the one socket), keeps
 * it live: the server sends the new number itself, so nothing is counted here. Without a greeting
 * that carries it (no socket, or a server that does not send it) it is asked for over HTTP.
 */
export function useUnseenNotificationsCount(): number {
  const me = useCurrentUser()?.profile.id ?? null;
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const [greeted, setGreeted] = useState(false);
  const [askOverHttp, setAskOverHttp] = useState(false);
  useEffect(() => {
    if (me === null) return;
    const stop = client.onGreeting((greeting) => {
      if (greeting.profileId !== me) return;
      if (greeting.unseenNotifications === undefined) {
        setAskOverHttp(true);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.unseen() });
        return;
      }
      setUnseen(queryClient, greeting.unseenNotifications);
      setGreeted(true);
    });
    const fallback = setTimeout(() => setAskOverHttp(true), GREETING_WAIT_MS);
    return () => {
      stop();
      clearTimeout(fallback);
    };
  }, [client, me, queryClient]);
  const { data } = useUnseenQuery(me !== null && (greeted || askOverHttp));
  useRealtime(
    me === null ? null : `inbox:${me}`,
    (event) => {
      if (event.type === 'notifications.changed') setUnseen(queryClient, event.unseen);
    },
    // Anything may have come while the socket was down. The greeting of the new connection
    // brings the number; asked over HTTP when it does not.
    () => {
      if (!greeted) void queryClient.invalidateQueries({ queryKey: notificationKeys.unseen() });
    },
  );
  return data ?? 0;
}
