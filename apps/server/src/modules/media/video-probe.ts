import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { z } from 'zod';

import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import { createConcurrencyGate } from './concurrency-gate.ts';
import { findTool } from './ffmpeg-tools.ts';

const execFileAsync = promisify(execFile);

/**
 * An uploaded video is read by ffprobe before it is kept: its container must open as the type its
 * first bytes claimed, hold a video stream of a codec ffprobe knows, and give a decoded frame.
 * Magic bytes alone let an `ftyp` box followed by an HTML page through as an MP4.
 */
const VIDEO_PROBE = {
  /** ffprobe processes at once: each decodes a frame, a core's work for a moment. */
  slots: 2,
  /** Videos waiting for a slot before the next is refused with a 503. */
  waiting: 8,
  retryAfterSeconds: 5,
  /**
   * A probe reads the index and decodes a frame: 0.03 s for a 62 MB 1080p clip. A file built to
   * be slow is stopped here.
   */
  timeoutMs: 10_000,
  /** The answer is a few hundred bytes, a broken file's error log a few kilobytes. */
  maxOutputBytes: 256 * 1024,
  /** 8K UHD. A frame is decoded, so its size is what the decoder allocates: bigger is refused. */
  maxPixels: 7680 * 4320,
  /** Packets of the video streams decoded: one frame, with room for decoders that hold one back. */
  packets: 4,
} as const;

export class VideosBusyError extends AppError {
  constructor() {
    super('unavailable', MESSAGES.videosBusy);
    this.retryAfterSeconds = VIDEO_PROBE.retryAfterSeconds;
  }
}

/**
 * The demuxer each sniffed type is opened with, and the name it must report. ffprobe is never
 * left to guess the format: its guesses include playlists that open other files.
 */
const CONTAINERS: Record<string, { demuxer: string; formatName: string }> = {
  'video/mp4': { demuxer: 'mov', formatName: 'mp4' },
  'video/quicktime': { demuxer: 'mov', formatName: 'mov' },
  'video/webm': { demuxer: 'matroska', formatName: 'webm' },
};

export type VideoVerdict =
  | {
      ok: true;
      codec: string;
      width: number;
      height: number;
      /** As the container declares it; null when it does not (a live-recorded WebM, say). */
      durationSeconds: number | null;
      fps: number | null;
    }
  | { ok: false; reason: string };

/** ffprobe's `N/D` frame rate (`30000/1001`), or null for `0/0` and anything unreadable. */
function frameRate(text: string | undefined): number | null {
  const match = /^(\d+)\/(\d+)$/.exec(text ?? '');
  if (!match) return null;
  const rate = Number(match[1]) / Number(match[2]);
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}

const positive = z.number().int().positive();

const probeOutputSchema = z.object({
  format: z.object({ format_name: z.string(), duration: z.string().optional() }).optional(),
  streams: z.array(z.unknown()).default([]),
  frames: z.array(z.unknown()).default([]),
});

/** A picture track: a codec ffprobe knows and a size. */
const videoStreamSchema = z.object({
  index: z.number(),
  codec_type: z.literal('video'),
  codec_name: z.string().min(1),
  width: positive,
  height: positive,
  avg_frame_rate: z.string().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).optional(),
});

const decodedFrameSchema = z.object({
  stream_index: z.number(),
  media_type: z.literal('video'),
  width: positive,
});

/** ffprobe's arguments: the container forced, local files only, frames no larger than allowed. */
function probeArguments(file: string, demuxer: string, maxPixels: number): string[] {
  return [
    ...['-hide_banner', '-v', 'error'],
    ...['-protocol_whitelist', 'file', '-f', demuxer, '-max_pixels', String(maxPixels)],
    ...['-select_streams', 'v', '-read_intervals', `%+#${VIDEO_PROBE.packets}`],
    '-show_entries',
    'format=format_name,duration:stream=index,codec_type,codec_name,width,height,avg_frame_rate' +
      ':stream_disposition=attached_pic:frame=stream_index,media_type,width',
    ...['-of', 'json'],
    `file:${file}`,
  ];
}

