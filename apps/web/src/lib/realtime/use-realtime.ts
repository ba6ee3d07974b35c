import type { ServerEvent, Topic } from '@arena/shared/realtime';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';

import { useSessionManager } from '../session/session-context.tsx';
import { RealtimeClient } from './realtime-client.ts';
import type { RealtimeStatus } from './realtime-client.ts';
import type { SessionManager } from '../session/session-manager.ts';

/** One socket per session manager, which in the browser means one per tab. */
const clients = new WeakMap<SessionManager, RealtimeClient>();

function realtimeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/realtime`;
}

/**
 * The realtime client that follows `manager`'s session: it authenticates with the manager's
 * access token, sends the renewed token after each refresh, asks the manager for a fresh one
 * when the server refuses it, and closes when the user signs out. Created on first use; it
 * connects once something subscribes.
 */
export function realtimeClientFor(manager: SessionManager): RealtimeClient {
  let client = clients.get(manager);
  if (!client) {
    client = new RealtimeClient({
      url: realtimeUrl,
      createSocket: (url) => new WebSocket(url),
      auth: {
        getToken: () =>
          manager.getState().status === 'signed-in' ? manager.getAccessToken() : null,
        subscribe: manager.subscribe,
        refresh: () => manager.refresh(),
      },
      environment: typeof window === 'undefined' ? null : { window, document },
    });
    clients.set(manager, client);
  }
  return client;
}

export function useRealtimeClient(): RealtimeClient {
  return realtimeClientFor(useSessionManager());
}

/**
 * Listens to a realtime topic while the component is mounted (and `topic` is not null).
 * `onEvent` receives every event of the topic; `onResync` runs after a reconnect, once the topic
 * is listened to again, to refetch what may have been missed while the socket was down. Both
 * may change between renders without resubscribing.
 *
 * @example
 * // An open post's comments: patch the cache on each event, refetch after a reconnect.
 * useRealtime(
 *   open ? `post:${post.id}` : null,
 *   (event) => {
 *     if (event.type === 'comment.created') addComment(queryClient, event.comment);
 *     else if (event.type === 'comment.deleted') removeComment(queryClient, event.commentId);
 *   },
 *   () => void queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(post.id) }),
 * );
 */
export function useRealtime(
  topic: Topic | null,
  onEvent: (event: ServerEvent) => void,
  onResync?: () => void,
): void {
  const client = useRealtimeClient();
  const handleEvent = useEffectEvent(onEvent);
  const handleResync = useEffectEvent(() => onResync?.());
  useEffect(() => {
    if (topic === null) return;
    return client.subscribe(topic, {
      onEvent: (event) => handleEvent(event),
      onResync: () => handleResync(),
    });
  }, [client, topic]);
}

/** The socket's state, e.g. to say 'Reconnecting…' while it is down. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  return useSyncExternalStore(client.onStatusChange, client.getStatus, client.getStatus);
}
