import { execFile, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { promisify } from 'node:util';

import { z } from 'zod';

import { findTool } from '../media/ffmpeg-tools.ts';

const execFileAsync = promisify(execFile);

/**
 * Making an uploaded video playable everywhere (decision 0051): one ffmpeg run decodes the
 * source once and writes H.264 + AAC MP4s with `faststart` (the index first, so playback starts
 * before the whole file has arrived) at most 1080p and 30 fps, and a 720p copy when the source is
 * larger. Nothing of the source's metadata is copied (GPS positions, device names, dates).
 */
export const TRANSCODE = {
  /** The short side of the main copy and of the small one; the long side of the main copy. */
  shortSide: 1080,
  longSide: 1920,
  smallShortSide: 720,
  maxFps: 30,
  /** A transcode still running after this is stopped and the video marked failed. */
  timeoutMs: 10 * 60 * 1000,
  /** The poster is the frame at this point (or a third in, for a shorter clip). */
  posterSeconds: 1,
  /** x264's speed for quality trade: `veryfast` is ~3× `medium`'s speed for a few % more bytes. */
  preset: 'veryfast',
  crf: 23,
  /** What is kept of ffmpeg's error output for the log. */
  stderrBytes: 4096,
} as const;

export class TranscodeFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'TranscodeFailure';
  }
}

export interface SourceFacts {
  width: number;
  height: number;
  /** Frames a second, when the container says. */
  fps: number | null;
}

export interface TranscodeTargets {
  main: string;
  /** The 720p copy's file, when the source is larger than 720p (`wantsSmallCopy`). */
  small: string | null;
}

/** Whether a source this size gets a 720p copy beside its main one. */
export function wantsSmallCopy(source: Pick<SourceFacts, 'width' | 'height'>): boolean {
  return Math.min(source.width, source.height) > TRANSCODE.smallShortSide;
}

/**
 * A scale filter that fits the picture (after the source's rotation is applied) within a short
 * side and a long side, never enlarging it, with even sides as H.264's 4:2:0 needs.
 */
function fit(shortSide: number, longSide: number): string {
  const factor = `min(1,min(${shortSide}/min(iw,ih),${longSide}/max(iw,ih)))`;
  return `scale=w='trunc(iw*${factor}/2)*2':h='trunc(ih*${factor}/2)*2'`;
}

function filters(scale: string, source: SourceFacts): string {
  const chain = [scale];
  if (source.fps !== null && source.fps > TRANSCODE.maxFps + 0.5)
    chain.push(`fps=${TRANSCODE.maxFps}`);
  chain.push('format=yuv420p');
  return chain.join(',');
}

/** The options of one MP4 output: video and the first audio track, re-encoded, no metadata. */
function mp4Output(file: string, videoFilter: string): string[] {
  return [
    ...['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'],
    ...['-map_metadata', '-1', '-map_chapters', '-1'],
    ...['-vf', videoFilter],
    ...['-c:v', 'libx264', '-preset', TRANSCODE.preset, '-crf', String(TRANSCODE.crf)],
    ...['-profile:v', 'high', '-threads', '1'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
    ...['-movflags', '+faststart', '-fflags', '+bitexact'],
    ...['-flags:v', '+bitexact', '-flags:a', '+bitexact'],
    ...['-f', 'mp4', `file:${file}`],
  ];
}

/** ffmpeg's arguments for `source` (opened with `demuxer`), cut at `maxSeconds`. */
export function transcodeArguments(
  input: { file: string; demuxer: string; facts: SourceFacts; maxSeconds: number },
  targets: TranscodeTargets,
): string[] {
  const args = [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-nostats', '-progress', 'pipe:1'],
    ...['-filter_threads', '1'],
    ...['-protocol_whitelist', 'file', '-threads', '1', '-f', input.demuxer],
    // A file whose header under-states its length still stops here (a second over the limit
    // shows in the result's duration, which the caller checks).
    ...['-t', String(input.maxSeconds + 1)],
    ...['-i', `file:${input.file}`],
    ...mp4Output(targets.main, filters(fit(TRANSCODE.shortSide, TRANSCODE.longSide), input.facts)),
  ];
  if (targets.small) {
    args.push(
      ...mp4Output(
        targets.small,
        filters(fit(TRANSCODE.smallShortSide, Number.MAX_SAFE_INTEGER), input.facts),
      ),
    );
  }
  return args;
}

/** How far ffmpeg is, from its `-progress` lines (`out_time_us=…`, microseconds written). */
export function progressSeconds(line: string): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
  return match ? Number(match[1]) / 1_000_000 : null;
}

interface RunOptions {
  timeoutMs: number;
  /** Seconds of output written so far, as ffmpeg reports them. */
  onProgress?: (seconds: number) => void;
}

/**
 * Runs ffmpeg with `args` at a lower priority than the server (a transcode must not slow the
 * pages down), stopping it at the timeout. Throws `TranscodeFailure` for a failed run.
 */
export async function runFfmpeg(args: string[], options: RunOptions): Promise<void> {
  const ffmpeg = await findTool('ffmpeg');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg.path, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 19);
      } catch {
        // Not allowed here (some containers): it runs at the server's priority.
      }
    }
    let stderr = '';
    let pending = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const seconds = progressSeconds(line);
        if (seconds !== null) options.onProgress?.(seconds);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-TRANSCODE.stderrBytes);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new TranscodeFailure(`stopped after ${Math.round(options.timeoutMs / 1000)} s`));
      } else if (code === 0) {
        resolve();
      } else {
        const why = stderr.trim().split('\n').slice(-3).join(' | ');
        reject(new TranscodeFailure(`ffmpeg exit ${code ?? signal}: ${why}`));
      }
    });
  });
}

/** The poster frame of a finished MP4, as a PNG: at `posterSeconds`, or a third in if shorter. */
export async function posterFrame(
  mp4: string,
  png: string,
  durationSeconds: number,
): Promise<void> {
  const at = Math.min(TRANSCODE.posterSeconds, durationSeconds / 3);
  await runFfmpeg(
    [
      ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-protocol_whitelist', 'file'],
      ...['-ss', at.toFixed(3), '-f', 'mp4', '-i', `file:${mp4}`],
      ...['-frames:v', '1', '-map_metadata', '-1', '-f', 'image2', '-c:v', 'png', `file:${png}`],
    ],
    { timeoutMs: 60_000 },
  );
}

const outputProbeSchema = z.object({
  streams: z
    .array(z.object({ width: z.number().int().positive(), height: z.number().int().positive() }))
    .min(1),
  format: z.object({ duration: z.coerce.number().positive() }),
});

/** The size and length of a finished MP4, read back by ffprobe. */
export async function readOutput(
  mp4: string,
): Promise<{ width: number; height: number; durationSeconds: number }> {
  const ffprobe = await findTool('ffprobe');
  const { stdout } = await execFileAsync(
    ffprobe.path,
    [
      ...['-v', 'error', '-protocol_whitelist', 'file', '-f', 'mp4', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=width,height:format=duration', '-of', 'json', `file:${mp4}`],
    ],
    { timeout: 30_000, maxBuffer: 256 * 1024 },
  );
  const parsed = outputProbeSchema.safeParse(JSON.parse(stdout));
  if (!parsed.success) throw new TranscodeFailure('the result has no video stream');
  const [stream] = parsed.data.streams;
  return {
    width: stream?.width ?? 0,
    height: stream?.height ?? 0,
    durationSeconds: parsed.data.format.duration,
  };
}