/** Reads ffprobe's JSON answer for a file sniffed as `mime`. */
export function judgeProbe(output: string, mime: string, maxPixels: number): VideoVerdict {
  const container = CONTAINERS[mime];
  if (!container) return { ok: false, reason: `${mime} is not a video type` };
  let json: unknown;
  try {
    json = JSON.parse(output);
  } catch {
    return { ok: false, reason: 'ffprobe gave no answer' };
  }
  const parsed = probeOutputSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'ffprobe gave an unexpected answer' };
  const { format, streams, frames } = parsed.data;

  const formatNames = format?.format_name.split(',') ?? [];
  if (!formatNames.includes(container.formatName)) {
    return { ok: false, reason: `the container is not ${container.formatName}` };
  }
  const videos = streams.flatMap((stream) => {
    const video = videoStreamSchema.safeParse(stream);
    // A cover picture is a video stream too: an audio file with artwork is no video.
    return video.success && video.data.disposition?.attached_pic !== 1 ? [video.data] : [];
  });
  if (videos.length === 0) return { ok: false, reason: 'no video stream' };
  const oversized = videos.find((stream) => stream.width * stream.height > maxPixels);
  if (oversized) {
    return { ok: false, reason: `a ${oversized.width}×${oversized.height} frame is too large` };
  }
  const decodedStreams = new Set(
    frames.flatMap((frame) => {
      const decoded = decodedFrameSchema.safeParse(frame);
      return decoded.success ? [decoded.data.stream_index] : [];
    }),
  );
  const decoded = videos.find((stream) => decodedStreams.has(stream.index));
  if (!decoded) return { ok: false, reason: 'no frame could be decoded' };
  const duration = Number(format?.duration);
  return {
    ok: true,
    codec: decoded.codec_name,
    width: decoded.width,
    height: decoded.height,
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    fps: frameRate(decoded.avg_frame_rate),
  };
}

/** What went wrong running ffprobe, when it is the file's doing rather than the server's. */
function refusal(error: unknown): string | null {
  const failure = error as { code?: unknown; killed?: boolean; signal?: string | null };
  if (failure.killed || failure.signal) return 'ffprobe was stopped (too slow)';
  if (failure.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return 'ffprobe said too much';
  if (typeof failure.code === 'number') return `ffprobe could not read it (exit ${failure.code})`;
  // ENOENT, EACCES and the like: the program did not start, which no upload causes.
  return null;
}

const gate = createConcurrencyGate({
  slots: VIDEO_PROBE.slots,
  waiting: VIDEO_PROBE.waiting,
  busy: () => new VideosBusyError(),
});

/**
 * Probes the video at `file` (sniffed as `mime`) in a child process, a few at a time. Throws
 * `VideosBusyError` when too many wait, and a plain error when ffprobe cannot be run at all.
 */
export async function probeVideo(
  file: string,
  mime: string,
  maxPixels: number = VIDEO_PROBE.maxPixels,
): Promise<VideoVerdict> {
  const container = CONTAINERS[mime];
  if (!container) return { ok: false, reason: `${mime} is not a video type` };
  return gate.run(async () => {
    const ffprobe = await findTool('ffprobe');
    try {
      const { stdout } = await execFileAsync(
        ffprobe.path,
        probeArguments(file, container.demuxer, maxPixels),
        {
          timeout: VIDEO_PROBE.timeoutMs,
          killSignal: 'SIGKILL',
          maxBuffer: VIDEO_PROBE.maxOutputBytes,
          windowsHide: true,
        },
      );
      return judgeProbe(stdout, mime, maxPixels);
    } catch (error) {
      const reason = refusal(error);
      if (reason === null) throw error;
      return { ok: false, reason };
    }
  });
}
