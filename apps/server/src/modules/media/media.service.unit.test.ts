import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

import { variantPath } from '@arena/shared/image-variants';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { fakeOf } from '../../../test/unit/fake-of.ts';
import { memoryStorage } from '../../../test/unit/memory-storage.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { MediaRepository } from './media.repository.ts';
import { MESSAGE_MEDIA, type MediaRules, POST_MEDIA, createMediaService } from './media.service.ts';

const queueVideo = vi.fn(() => Promise.resolve());
const NO_VIDEO_FILES = { posterPath: null, smallPath: null, sourceKey: null };

const owner: AuthContext = { userId: 'u-1', profileId: 'p-1', aal: 'aal1' };
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const MP4 = Buffer.concat([
  Buffer.from('00000018', 'hex'),
  Buffer.from('ftypisom'),
  Buffer.alloc(12),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< >>\nendobj\n');

/** A file of `size` bytes starting with `magic`, streamed in chunks as an upload arrives. */
function upload(magic: Buffer, size: number, chunk = 1024): Readable {
  const bytes = Buffer.concat([magic, Buffer.alloc(Math.max(0, size - magic.length), 7)]);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) chunks.push(bytes.subarray(at, at + chunk));
  return Readable.from(chunks);
}

/** Small limits, so that the rule is exercised without streaming megabytes. */
const SMALL: MediaRules = { ...POST_MEDIA, imageBytes: 8_000, videoBytes: 16_000 };

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'arena-media-unit-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function setUp() {
  const repo = fakeOf<MediaRepository>({ insert: vi.fn(() => Promise.resolve('file-1')) });
  const storage = memoryStorage();
  return { repo, storage, service: createMediaService(repo, storage, dataDir, queueVideo) };
}

/** Nothing left behind: no temporary file, no stored object, no record. */
async function expectNothingKept(setup: ReturnType<typeof setUp>) {
  expect(await readdir(path.join(dataDir, 'storage', '.uploads'))).toEqual([]);
  expect(setup.storage.objects.size).toBe(0);
  expect(setup.repo.insert).not.toHaveBeenCalled();
}

describe('media service: the rules of an upload', () => {
  it('keeps the spec’s limits and messages for posts and messages', () => {
    expect(POST_MEDIA).toMatchObject({
      bucket: 'post-media',
      imageBytes: 20 * 1024 * 1024,
      videoBytes: 100 * 1024 * 1024,
      imageTooLarge: MESSAGES.post.imageTooLarge,
      videoTooLarge: MESSAGES.post.videoTooLarge,
      videoSeconds: 180,
      videoTooLong: MESSAGES.post.videoTooLong,
      unsupported: MESSAGES.post.mediaUnsupported,
    });
    expect(MESSAGE_MEDIA).toMatchObject({
      bucket: 'message-media',
      imageBytes: 10 * 1024 * 1024,
      videoBytes: 50 * 1024 * 1024,
      imageTooLarge: MESSAGES.messaging.mediaTooLarge,
      videoSeconds: 60,
      videoTooLong: MESSAGES.messaging.videoTooLong,
      unsupported: MESSAGES.messaging.mediaNotAllowed,
    });
  });

  it('refuses what is neither a photo nor a video by its bytes, whatever it is called, with a 415', async () => {
    for (const bytes of [
      upload(PDF, 6_000),
      upload(Buffer.from('GIF89a'), 200),
      upload(Buffer.alloc(0), 0),
    ]) {
      const setup = setUp();
      await expectRefusal(
        setup.service.upload(owner, bytes, SMALL),
        'unsupported_media_type',
        MESSAGES.post.mediaUnsupported,
      );
      await expectNothingKept(setup);
    }
    const messages = setUp();
    await expectRefusal(
      messages.service.upload(owner, upload(PDF, 100), MESSAGE_MEDIA),
      'unsupported_media_type',
      MESSAGES.messaging.mediaNotAllowed,
    );
  });

  it('cuts off a photo past the photo limit while it streams, with a 413', async () => {
    const setup = setUp();
    await expectRefusal(
      setup.service.upload(owner, upload(PNG, 8_001), SMALL),
      'payload_too_large',
      MESSAGES.post.imageTooLarge,
    );
    await expectNothingKept(setup);
  });

  it('lets a video past the photo limit through to the video limit, and cuts it off there', async () => {
    const setup = setUp();
    await expectRefusal(
      setup.service.upload(owner, upload(MP4, 16_001), SMALL),
      'payload_too_large',
      MESSAGES.post.videoTooLarge,
    );
    await expectNothingKept(setup);
  });

  it('refuses a stream the multipart parser marked as truncated at its own ceiling', async () => {
    const setup = setUp();
    const stream = Object.assign(upload(PNG, 5_000), { truncated: true });
    await expectRefusal(
      setup.service.upload(owner, stream, SMALL),
      'payload_too_large',
      MESSAGES.post.imageTooLarge,
    );
    await expectNothingKept(setup);
  });

  it('turns the parser’s own size error into the 413 of the rules', async () => {
    const setup = setUp();
    const failing = new Readable({
      read() {
        this.destroy(
          Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' }),
        );
      },
    });
    await expectRefusal(
      setup.service.upload(owner, failing, SMALL),
      'payload_too_large',
      MESSAGES.post.videoTooLarge,
    );
    await expectNothingKept(setup);
  });
});

