import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { findTool } from '../src/modules/media/ffmpeg-tools.ts';

const execFileAsync = promisify(execFile);

/**
 * Videos made on the spot from ffmpeg's test sources (nothing downloaded): a phone's HEVC `.mov`
 * with a GPS position and a device name in its metadata, a browser's WebM, and long clips whose
 * container does or does not declare their length (a WebM written to a pipe cannot go back to
 * write it, as a live recording's).
 */
async function ffmpeg(args: string[], to: 'file' | 'pipe' = 'file'): Promise<Buffer> {
  const { path: program } = await findTool('ffmpeg');
  const run = (target: string) =>
    execFileAsync(program, ['-hide_banner', '-v', 'error', '-nostdin', '-y', ...args, target], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    });
  if (to === 'pipe') return (await run('pipe:1')).stdout;
  const dir = await mkdtemp(path.join(tmpdir(), 'arena-clip-'));
  try {
    await run(path.join(dir, 'clip'));
    return await readFile(path.join(dir, 'clip'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const picture = (size: string, rate: number, seconds: number) => [
  ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
];

/** A phone's clip: HEVC in QuickTime, 1600×900 at 60 fps, with where and on what it was filmed. */
export const phoneMov = () =>
  ffmpeg([
    ...picture('1600x900', 60, 2),
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=none'],
    ...['-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-metadata', 'location=+40.4168-003.7038/', '-metadata', 'make=Apple'],
    ...['-metadata', 'model=iPhone 15', '-f', 'mov'],
  ]);

/** A browser's recording: VP8 and Vorbis in WebM, 640×360. */
export const browserWebm = () =>
  ffmpeg([
    ...picture('640x360', 25, 2),
    ...['-c:v', 'libvpx', '-b:v', '300k', '-deadline', 'realtime', '-c:a', 'libvorbis'],
    ...['-f', 'webm'],
  ]);

/** A small clip `seconds` long, its length in its header (MP4) or not (a WebM on a pipe). */
export const longClip = (seconds: number, container: 'mp4' | 'webm') =>
  ffmpeg(
    [
      ...['-f', 'lavfi', '-i', `testsrc2=size=64x48:rate=2:duration=${seconds}`],
      ...(container === 'mp4'
        ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
        : ['-c:v', 'libvpx', '-b:v', '20k', '-deadline', 'realtime']),
      ...['-f', container],
    ],
    container === 'webm' ? 'pipe' : 'file',
  );

/** ffprobe's view of a file: its streams, tags and the order of its top-level boxes. */
export async function probeFile(file: string) {
  const ffprobe = await findTool('ffprobe');
  const { stdout } = await execFileAsync(ffprobe.path, [
    ...['-v', 'error', '-show_entries'],
    'format=duration,format_name:format_tags:stream=codec_type,codec_name,width,height,avg_frame_rate:stream_tags',
    ...['-of', 'json', file],
  ]);
  return JSON.parse(stdout) as {
    format: { duration: string; format_name: string; tags?: Record<string, string> };
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      avg_frame_rate: string;
      tags?: Record<string, string>;
    }[];
  };
}
