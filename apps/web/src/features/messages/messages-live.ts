import type { Message } from '@arena/shared/message.schema';
import type { ServerEvent } from '@arena/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { useUnreadTotalQuery } from './message-queries.ts';
import {
  addToThread,
  applyToConversations,
  isPendingMessage,
  markThreadRead,
  messageKeys,
  replaceInThread,
  resetUnread,
  threadMessages,
} from './messages-cache.ts';
import { useRealtime, useRealtimeClient } from '../../lib/realtime/use-realtime.ts';

/* Live messaging: realtime events patch the query cache; a reconnect refetches. */

/** Several screens may ask at once; one refetch in flight is enough. */
function refetch(queryClient: QueryClient, queryKey: QueryKey): void {
  void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

/**
 * A message arrived by a topic. One of mine that this tab is still sending is left to the
 * sending code, which puts the stored message in place of the pending one.
 */
function receiveMessage(queryClient: QueryClient, message: Message, me: string): void {
  if (
    message.senderId === me &&
    threadMessages(queryClient, message.conversationId).some(isPendingMessage)
  )
    return;
  addToThread(queryClient, message);
}

function readBy(queryClient: QueryClient, event: Extract<ServerEvent, { type: 'messages.read' }>) {
  markThreadRead(queryClient, event.conversationId, event.readerId);
}

/** How long the badge waits for the socket's greeting before asking over HTTP instead. */
const GREETING_WAIT_MS = 5_000;

/**
 * The Messages badge's number: how many messages wait unread. The first number comes with the
 * realtime socket's greeting (no request of its own while a screen loads; again at every
 * reconnect); then your inbox topic keeps it live. It is refetched, not counted here, so it
 * always agrees with the server; a short delay folds a message and its immediate reading (the
 * conversation is open) into one request. Without a socket it falls back to asking over HTTP.
 */
export function useUnreadMessagesCount(): number {
  const me = useCurrentUser()?.profile.id ?? null;
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const [greeted, setGreeted] = useState(false);
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  useEffect(() => {
    if (me === null) return;
    const stop = client.onGreeting((greeting) => {
      if (greeting.profileId !== me) return;
      queryClient.setQueryData(messageKeys.unread(), {
        unread: greeting.unreadMessages,
        requests: greeting.messageRequests ?? 0,
      });
      setGreeted(true);
    });
    const fallback = setTimeout(() => setWaitedLongEnough(true), GREETING_WAIT_MS);
    return () => {
      stop();
      clearTimeout(fallback);
    };
  }, [client, me, queryClient]);
  const { data } = useUnreadTotalQuery(me !== null && (greeted || waitedLongEnough));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  const recount = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      refetch(queryClient, messageKeys.unread());
    }, 250);
  };
  useRealtime(me === null ? null : `inbox:${me}`, (event) => {
    if (event.type === 'message.created' && event.message.senderId !== me) recount();
    else if (event.type === 'message.requested') recount();
    else if (event.type === 'messages.read' && event.readerId === me) recount();
  });
  return data ?? 0;
}

/**
 * Keeps the conversation list (and any conversation already loaded) live from your inbox topic.
 * `isReading(id)` says whether a conversation is open in front of you: its new messages are
 * about to be read, so they do not count as unread.
 */
export function useInboxLive(isReading: (conversationId: string) => boolean): void {
  const me = useCurrentUser()?.profile.id ?? null;
  const queryClient = useQueryClient();
  useRealtime(
    me === null ? null : `inbox:${me}`,
    (event) => {
      if (me === null) return;
      switch (event.type) {
        case 'message.created': {
          const { message } = event;
          receiveMessage(queryClient, message, me);
          const unread = message.senderId !== me && !isReading(message.conversationId);
          if (!applyToConversations(queryClient, message, me, unread))
            refetch(queryClient, messageKeys.conversations());
          return;
        }
        case 'message.updated':
          replaceInThread(queryClient, event.message);
          return;
        case 'messages.read':
          readBy(queryClient, event);
          if (event.readerId === me) resetUnread(queryClient, event.conversationId);
          return;
        case 'conversation.updated':
          refetch(queryClient, messageKeys.conversations());
          return;
        case 'message.requested':
          refetch(queryClient, messageKeys.requests());
          return;
        case 'comment.created':
        case 'comment.deleted':
        case 'post.created':
        case 'post.reposted':
        case 'post.edited':
        case 'post.deleted':
        case 'profile.updated':
        case 'notifications.changed':
        case 'application.changed':
        case 'video.changed': // shown on the video itself, by features/videos
          return;
      }
    },
    // Anything may have happened while the socket was down: the list and loaded conversations.
    () => refetch(queryClient, messageKeys.all),
  );
}

/**
 * Keeps the open conversation live: new messages appear, a video that became playable (or failed)
 * shows as it now is, and read receipts show.
 */
export function useConversationLive(conversationId: string): void {
  const me = useCurrentUser()?.profile.id ?? null;
  const queryClient = useQueryClient();
  useRealtime(
    me === null ? null : `conversation:${conversationId}`,
    (event) => {
      if (me === null) return;
      if (event.type === 'message.created') receiveMessage(queryClient, event.message, me);
      else if (event.type === 'message.updated') replaceInThread(queryClient, event.message);
      else if (event.type === 'messages.read') readBy(queryClient, event);
    },
    () => refetch(queryClient, messageKeys.thread(conversationId)),
  );
}