describe('media service: CVs', () => {
  it('stores a PDF privately under the owner, with its record, and a name cut to 200 characters', async () => {
    const { repo, storage, service } = setUp();
    const result = await service.uploadCv(owner, upload(PDF, 3_000), `${'c'.repeat(250)}.pdf`);
    expect(result).toEqual({ id: 'file-1', fileName: 'c'.repeat(200) });
    const [key] = [...storage.objects.keys()];
    expect(key).toMatch(/^offer-applications\/u-1\/\d+-[0-9a-f]{8}\.pdf$/);
    expect(repo.insert).toHaveBeenCalledWith({
      bucket: 'offer-applications',
      path: key?.slice('offer-applications/'.length),
      ownerUserId: 'u-1',
      contentType: 'application/pdf',
      sizeBytes: 3_000,
    });
  });

  it('refuses a CV over 10 MB with a 413, and anything but PDF or Word with a 415, storing nothing', async () => {
    const large = setUp();
    await expectRefusal(
      large.service.uploadCv(owner, upload(PDF, LIMITS.cvBytes + 1, 1024 * 1024), 'cv.pdf'),
      'payload_too_large',
      MESSAGES.application.cvTooLarge,
    );
    expect(large.storage.objects.size).toBe(0);
    expect(large.repo.insert).not.toHaveBeenCalled();

    for (const bytes of [upload(PNG, 500), upload(Buffer.from('plain text, not a CV'), 20)]) {
      const wrong = setUp();
      await expectRefusal(
        wrong.service.uploadCv(owner, bytes, 'cv.pdf'),
        'unsupported_media_type',
        MESSAGES.application.cvInvalidType,
      );
      expect(wrong.storage.objects.size).toBe(0);
      expect(wrong.repo.insert).not.toHaveBeenCalled();
    }
  });
});

describe('media service: abandoned uploads', () => {
  it('removes each abandoned file and its display sizes, and never touches an invalid key', async () => {
    const { repo, storage } = setUp();
    await storage.put('post-media', 'u-1/a.webp', Buffer.from('a'));
    await storage.put('post-media', variantPath('u-1/a.webp', 480), Buffer.from('a480'));
    await storage.put('message-media', 'u-2/b.mp4', Buffer.from('b'));
    await storage.put('post-media', 'u-1/kept.webp', Buffer.from('kept'));
    const takeAbandoned = vi.fn(() =>
      Promise.resolve([
        { bucket: 'post-media', path: 'u-1/a.webp', variantWidths: [480], ...NO_VIDEO_FILES },
        { bucket: 'message-media', path: 'u-2/b.mp4', variantWidths: null, ...NO_VIDEO_FILES },
        { bucket: 'post-media', path: '../outside.webp', variantWidths: null, ...NO_VIDEO_FILES },
      ]),
    );
    const sweeping = createMediaService(
      fakeOf<MediaRepository>({ ...repo, takeAbandoned }),
      storage,
      dataDir,
      queueVideo,
    );
    const now = Date.parse('2026-11-26T12:00:00Z');
    await expect(sweeping.sweepAbandoned(now)).resolves.toBe(3);
    expect(takeAbandoned).toHaveBeenCalledWith(new Date(now - 60 * 60 * 1000));
    expect([...storage.objects.keys()]).toEqual(['post-media/u-1/kept.webp']);
  });
});
