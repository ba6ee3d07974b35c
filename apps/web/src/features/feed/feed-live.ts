import type { Sport } from '@arena/shared/constants';
import { feedPageSchema } from '@arena/shared/post.schema';
import type { FeedItem, FeedPage } from '@arena/shared/post.schema';
import type { ServerEvent } from '@arena/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { request } from '../../lib/http/request.ts';
import { useRealtime } from '../../lib/realtime/use-realtime.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { holdsManyPages, postKeys, removeCachedPost } from '../posts/post-queries.ts';
import { applyPostEdit } from '../posts/single-post-queries.ts';

/** At most one look at the feed's head per this many milliseconds, however busy the network. */
const FEED_PROBE_INTERVAL_MS = 5_000;

type FeedData = InfiniteData<FeedPage, string | null>;

/** Whether a feed event may concern the feed shown (its sport filter; not one's own doing). */
function mayConcern(event: ServerEvent, sport: Sport | null, me: string | null): boolean {
  if (event.type === 'post.created')
    return event.post.authorId !== me && (sport === null || event.post.sport === sport);
  if (event.type === 'post.reposted')
    return event.reposterId !== me && (sport === null || event.post.sport === sport);
  return false;
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
 * New posts for the feed on screen, without moving what the reader is looking at. The `feed`
 * topic says that someone posted or reposted; whether that is new *for this reader* (reposts
 * show only from people they follow) is the server's to say, so the feed's first page is fetched
 * aside — at most once per {@link FEED_PROBE_INTERVAL_MS} — and compared with the list shown.
 * `top` is the entry shown first; `count` is how many entries wait above it; `show()` puts the
 * fetched page in place.
 */
export function useNewFeedItems(sport: Sport | null, top: FeedTop) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser()?.profile.id ?? null;
  const [head, setHead] = useState<{ sport: Sport | null; page: FeedPage } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastProbe = useRef(0);

  const probe = useCallback(async () => {
    lastProbe.current = Date.now();
    try {
      const page = await request(
        sport ? `/api/feed?sport=${encodeURIComponent(sport)}` : '/api/feed',
        { session, schema: feedPageSchema },
      );
      setHead({ sport, page });
    } catch {
      // A failed look is not worth a message: the next event or reconnect looks again.
    }
  }, [session, sport]);

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
      else if (mayConcern(event, sport, me)) schedule();
    },
    schedule,
  );

  const current = head?.sport === sport ? head.page : null;
  const count = current ? countNewer(current, top) : 0;

  const show = useCallback(() => {
    if (!current) return;
    queryClient.setQueryData<FeedData>(postKeys.feed(sport), {
      pages: [current],
      pageParams: [null],
    });
    setHead(null);
  }, [current, queryClient, sport]);

  return { count, show };
}
