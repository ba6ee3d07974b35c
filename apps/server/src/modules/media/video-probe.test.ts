import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { mp4ThenHtml, mp4WithHtmlFrames, truncatedMp4, videos } from '../../../test/videos.ts';
import { VideosBusyError, judgeProbe, probeVideo } from './video-probe.ts';

describe('probeVideo (ffprobe on real files)', () => {
  let root: string;
  let count = 0;
  /** Writes `bytes` to a file of its own and probes it as `mime`. */
  async function probe(bytes: Buffer, mime: string, maxPixels?: number) {
    count += 1;
    const file = path.join(root, `upload-${count}`);
    await writeFile(file, bytes);
    return probeVideo(file, mime, maxPixels);
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'arena-probe-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('accepts a real MP4, MOV and WebM and tells their codec and size', async () => {
    expect(await probe(videos.mp4(), 'video/mp4')).toEqual({
      ok: true,
      codec: 'h264',
      width: 64,
      height: 48,
      durationSeconds: 1,
      fps: 10,
    });
    expect(await probe(videos.mov(), 'video/quicktime')).toMatchObject({ ok: true, codec: 'h264' });
    expect(await probe(videos.webm(), 'video/webm')).toMatchObject({
      ok: true,
      codec: 'vp8',
      width: 64,
      height: 48,
    });
  });

  it.each([
    ['an ftyp box followed by HTML', mp4ThenHtml, /could not read it/],
    ['an MP4 with only a sound track', videos.audioOnlyMp4, /no video stream/],
    ['an MP4 cut off before its index', truncatedMp4, /no video stream/],
    ['an MP4 whose frames are HTML', mp4WithHtmlFrames, /no frame could be decoded/],
  ])('refuses %s', async (_name, build, reason) => {
    const verdict = await probe(build(), 'video/mp4');
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toMatch(reason);
  });

  it('refuses a frame over 8K before decoding it, quickly', async () => {
    const started = Date.now();
    const verdict = await probe(videos.hugeFrameMp4(), 'video/mp4');
    expect(verdict.ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
    // Under a lower ceiling the small clip is refused the same way.
    expect((await probe(videos.mp4(), 'video/mp4', 64 * 48 - 1)).ok).toBe(false);
    expect((await probe(videos.mp4(), 'video/mp4', 64 * 48)).ok).toBe(true);
  });

  it('opens a file only as the container its first bytes claimed', async () => {
    expect((await probe(videos.webm(), 'video/mp4')).ok).toBe(false);
    expect((await probe(videos.mp4(), 'video/webm')).ok).toBe(false);
    expect((await probe(videos.mp4(), 'image/png')).ok).toBe(false);
  });
});

describe('judgeProbe', () => {
  const answer = (value: object) => JSON.stringify(value);
  const h264 = { index: 0, codec_type: 'video', codec_name: 'h264', width: 64, height: 48 };
  const frame = { stream_index: 0, media_type: 'video', width: 64 };
  const mp4 = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2' };

  it('takes a video stream with a decoded frame', () => {
    expect(
      judgeProbe(answer({ format: mp4, streams: [h264], frames: [frame] }), 'video/mp4', 1e6),
    ).toEqual({ ok: true, codec: 'h264', width: 64, height: 48, durationSeconds: null, fps: null });
  });

  it('tells the length the container declares and the frame rate, or null', () => {
    const judge = (format: object, stream: object) =>
      judgeProbe(
        answer({
          format: { ...mp4, ...format },
          streams: [{ ...h264, ...stream }],
          frames: [frame],
        }),
        'video/mp4',
        1e6,
      );
    expect(judge({ duration: '61.500000' }, { avg_frame_rate: '30000/1001' })).toMatchObject({
      durationSeconds: 61.5,
      fps: 30000 / 1001,
    });
    expect(judge({ duration: 'N/A' }, { avg_frame_rate: '0/0' })).toMatchObject({
      durationSeconds: null,
      fps: null,
    });
  });

  it('does not count a cover picture, a stream without codec or size, or a frame of another stream', () => {
    const judge = (streams: object[], frames: object[] = [frame]) =>
      judgeProbe(answer({ format: mp4, streams, frames }), 'video/mp4', 1e6);
    const cover = { ...h264, codec_name: 'mjpeg', disposition: { attached_pic: 1 } };
    expect(judge([cover])).toMatchObject({ ok: false, reason: 'no video stream' });
    expect(judge([{ ...h264, codec_name: undefined }])).toMatchObject({ ok: false });
    expect(judge([{ ...h264, width: 0 }])).toMatchObject({ ok: false });
    expect(judge([h264], [{ ...frame, stream_index: 1 }])).toMatchObject({
      ok: false,
      reason: 'no frame could be decoded',
    });
  });

  it('refuses a container that is not the sniffed one, and an answer that is not JSON', () => {
    const webm = { format_name: 'matroska,webm' };
    const streams = [h264];
    expect(
      judgeProbe(answer({ format: webm, streams, frames: [frame] }), 'video/mp4', 1e6),
    ).toMatchObject({ ok: false, reason: 'the container is not mp4' });
    expect(
      judgeProbe(answer({ format: mp4, streams, frames: [frame] }), 'video/webm', 1e6),
    ).toMatchObject({ ok: false, reason: 'the container is not webm' });
    expect(judgeProbe('{', 'video/mp4', 1e6)).toMatchObject({ ok: false });
  });
});

describe('VideosBusyError', () => {
  it('is a 503 that says when to come back', () => {
    const busy = new VideosBusyError();
    expect(busy.statusCode).toBe(503);
    expect(busy.retryAfterSeconds).toBe(5);
    expect(busy.message).toBe(MESSAGES.videosBusy);
  });
});
