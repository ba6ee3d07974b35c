import type { Video } from '@arena/shared/video.schema';

/* Videos as the API describes them beside a post's or a message's `mediaUrl`. */

export const VIDEO_ID = '4a3b2c1d-0e9f-4a8b-8c7d-6e5f4a3b2c1d';

/** A processed 1080p clip: its poster (1920 × 1080) and its 720p copy. */
export function readyVideo(overrides: Partial<Video> = {}): Video {
  return {
    id: VIDEO_ID,
    status: 'ready',
    posterUrl: '/files/posts/clip-poster.webp',
    poster: {
      width: 1920,
      height: 1080,
      variants: [{ url: '/files/posts/clip-poster_w640.webp', width: 640 }],
    },
    smallUrl: '/files/posts/clip_720.mp4',
    durationSeconds: 42,
    ...overrides,
  };
}

export function processingVideo(overrides: Partial<Video> = {}): Video {
  return {
    id: VIDEO_ID,
    status: 'processing',
    posterUrl: null,
    poster: null,
    smallUrl: null,
    durationSeconds: null,
    ...overrides,
  };
}
