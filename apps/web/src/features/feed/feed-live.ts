import type { Sport } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import { feedPageSchema } from '@arena/shared/post.schema';
import type { FeedItem, FeedPage } from '@arena/shared/post.schema';
import type { ServerEvent } from '@arena/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

import { request } from '../../lib/http/request.ts';
import { useRealtime } from '../../lib/realtime/use-realtime.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { holdsManyPages, postKeys, removeCachedPost } from '../posts/post-queries.ts';
import { applyPostEdit } from '../posts/single-post-queries.ts';

/** At most one look at the feed's head per this many milliseconds, however busy the network. */
const FEED_PROBE_INTERVAL_MS = 5_000;

type FeedData = InfiniteData<FeedPage, string | null>;

/**
 * The feed entry a realtime event announces, when it concerns the feed shown (its sport filter;
 * not one's own doing). The server sends new posts and reposts only to the followers of whoever
 * posted or reposted, so the event alone says that something new waits for this reader.
 */
function arrivalOf(event: ServerEvent, sport: Sport | null, me: string | null): string | null {
  if (event.type === 'post.created')
    return event.post.authorId !== me && (sport === null || event.post.sport === sport)
      ? `post:${event.post.id}`
      : null;
  if (event.type === 'post.reposted')
    return event.reposterId !== me && (sport === null || event.post.sport === sport)
      ? `repost-of:${event.post.id}:${event.reposterId}`
      : null;
  return null;
}

/** The entry a feed list shows first. */
export type FeedTop = Pick<FeedItem, 'key' | 'at'> | undefined;

/** How many entries of `head` are newer than the entry the screen shows first. */
export function countNewer(head: FeedPage, top: FeedTop): number {
  if (top === undefined) return head.items.length;
  const index = head.items.findIndex((item) => item.key === top.key);
  if (index !== -1) return index;
  // Not in the fetched page: either more than a page is new, or the screen is newer already.
  return head.items.filter((item) => item.at > top.at).length;
}

/**
 * New posts for the feed on screen, without moving what the reader is looking at. A new post or
 * repost of someone the reader follows arrives as an event and is counted as it is: nothing is
 * fetched until the reader asks to see it. When events may have been missed (the socket
 * reconnected) or a long feed is shown again from memory, the feed's first page is fetched
 * aside — at most once per {@link FEED_PROBE_INTERVAL_MS} — and compared with the list shown.
 * `top` is the entry shown first; `count` is how many entries wait above it; `show()` puts the
 * newest page in place.
 */
export function useNewFeedItems(sport: Sport | null, top: FeedTop) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser()?.profile.id ?? null;
  const [head, setHead] = useState<{ sport: Sport | null; page: FeedPage } | null>(null);
  /** Entries announced by events since the list was last brought up to date, for `sport`. */
  const [arrived, setArrived] = useState<{ sport: Sport | null; keys: ReadonlySet<string> }>({
    sport,
    keys: new Set(),
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastProbe = useRef(0);

  const fetchHead = useCallback(
    () =>
      request(sport ? `/api/feed?sport=${encodeURIComponent(sport)}` : '/api/feed', {
        session,
        schema: feedPageSchema,
      }),
    [session, sport],
  );

  const probe = useCallback(async () => {
    lastProbe.current = Date.now();
    try {
      setHead({ sport, page: await fetchHead() });
    } catch {
      // A failed look is not worth a message: the next reconnect or visit looks again.
    }
  }, [fetchHead, sport]);

  const schedule = useCallback(() => {
    if (timer.current !== null) return;
    const wait = Math.max(0, lastProbe.current + FEED_PROBE_INTERVAL_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      void probe();
    }, wait);
  }, [probe]);

  useEffect(() => {
    setHead(null);
    setArrived({ sport, keys: new Set() });
    return () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [sport]);

  // A long feed shown again is kept as it is rather than fetched afresh page after page
  // (`REFRESHED_PAGES_AT_MOST`): its head is looked at aside, and what is new is offered.
  useEffect(() => {
    if (holdsManyPages(queryClient.getQueryData<FeedData>(postKeys.feed(sport)))) schedule();
  }, [queryClient, sport, schedule]);

  useRealtime(
    me === null ? null : 'feed',
    (event) => {
      // An edit changes a post the reader may have on screen: it shows in place.
      if (event.type === 'post.edited') applyPostEdit(queryClient, event.post);
      // A deletion takes the card away wherever the reader has it.
      else if (event.type === 'post.deleted') removeCachedPost(queryClient, event.postId);
      else {
        const key = arrivalOf(event, sport, me);
        if (key !== null)
          setArrived((before) =>
            before.sport === sport && !before.keys.has(key)
              ? { sport, keys: new Set([...before.keys, key]) }
              : before,
          );
      }
    },
    // Events may have been missed while the socket was down: the head is looked at instead.
    schedule,
  );

  const current = head?.sport === sport ? head.page : null;
  // Announced entries the list (or the page looked at aside) does not hold yet.
  const shown = new Set(
    [
      ...(queryClient.getQueryData<FeedData>(postKeys.feed(sport))?.pages[0]?.items ?? []),
      ...(current?.items ?? []),
    ].map((item) => item.key),
  );
  const waiting =
    arrived.sport === sport ? [...arrived.keys].filter((key) => !shown.has(key)).length : 0;
  const count = (current ? countNewer(current, top) : 0) + waiting;

  const show = useCallback(async () => {
    let page = current;
    // What events announced is not in any page fetched yet: the reader asked, so fetch it now.
    if (page === null || waiting > 0) {
      try {
        page = await fetchHead();
      } catch {
        toast.error(MESSAGES.post.newPostsFailed);
        return;
      }
    }
    queryClient.setQueryData<FeedData>(postKeys.feed(sport), { pages: [page], pageParams: [null] });
    setHead(null);
    setArrived({ sport, keys: new Set() });
  }, [current, fetchHead, queryClient, sport, waiting]);

  return { count, show };
}
