import { MESSAGES } from '@arena/shared/messages';
import type { FeedPage, Post } from '@arena/shared/post.schema';
import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { useRealtime } from '../../lib/realtime/use-realtime.ts';
import { useMyProfileId } from '../../lib/session/session-queries.ts';
import { postKeys } from '../posts/post-queries.ts';
import { setVideoProgress } from './video-progress.ts';

/** The posts a cached posts query holds: a list's pages, or one post's page. */
function postsOf(data: unknown): Post[] {
  if (data === undefined) return [];
  if (typeof data === 'object' && data !== null && 'pages' in data)
    return (data as InfiniteData<FeedPage>).pages.flatMap((page) =>
      page.items.map((item) => item.post),
    );
  return [data as Post];
}

const holds = (query: Query, match: (post: Post) => boolean) =>
  postsOf(query.state.data).some(match);

const hasVideo = (id: string) => (post: Post) => post.video?.id === id;
const processing = (post: Post) => post.video?.status === 'processing';

/** Fetches again the post queries that hold a post matching `match`, and only those. */
function refreshPosts(queryClient: QueryClient, match: (post: Post) => boolean): boolean {
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: postKeys.all })
    .filter((query) => holds(query, match));
  for (const query of queries)
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  return queries.length > 0;
}

/**
 * The uploader's live view of their videos, on every in-app screen: each `video.changed` of their
 * inbox topic goes to the cache the processing placeholders read (video-progress.ts). When one
 * ends, the posts that show it are fetched again, so the card shows the player, or stands without
 * the video, which its author is told (a message's video comes back as `message.updated` instead).
 * Renders nothing.
 */
export function VideoProgressLive() {
  const me = useMyProfileId();
  const queryClient = useQueryClient();
  useRealtime(
    me === null ? null : `inbox:${me}`,
    (event) => {
      if (event.type !== 'video.changed') return;
      const { video } = event;
      setVideoProgress(queryClient, video);
      if (video.status === 'processing') return;
      const ofPost = refreshPosts(queryClient, hasVideo(video.id));
      if (ofPost && video.status === 'failed') toast.error(MESSAGES.post.videoFailed);
    },
    // The end may have come while the socket was down: look again at what was still processing.
    () => void refreshPosts(queryClient, processing),
  );
  return null;
}
