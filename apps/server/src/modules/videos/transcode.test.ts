import { describe, expect, it } from 'vitest';

import {
  progressSeconds,
  runFfmpeg,
  TRANSCODE,
  TranscodeFailure,
  transcodeArguments,
  wantsSmallCopy,
} from './transcode.ts';
import { transcodeSlots } from './video-jobs.ts';

const facts = { width: 3840, height: 2160, fps: 60 };
const input = { file: '/tmp/in.mov', demuxer: 'mov', facts, maxSeconds: 180 };

/** The options given to the output written to `file`: those between the previous output and it. */
function outputOptions(args: string[], file: string): string[] {
  const end = args.indexOf(`file:${file}`);
  const start = args.lastIndexOf('-f', end - 2);
  const from = args.slice(0, start).lastIndexOf('-map', start) - 2;
  return args.slice(Math.max(0, from), end);
}

describe('transcodeArguments', () => {
  const args = transcodeArguments(input, { main: '/tmp/main.mp4', small: '/tmp/small.mp4' });

  it('opens the original as its sniffed container, reading local files only, cut past the limit', () => {
    const before = args.slice(0, args.indexOf('-i'));
    expect(before).toEqual(expect.arrayContaining(['-protocol_whitelist', 'file', '-f', 'mov']));
    expect(before[before.indexOf('-t') + 1]).toBe('181');
    expect(args[args.indexOf('-i') + 1]).toBe('file:/tmp/in.mov');
  });

  it('writes H.264 + AAC MP4s with faststart and no metadata, at most 30 fps', () => {
    for (const file of ['/tmp/main.mp4', '/tmp/small.mp4']) {
      const options = outputOptions(args, file).join(' ');
      expect(options).toContain('-map_metadata -1');
      expect(options).toContain('-c:v libx264');
      expect(options).toContain('-c:a aac');
      expect(options).toContain('-movflags +faststart');
      expect(options).toContain('fps=30');
      expect(options).toContain('format=yuv420p');
    }
    expect(outputOptions(args, '/tmp/main.mp4').join(' ')).toContain(
      'min(1080/min(iw,ih),1920/max(iw,ih))',
    );
    expect(outputOptions(args, '/tmp/small.mp4').join(' ')).toContain('720/min(iw,ih)');
  });

  it('keeps a source’s own rate under 30 fps, and writes one output without a small copy', () => {
    const one = transcodeArguments(
      { ...input, facts: { width: 640, height: 360, fps: 25 } },
      { main: '/tmp/main.mp4', small: null },
    );
    expect(one.join(' ')).not.toContain('fps=');
    expect(one.filter((arg) => arg.startsWith('file:/tmp/'))).toEqual([
      'file:/tmp/in.mov',
      'file:/tmp/main.mp4',
    ]);
  });
});

describe('the small copy, progress and slots', () => {
  it('makes a 720p copy only of a source larger than 720p, portrait or landscape', () => {
    expect(wantsSmallCopy({ width: 1920, height: 1080 })).toBe(true);
    expect(wantsSmallCopy({ width: 1080, height: 1920 })).toBe(true);
    expect(wantsSmallCopy({ width: 1280, height: 720 })).toBe(false);
    expect(wantsSmallCopy({ width: 640, height: 360 })).toBe(false);
  });

  it('reads ffmpeg’s progress lines', () => {
    expect(progressSeconds('out_time_us=2500000')).toBe(2.5);
    expect(progressSeconds('out_time_ms=1000000')).toBe(1);
    expect(progressSeconds('frame=12')).toBeNull();
    expect(progressSeconds('out_time_us=N/A')).toBeNull();
  });

  it('runs one transcode fewer than the cores, at least one', () => {
    expect(transcodeSlots(1)).toBe(1);
    expect(transcodeSlots(2)).toBe(1);
    expect(transcodeSlots(8)).toBe(7);
    expect(TRANSCODE.timeoutMs).toBe(10 * 60 * 1000);
  });
});

describe('runFfmpeg (the real program)', () => {
  /** An endless test picture, encoded to nowhere: a transcode that would never end. */
  const endless = [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-nostats', '-progress', 'pipe:1'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=25', '-f', 'null', '-'],
  ];

  it('reports its progress, and stops a run past its time as a failure', async () => {
    const heard: number[] = [];
    const run = runFfmpeg(endless, { timeoutMs: 2_000, onProgress: (s) => heard.push(s) });
    await expect(run).rejects.toThrow(TranscodeFailure);
    await expect(run).rejects.toThrow('stopped after 2 s');
    expect(heard.length).toBeGreaterThan(0);
  });

  it('says why ffmpeg failed', async () => {
    await expect(
      runFfmpeg(['-hide_banner', '-v', 'error', '-f', 'mp4', '-i', 'file:/nonexistent.mp4'], {
        timeoutMs: 10_000,
      }),
    ).rejects.toThrow(/ffmpeg exit 1: .*nonexistent/);
  });
});
