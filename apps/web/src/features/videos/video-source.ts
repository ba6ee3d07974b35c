import type { Video } from '@arena/shared/video.schema';
import { useState } from 'react';

/** Where the 720p copy is enough: phones, held either way. */
const NARROW_SCREEN_QUERY = '(max-width: 640px)';

/**
 * The file a player loads: on a narrow screen the 720p copy when there is one (a source no larger
 * than 720p has none), else the processed MP4. Chosen once, when the player appears: turning a
 * phone past the breakpoint would otherwise reload a video while it plays.
 */
export function useVideoSource(mediaUrl: string, video: Video | null): string {
  const [narrow] = useState(() => window.matchMedia(NARROW_SCREEN_QUERY).matches);
  return narrow && video?.smallUrl ? video.smallUrl : mediaUrl;
}
