import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Message, MessagePage } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { NotificationPage } from '@arena/shared/notification.schema';
import type { FeedPage, MediaUpload, Post } from '@arena/shared/post.schema';

import { follow, openConversation, signUp, type SignedUp, uploadFile } from './fixtures.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';
import { browserWebm, longClip, phoneMov, probeFile } from './video-sources.ts';

/** How long a test waits for a job to settle a video (two cores, shared with the other files). */
const SETTLED_MS = 90_000;
/** A test transcodes one to three clips: room for each to wait its turn on a busy machine. */
const SLOW = { timeout: 3 * SETTLED_MS };

/** The order of an MP4's top-level boxes: `faststart` puts the index (`moov`) before the frames. */
function topLevelBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(offset);
    boxes.push(bytes.toString('latin1', offset + 4, offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

describeEachDatabase('video processing', (context) => {
  let author: SignedUp;
  let other: SignedUp;
  let scratch: string;

  beforeAll(async () => {
    author = await signUp(context());
    other = await signUp(context());
    // The other member follows the author: the author's reposts reach their feed.
    await follow(context(), other, author.input.username);
    scratch = await mkdtemp(path.join(tmpdir(), 'arena-video-test-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  const get = (user: SignedUp, url: string) =>
    context().app.inject({ method: 'GET', url, headers: user.bearer });

  async function upload(url: string, name: string, type: string, bytes: Buffer) {
    const response = await uploadFile(context(), author, url, { name, type, bytes });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MediaUpload>();
  }

  async function post(mediaId: string): Promise<Post> {
    const response = await context().app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.bearer,
      payload: { content: 'Highlights from Saturday', sport: 'football', mediaId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Post>();
  }

  /** ffprobe's view of a file served at `url`, and its bytes. */
  async function served(url: string, type: string) {
    const response = await get(author, url);
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    const file = path.join(scratch, `served-${Date.now()}-${Math.random()}`);
    await writeFile(file, response.rawPayload);
    return { bytes: response.rawPayload, probe: await probeFile(file) };
  }

  /**
   * Reads the post as its author until its video is no longer processing. Each round asks as
   * the other member first: while the author still sees it processing after that, the other's
   * answer came from a moment it was processing too, and must not have shown it.
   */
  async function settledPost(id: string): Promise<{ post: Post; sawProcessing: boolean }> {
    let sawProcessing = false;
    const asOther = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      context().app.inject({ method, url, headers: other.bearer, payload });
    for (const started = Date.now(); Date.now() - started < SETTLED_MS;) {
      // Nor can they reach it by its id: no like, repost or comment, not even its comments.
      const answers = [
        await asOther('GET', `/api/posts/${id}`),
        await asOther('PUT', `/api/posts/${id}/like`),
        await asOther('PUT', `/api/posts/${id}/repost`),
        await asOther('POST', `/api/posts/${id}/comments`, { content: 'Nice one' }),
        await asOther('GET', `/api/posts/${id}/comments`),
      ];
      // Nor is it in their feed or on the author's profile, as a post or as a repost.
      const listed = [
        await asOther('GET', '/api/feed'),
        await asOther('GET', `/api/profiles/${author.input.username}/posts`),
      ].flatMap((list) => list.json<FeedPage>().items.filter((item) => item.post.id === id));
      const mine = (await get(author, `/api/posts/${id}`)).json<Post>();
      if (mine.video?.status !== 'processing') return { post: mine, sawProcessing };
      sawProcessing = true;
      expect(
        answers.map((answer) => answer.statusCode),
        'a post is hidden from others while processing',
      ).toEqual([404, 404, 404, 404, 404]);
      expect(listed, 'nor listed while processing').toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`post ${id} was still processing after ${SETTLED_MS} ms`);
  }

  /** Sends the upload to the other member; returns where the message is. */
  async function sendToOther(mediaId: string) {
    const conversationId = await openConversation(context(), author, other);
    const sent = await context().app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: author.bearer,
      payload: { mediaId },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return { conversationId, id: sent.json<Message>().id };
  }

  async function settledMessage({
    conversationId,
    id,
  }: {
    conversationId: string;
    id: string;
  }): Promise<Message> {
    for (const started = Date.now(); Date.now() - started < SETTLED_MS;) {
      const page = (
        await get(author, `/api/conversations/${conversationId}/messages`)
      ).json<MessagePage>();
      const message = page.items.find((item) => item.id === id);
      if (message && message.video?.status !== 'processing') return message;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`message ${id} was still processing after ${SETTLED_MS} ms`);
  }

  const waitingOriginals = (ctx: TestContext) => {
    const dir = path.join(ctx.dataDir, 'storage', 'message-media', 'processing');
    return existsSync(dir)
      ? readdirSync(dir, { recursive: true }).filter((f) => /\./.test(String(f)))
      : [];
  };

  it(
    "makes a phone's HEVC .mov playable: H.264 + AAC, faststart, ≤ 1080p and 30 fps, a 720p copy, a poster, no metadata; others see it once ready",
    SLOW,
    async () => {
      const original = await phoneMov();
      const originalFile = path.join(scratch, 'original.mov');
      await writeFile(originalFile, original);
      const before = await probeFile(originalFile);
      // The test means something: the original says where, and on what, it was filmed.
      expect(before.format.tags).toMatchObject({ location: '+40.4168-003.7038/' });
      expect(before.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('hevc');

      const media = await upload('/api/media', 'clip.mov', 'video/quicktime', original);
      expect(media.url).toMatch(/\.mp4$/);
      const created = await post(media.id);
      expect(created.video).toMatchObject({ id: media.id, status: 'processing' });
      // Its author may repost it while it processes; the repost waits for the video too.
      const reposted = await context().app.inject({
        method: 'PUT',
        url: `/api/posts/${created.id}/repost`,
        headers: author.bearer,
      });
      expect(reposted.statusCode, reposted.body).toBe(200);

      const { post: ready, sawProcessing } = await settledPost(created.id);
      expect(sawProcessing).toBe(true);
      expect(ready.mediaType).toBe('video');
      expect(ready.video?.status).toBe('ready');
      expect(ready.video?.durationSeconds).toBeGreaterThan(1.5);

      const main = await served(ready.mediaUrl ?? '', 'video/mp4');
      const video = main.probe.streams.find((s) => s.codec_type === 'video');
      const audio = main.probe.streams.find((s) => s.codec_type === 'audio');
      expect(video).toMatchObject({ codec_name: 'h264', width: 1600, height: 900 });
      const [frames = 0, per = 1] = (video?.avg_frame_rate ?? '0/1').split('/').map(Number);
      expect(frames / per).toBeLessThanOrEqual(30);
      expect(audio?.codec_name).toBe('aac');
      expect(main.probe.format.tags ?? {}).not.toHaveProperty('location');
      expect(JSON.stringify(main.probe)).not.toMatch(/iPhone|Apple|40\.4168/);
      const boxes = topLevelBoxes(main.bytes);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

      const small = await served(ready.video?.smallUrl ?? '', 'video/mp4');
      expect(small.probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
        codec_name: 'h264',
        width: 1280,
        height: 720,
      });
      const poster = await get(author, ready.video?.posterUrl ?? '');
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/webp');
      expect(ready.video?.poster).toMatchObject({ width: 1600, height: 900 });
      for (const variant of ready.video?.poster?.variants ?? []) {
        expect((await get(author, variant.url)).statusCode).toBe(200);
      }

      // Others see it now, and the original (with its GPS position) is gone.
      const seen = await get(other, `/api/posts/${created.id}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<Post>().video?.status).toBe('ready');
      const feed = (await get(other, '/api/feed')).json<FeedPage>();
      expect(
        feed.items.filter((item) => item.post.id === created.id).map((item) => item.kind),
      ).toEqual(expect.arrayContaining(['post', 'repost']));
      expect(waitingOriginals(context())).toEqual([]);
    },
  );

  it("makes a browser's WebM in a message an MP4 both sides can play", SLOW, async () => {
    const media = await upload(
      '/api/message-media',
      'clip.webm',
      'video/webm',
      await browserWebm(),
    );
    const message = await settledMessage(await sendToOther(media.id));
    expect(message.video).toMatchObject({ status: 'ready', smallUrl: null });
    const main = await served(message.mediaUrl ?? '', 'video/mp4');
    expect(main.probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 640,
      height: 360,
    });
    const poster = await get(other, message.video?.posterUrl ?? '');
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
  });

  it(
    'refuses a message video that says it is over a minute, and fails one that only turns out so',
    SLOW,
    async () => {
      const declared = await uploadFile(context(), author, '/api/message-media', {
        name: 'long.mp4',
        type: 'video/mp4',
        bytes: await longClip(62, 'mp4'),
      });
      expect(declared.statusCode).toBe(400);
      expect(declared.json()).toEqual({
        error: { code: 'bad_request', message: MESSAGES.messaging.videoTooLong },
      });

      const media = await upload(
        '/api/message-media',
        'live.webm',
        'video/webm',
        await longClip(62, 'webm'),
      );
      const message = await settledMessage(await sendToOther(media.id));
      expect(message.video?.status).toBe('failed');
      expect(message.mediaUrl).toBeNull();
      expect(waitingOriginals(context())).toEqual([]);
    },
  );

  it('posts a video that cannot be processed without it, and tells its author', SLOW, async () => {
    const media = await upload(
      '/api/media',
      'live.webm',
      'video/webm',
      await longClip(182, 'webm'),
    );
    const created = await post(media.id);
    const { post: settled } = await settledPost(created.id);
    expect(settled).toMatchObject({ mediaType: null, mediaUrl: null, video: null });
    expect((await get(other, `/api/posts/${created.id}`)).statusCode).toBe(200);
    const notices = (await get(author, '/api/notifications')).json<NotificationPage>();
    expect(notices.items.find((item) => item.kind === 'video')).toMatchObject({
      subject: { type: 'post', id: created.id },
      href: `/posts/${created.id}`,
    });
  });
});

describe('video sources', () => {
  it('a WebM written to a pipe does not declare its length', SLOW, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'arena-live-'));
    try {
      const file = path.join(dir, 'live.webm');
      await writeFile(file, await longClip(3, 'webm'));
      expect((await probeFile(file)).format.duration).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
