import type { Video } from '@arena/shared/video.schema';

import { imageSizes } from '../media/image-sizes.ts';

/** The columns a post or a message keeps of its media (`video.columns.ts` and the photo's). */
export interface VideoColumns {
  mediaType: 'image' | 'video' | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
  mediaVariantWidths: number[] | null;
  mediaStatus: Video['status'] | null;
  mediaFileId: string | null;
  mediaDurationMs: number | null;
  mediaPosterPath: string | null;
  mediaSmallPath: string | null;
}

/**
 * What the API says of a post's or message's video: its state, and once ready its poster (with
 * the display sizes, as a photo's) and 720p copy, each through `urlOf` (public or signed).
 * Null for a photo or no media. A video stored before processing existed is ready, as uploaded.
 */
export function videoView(row: VideoColumns, urlOf: (path: string) => string): Video | null {
  if (row.mediaType !== 'video') return null;
  const poster = row.mediaPosterPath;
  return {
    id: row.mediaFileId,
    status: row.mediaStatus ?? 'ready',
    posterUrl: poster ? urlOf(poster) : null,
    poster: poster
      ? imageSizes(
          {
            path: poster,
            width: row.mediaWidth,
            height: row.mediaHeight,
            variantWidths: row.mediaVariantWidths,
          },
          urlOf,
        )
      : null,
    smallUrl: row.mediaSmallPath ? urlOf(row.mediaSmallPath) : null,
    durationSeconds: row.mediaDurationMs === null ? null : row.mediaDurationMs / 1000,
  };
}
