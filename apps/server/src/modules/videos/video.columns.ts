import { integer, text, uuid } from 'drizzle-orm/pg-core';

import { VIDEO_STATES } from '@arena/shared/video.schema';

/**
 * What a post or a message keeps of its video beside `media_path` (the MP4 once processed,
 * decision 0051). The poster's size is the row's `media_width`/`media_height` and its display
 * sizes `media_variant_widths`, as a photo's are.
 */
export const videoColumns = () => ({
  /** `processing` until the MP4 is made, `failed` if it could not be; null once ready (or no video). */
  mediaStatus: text('media_status', { enum: VIDEO_STATES }),
  /** The upload (stored_files.id) being processed: the author's live progress names it. */
  mediaFileId: uuid('media_file_id'),
  mediaDurationMs: integer('media_duration_ms'),
  /** The poster frame (a WebP picture with display sizes), once ready. */
  mediaPosterPath: text('media_poster_path'),
  /** The 720p copy, when the source was larger than 720p. */
  mediaSmallPath: text('media_small_path'),
});
