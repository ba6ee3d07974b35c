import type { VideoProgress } from '@arena/shared/video.schema';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';

/*
 * How far the processing of one's own uploads is. Nothing is fetched: the uploader's inbox topic
 * tells it (`video.changed`, see video-progress-live.tsx) and the query cache keeps it, so a card
 * mounted after the news (a feed scrolled back, a page opened later) still shows the last percent.
 */

const videoKeys = {
  progress: (id: string) => ['video-progress', id] as const,
};

export function setVideoProgress(queryClient: QueryClient, progress: VideoProgress): void {
  queryClient.setQueryData(videoKeys.progress(progress.id), progress);
}

/** What was last heard of a video; undefined before any news, and for someone else's video. */
export function useVideoProgress(id: string | null): VideoProgress | undefined {
  const { data } = useQuery<VideoProgress>({
    queryKey: videoKeys.progress(id ?? ''),
    queryFn: skipToken,
  });
  return id === null ? undefined : data;
}
