import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { MediaUpload, Post } from '@arena/shared/post.schema';

import { createMediaRepository } from '../src/modules/media/media.repository.ts';
import { createMediaService } from '../src/modules/media/media.service.ts';
import { createDiskStorage } from '../src/modules/storage/file-storage.ts';
import { multipartFile, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { mp4Head } from './upload-attack-files.ts';
import { videoJobDone, videoSettled } from './video-jobs.ts';
import { videos } from './videos.ts';

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase('posts and media', (context) => {
  const upload = (user: SignedUp, filename: string, type: string, bytes: Buffer) => {
    const body = multipartFile('file', filename, type, bytes);
    return context().app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...user.bearer, ...body.headers },
      payload: body.payload,
    });
  };
  /** The temporary files of uploads in progress (or left behind). */
  const leftUploads = () => {
    const uploads = path.join(context().dataDir, 'storage', '.uploads');
    return existsSync(uploads) ? readdirSync(uploads) : [];
  };
  const createPost = (user: SignedUp | null, payload: object) =>
    context().app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: user?.bearer ?? {},
      payload,
    });
  const storedPath = (url: string) =>
    path.join(context().dataDir, 'storage', url.replace(/^\/files\//, ''));

  describe('creating posts', () => {
    it('posts text with its author and trims it', async () => {
      const user = await signUp(context());
      const response = await createPost(user, {
        content: '  First training of the season!\n\n#preseason  ',
        sport: 'football',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json<Post>()).toMatchObject({
        content: 'First training of the season!\n\n#preseason',
        sport: 'football',
        mediaUrl: null,
        mediaType: null,
        likesCount: 0,
        commentsCount: 0,
        repostsCount: 0,
        likedByMe: false,
        author: { id: user.session.profile.id, username: user.input.username },
      });
    });

    it.each([
      [{ content: '', sport: 'football' }, MESSAGES.validation.postEmpty],
      [{ content: '   ', sport: 'football' }, MESSAGES.validation.postEmpty],
      [{ content: 'x'.repeat(2001), sport: 'football' }, MESSAGES.validation.postMax],
      [{ content: 'Hello' }, MESSAGES.validation.sportRequired],
      [{ content: 'Hello', sport: '' }, MESSAGES.validation.sportRequired],
      [{ content: 'Hello', sport: 'chess' }, MESSAGES.validation.sportUnknown],
      [{ content: 'Hello', sport: 'Football' }, MESSAGES.validation.sportUnknown],
    ])('refuses %j with a clear message and stores nothing', async (payload, message) => {
      const user = await signUp(context());
      const response = await createPost(user, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.message).toBe(message);
      const mine = await context().app.inject({
        method: 'GET',
        url: `/api/profiles/${user.input.username}/posts`,
      });
      expect(mine.json<{ items: unknown[] }>().items).toEqual([]);
    });

    it("takes any sport of the product's list, e.g. cricket", async () => {
      const user = await signUp(context());
      const response = await createPost(user, { content: 'Century!', sport: 'cricket' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Post>().sport).toBe('cricket');
    });

    it('accepts exactly 2000 characters', async () => {
      const user = await signUp(context());
      expect(
        (await createPost(user, { content: 'x'.repeat(2000), sport: 'padel' })).statusCode,
      ).toBe(201);
    });

    it('refuses visitors', async () => {
      expect((await createPost(null, { content: 'Hi', sport: 'rugby' })).statusCode).toBe(401);
    });
  });

  describe('media', () => {
    it('re-encodes a photo without its metadata and attaches it to a post', async () => {
      const user = await signUp(context());
      const photo = await sharp({
        create: { width: 3000, height: 1000, channels: 3, background: '#08f' },
      })
        .jpeg()
        .withExif({ IFD0: { Make: 'Phone', Model: 'GPS Cam' } })
        .toBuffer();
      const uploaded = await upload(user, 'match.jpg', 'image/jpeg', photo);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const media = uploaded.json<MediaUpload>();
      expect(media.mediaType).toBe('image');
      expect(media.url).toMatch(
        new RegExp(`^/files/post-media/${user.session.user.id}/\\d+-[0-9a-f]{8}\\.webp$`),
      );

      const file = await context().app.inject({ method: 'GET', url: media.url });
      expect(file.headers['cache-control']).toBe('public, max-age=3600');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 2048, height: 683 });
      expect(meta.exif).toBeUndefined();

      const post = await createPost(user, {
        content: 'Match day',
        sport: 'basketball',
        mediaId: media.id,
      });
      expect(post.statusCode).toBe(201);
      expect(post.json<Post>()).toMatchObject({ mediaUrl: media.url, mediaType: 'image' });
    });

    it('converts a real HEIC photo', async () => {
      const user = await signUp(context());
      const heic = readFileSync(path.join(import.meta.dirname, 'fixtures', 'red-64x48.heic'));
      const uploaded = await upload(user, 'IMG_1234.HEIC', 'image/heic', heic);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const file = await context().app.inject({
        method: 'GET',
        url: uploaded.json<MediaUpload>().url,
      });
      expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
    });

    it('makes a video an MP4 of its own, served as video once processed', async () => {
      const user = await signUp(context());
      const clip = videos.mp4();
      const uploaded = await upload(user, 'clip.mp4', 'video/mp4', clip);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const media = uploaded.json<MediaUpload>();
      expect(media.mediaType).toBe('video');
      expect(media.url).toMatch(/\.mp4$/);
      expect(await videoSettled(context(), media.id)).toBe('ready');
      const file = await context().app.inject({ method: 'GET', url: media.url });
      expect(file.headers['content-type']).toBe('video/mp4');
      expect(file.rawPayload.equals(clip)).toBe(false);
    });

    it('decides the type by the bytes: text named .jpg is refused with the spec message', async () => {
      const user = await signUp(context());
      for (const [name, type, bytes] of [
        ['photo.jpg', 'image/jpeg', Buffer.from('definitely not a photo')],
        ['page.html', 'text/html', Buffer.from('<html><script>alert(1)</script></html>')],
        [
          'x.svg',
          'image/svg+xml',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        ],
        [
          'doc.pdf',
          'application/pdf',
          Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'.repeat(200)),
        ],
      ] as const) {
        const response = await upload(user, name, type, bytes);
        expect(response.statusCode).toBe(415);
        expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.post.mediaUnsupported);
      }
      // Nothing was left behind, not even a file opened as the refusal was answered.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(leftUploads()).toEqual([]);
    });

    it('cuts off an image over 20 MB and a video over 100 MB with the spec messages', async () => {
      const user = await signUp(context());
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const bigImage = Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024)]);
      const image = await upload(user, 'big.png', 'image/png', bigImage);
      expect(image.statusCode).toBe(413);
      expect(image.json<ErrorBody>().error.message).toBe(MESSAGES.post.imageTooLarge);

      const video = await upload(user, 'big.mp4', 'video/mp4', mp4Head(100 * 1024 * 1024 + 1));
      expect(video.statusCode).toBe(413);
      expect(video.json<ErrorBody>().error.message).toBe(MESSAGES.post.videoTooLarge);
      // Nothing was left behind.
      expect(leftUploads()).toEqual([]);
    });

    it("refuses someone else's upload and an upload used twice", async () => {
      const owner = await signUp(context());
      const thief = await signUp(context());
      const media = (
        await upload(owner, 'clip.mp4', 'video/mp4', videos.mp4())
      ).json<MediaUpload>();
      const stolen = await createPost(thief, {
        content: 'Mine now',
        sport: 'tennis',
        mediaId: media.id,
      });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json<ErrorBody>().error.message).toBe(MESSAGES.post.mediaMissing);
      expect(
        (await createPost(owner, { content: 'Mine', sport: 'tennis', mediaId: media.id }))
          .statusCode,
      ).toBe(201);
      expect(
        (await createPost(owner, { content: 'Again', sport: 'tennis', mediaId: media.id }))
          .statusCode,
      ).toBe(400);
    });

    it('sweeps away uploads never attached to a post', async () => {
      const user = await signUp(context());
      const kept = (await upload(user, 'a.mp4', 'video/mp4', videos.mp4())).json<MediaUpload>();
      const abandoned = (
        await upload(user, 'b.mp4', 'video/mp4', videos.mp4())
      ).json<MediaUpload>();
      await createPost(user, { content: 'With video', sport: 'rugby', mediaId: kept.id });
      for (const media of [kept, abandoned]) {
        expect(await videoSettled(context(), media.id)).toBe('ready');
      }
      const poster = (media: MediaUpload) =>
        storedPath(media.url.replace(/\.mp4$/, '-poster.webp'));
      expect(existsSync(poster(abandoned))).toBe(true);

      const service = createMediaService(
        createMediaRepository(context().database.db),
        createDiskStorage(path.join(context().dataDir, 'storage')),
        context().dataDir,
        () => Promise.resolve(),
      );
      expect(await service.sweepAbandoned(Date.now())).toBe(0);
      expect(await service.sweepAbandoned(Date.now() + 2 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(
        1,
      );
      expect(existsSync(storedPath(abandoned.url))).toBe(false);
      expect(existsSync(poster(abandoned))).toBe(false);
      expect(existsSync(storedPath(kept.url))).toBe(true);
    });
  });

  describe('deleting posts', () => {
    it('lets the author delete a post, with its media', async () => {
      const user = await signUp(context());
      const media = (await upload(user, 'c.mp4', 'video/mp4', videos.mp4())).json<MediaUpload>();
      const post = (
        await createPost(user, { content: 'Bye', sport: 'padel', mediaId: media.id })
      ).json<Post>();
      expect(await videoSettled(context(), media.id)).toBe('ready');
      expect(existsSync(storedPath(media.url))).toBe(true);
      const response = await context().app.inject({
        method: 'DELETE',
        url: `/api/posts/${post.id}`,
        headers: user.bearer,
      });
      expect(response.statusCode).toBe(204);
      expect(
        (await context().app.inject({ method: 'GET', url: `/api/posts/${post.id}` })).statusCode,
      ).toBe(404);
      expect(existsSync(storedPath(media.url))).toBe(false);
      expect(existsSync(storedPath(media.url.replace(/\.mp4$/, '-poster.webp')))).toBe(false);
    });

    it('deleting a post while its video is processed leaves none of its files behind', async () => {
      const user = await signUp(context());
      const media = (await upload(user, 'd.mp4', 'video/mp4', videos.mp4())).json<MediaUpload>();
      const post = (
        await createPost(user, { content: 'Gone soon', sport: 'padel', mediaId: media.id })
      ).json<Post>();
      const deleted = await context().app.inject({
        method: 'DELETE',
        url: `/api/posts/${post.id}`,
        headers: user.bearer,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await videoSettled(context(), media.id)).toBe('gone');
      await videoJobDone(context(), media.id);
      const stamp = path.basename(media.url, '.mp4');
      const storage = path.join(context().dataDir, 'storage');
      const left = readdirSync(storage, { recursive: true }).filter((file) =>
        String(file).includes(stamp),
      );
      expect(left).toEqual([]);
    });

    it("refuses to delete another's post, and visitors", async () => {
      const author = await signUp(context());
      const other = await signUp(context());
      const post = (await createPost(author, { content: 'Mine', sport: 'rugby' })).json<Post>();
      const response = await context().app.inject({
        method: 'DELETE',
        url: `/api/posts/${post.id}`,
        headers: other.bearer,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.post.deleteOthers);
      expect(
        (await context().app.inject({ method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode,
      ).toBe(401);
      expect(
        (await context().app.inject({ method: 'GET', url: `/api/posts/${post.id}` })).statusCode,
      ).toBe(200);
    });
  });
});
