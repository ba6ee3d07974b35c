import { z } from 'zod';

import { imageSizesSchema } from './image.schema.ts';

/**
 * An uploaded video is made playable in the background (decision 0051): H.264 and AAC in an MP4
 * at most 1080p and 30 fps, a 720p copy when the source is larger, a poster frame, no metadata.
 * Until then it is `processing`; one that could not be made playable is `failed`.
 */
export const VIDEO_STATES = ['processing', 'ready', 'failed'] as const;

/** What a post or a message says of its video, beside its `mediaUrl` (the MP4 once ready). */
export const videoSchema = z.object({
  /** The upload's id: live progress (`video.changed`) names it. */
  id: z.uuid().nullable(),
  status: z.enum(VIDEO_STATES),
  /** The poster frame (a WebP) and its display sizes; null until ready. */
  posterUrl: z.string().nullable(),
  poster: imageSizesSchema.nullable(),
  /** The 720p copy for narrow screens, when the source was larger than 720p. */
  smallUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});
export type Video = z.infer<typeof videoSchema>;

/** The author's live view of a video being processed: how far it is, and how it ended. */
export const videoProgressSchema = z.object({
  id: z.uuid(),
  status: z.enum(VIDEO_STATES),
  /** 0–100 while processing. */
  percent: z.number().int().min(0).max(100),
});
export type VideoProgress = z.infer<typeof videoProgressSchema>;
