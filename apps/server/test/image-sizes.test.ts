import { existsSync } from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { avatarVariants } from '@arena/shared/image-variants';
import type { Message, MessagePage } from '@arena/shared/message.schema';
import type { FeedPage, MediaUpload, Post } from '@arena/shared/post.schema';
import type { ProfileDetail } from '@arena/shared/profile.schema';

import { createMediaRepository } from '../src/modules/media/media.repository.ts';
import { createMediaService } from '../src/modules/media/media.service.ts';
import { posts } from '../src/modules/posts/posts.tables.ts';
import { profiles } from '../src/modules/profiles/profiles.tables.ts';
import { createDiskStorage } from '../src/modules/storage/file-storage.ts';
import { multipartFile, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function jpeg(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
}

describeEachDatabase('display sizes of pictures', (context) => {
  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    user?: SignedUp,
    payload?: object,
  ) => context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
  const upload = async (
    user: SignedUp,
    url: string,
    bytes: Buffer,
    method: 'POST' | 'PUT' = 'POST',
  ) => {
    const body = multipartFile('file', 'photo.jpg', 'image/jpeg', bytes);
    return context().app.inject({
      method,
      url,
      headers: { ...user.bearer, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = (url: string) =>
    existsSync(path.join(context().dataDir, 'storage', url.replace(/^\/files\//, '')));
  /** The served picture's real size, and how long browsers may keep it. */
  const served = async (url: string) => {
    const response = await inject('GET', url);
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const meta = await sharp(response.rawPayload).metadata();
    return { width: meta.width, height: meta.height, cache: response.headers['cache-control'] };
  };
  const postWithPhoto = async (user: SignedUp, photo: Buffer) => {
    const media = (await upload(user, '/api/media', photo)).json<MediaUpload>();
    const post = await inject('POST', '/api/posts', user, {
      content: 'Match day',
      sport: 'football',
      mediaId: media.id,
    });
    expect(post.statusCode, post.body).toBe(201);
    return { media, post: post.json<Post>() };
  };

  describe('post photos', () => {
    it('stores every narrower display size, says so in the post and the feed, and serves them immutable', async () => {
      const user = await signUp(context());
      const { media, post } = await postWithPhoto(user, await jpeg(3000, 1500));

      const base = media.url.replace(/\.webp$/, '');
      expect(post.mediaImage).toEqual({
        width: 2048,
        height: 1024,
        variants: [320, 640, 1080, 1600].map((width) => ({ width, url: `${base}_w${width}.webp` })),
      });
      for (const variant of post.mediaImage!.variants) {
        expect(await served(variant.url)).toEqual({
          width: variant.width,
          height: variant.width / 2,
          cache: IMMUTABLE,
        });
      }
      // The original keeps the spec's one hour: its URL is the post's media URL.
      expect((await served(media.url)).cache).toBe('public, max-age=3600');

      const feed = (await inject('GET', '/api/feed', user)).json<FeedPage>();
      expect(feed.items.find((item) => item.post.id === post.id)?.post.mediaImage).toEqual(
        post.mediaImage,
      );
      const own = (
        await inject('GET', `/api/profiles/${user.input.username}/posts`)
      ).json<FeedPage>();
      expect(own.items[0]?.post.mediaImage).toEqual(post.mediaImage);
    });

    it('makes no size wider than the photo, and says no size without one', async () => {
      const user = await signUp(context());
      const { post } = await postWithPhoto(user, await jpeg(700, 900));
      expect(post.mediaImage).toMatchObject({ width: 700, height: 900 });
      expect(post.mediaImage?.variants.map((variant) => variant.width)).toEqual([320, 640]);

      const text = (
        await inject('POST', '/api/posts', user, { content: 'No photo', sport: 'padel' })
      ).json<Post>();
      expect(text.mediaImage).toBeNull();
    });

    it('deletes the sizes with the post', async () => {
      const user = await signUp(context());
      const { media, post } = await postWithPhoto(user, await jpeg(1200, 800));
      const urls = [media.url, ...post.mediaImage!.variants.map((variant) => variant.url)];
      expect(urls).toHaveLength(4);
      expect(urls.every(stored)).toBe(true);

      expect((await inject('DELETE', `/api/posts/${post.id}`, user)).statusCode).toBe(204);
      expect(urls.some(stored)).toBe(false);
      expect((await inject('GET', urls[1]!)).statusCode).toBe(404);
    });

    it('sweeps the sizes of a photo never posted', async () => {
      const user = await signUp(context());
      const media = (await upload(user, '/api/media', await jpeg(1000, 1000))).json<MediaUpload>();
      const sizes = [320, 640].map((width) => media.url.replace(/\.webp$/, `_w${width}.webp`));
      expect(sizes.every(stored)).toBe(true);

      const service = createMediaService(
        createMediaRepository(context().database.db),
        createDiskStorage(path.join(context().dataDir, 'storage')),
        context().dataDir,
        () => Promise.resolve(),
      );
      expect(await service.sweepAbandoned(Date.now() + 2 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(
        1,
      );
      expect([media.url, ...sizes].some(stored)).toBe(false);
    });

    it('shows a photo posted before sizes were made as it is', async () => {
      const user = await signUp(context());
      const { media, post } = await postWithPhoto(user, await jpeg(800, 600));
      // What a row from before this change looks like: a photo with no recorded size.
      await context()
        .database.db.update(posts)
        .set({ mediaWidth: null, mediaHeight: null, mediaVariantWidths: null })
        .where(eq(posts.id, post.id));
      const older = (await inject('GET', `/api/posts/${post.id}`)).json<Post>();
      expect(older).toMatchObject({ mediaUrl: media.url, mediaType: 'image', mediaImage: null });
    });
  });

  describe('avatars', () => {
    const setAvatar = async (user: SignedUp, bytes: Buffer) => {
      const response = await upload(user, '/api/me/avatar', bytes, 'PUT');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ avatarUrl: string }>().avatarUrl;
    };

    it('serves every avatar size, square and immutable', async () => {
      const user = await signUp(context());
      const url = await setAvatar(user, await jpeg(1200, 800));
      const variants = avatarVariants(url);
      expect(variants.map((variant) => variant.width)).toEqual([48, 96, 192, 400]);
      for (const variant of variants) {
        expect(await served(variant.url)).toEqual({
          width: variant.width,
          height: variant.width,
          cache: IMMUTABLE,
        });
      }
    });

    it('deletes the picture it replaces with all its sizes, and an older unsized one', async () => {
      const user = await signUp(context());
      const first = await setAvatar(user, await jpeg(600, 600));
      const firstFiles = [first, ...avatarVariants(first).map((variant) => variant.url)];
      expect(firstFiles.every(stored)).toBe(true);

      const second = await setAvatar(user, await jpeg(500, 500));
      expect(second).not.toBe(first);
      expect(firstFiles.some(stored)).toBe(false);
      expect([second, ...avatarVariants(second).map((variant) => variant.url)].every(stored)).toBe(
        true,
      );

      // An avatar from before sizes were made: one file, overwritten in place, versioned by query.
      const legacyKey = `${user.session.user.id}/avatar.webp`;
      const storage = createDiskStorage(path.join(context().dataDir, 'storage'));
      await storage.put(
        'avatars',
        legacyKey,
        await sharp(await jpeg(64, 64))
          .webp()
          .toBuffer(),
      );
      const legacy = `/files/avatars/${legacyKey}?v=old1`;
      await context()
        .database.db.update(profiles)
        .set({ avatarUrl: legacy })
        .where(eq(profiles.id, user.session.profile.id));
      expect(avatarVariants(legacy)).toEqual([]);
      expect((await served(legacy)).cache).toBe('public, max-age=3600');

      await setAvatar(user, await jpeg(300, 300));
      expect(stored(`/files/avatars/${legacyKey}`)).toBe(false);
    });

    it('leaves another member’s avatar alone', async () => {
      const victim = await signUp(context());
      const victimUrl = await setAvatar(victim, await jpeg(300, 300));
      const attacker = await signUp(context());
      // Even a stored URL naming someone else's file (never written by the server) is not deleted.
      await context()
        .database.db.update(profiles)
        .set({ avatarUrl: victimUrl })
        .where(eq(profiles.id, attacker.session.profile.id));
      await setAvatar(attacker, await jpeg(300, 300));
      expect(stored(victimUrl)).toBe(true);
      const profile = (
        await inject('GET', `/api/profiles/${victim.input.username}`)
      ).json<ProfileDetail>();
      expect(profile.avatarUrl).toBe(victimUrl);
    });
  });

  describe('message photos', () => {
    it('signs the sizes with the photo’s own link, which opens nothing else', async () => {
      const a = await signUp(context());
      const b = await signUp(context());
      const id = (
        await inject('POST', '/api/conversations', a, { username: b.input.username })
      ).json<{ id: string }>().id;
      const media = (
        await upload(a, '/api/message-media', await jpeg(2400, 1200))
      ).json<MediaUpload>();
      const sent = (
        await inject('POST', `/api/conversations/${id}/messages`, a, { mediaId: media.id })
      ).json<Message>();
      expect(sent.mediaImage).toMatchObject({ width: 1920, height: 960 });

      const received = (
        await inject('GET', `/api/conversations/${id}/messages`, b)
      ).json<MessagePage>().items[0]!;
      const image = received.mediaImage!;
      expect(image.variants.map((variant) => variant.width)).toEqual([320, 640, 1080]);
      const token = new URL(received.mediaUrl!, 'http://x').searchParams.get('token');
      for (const variant of image.variants) {
        expect(new URL(variant.url, 'http://x').searchParams.get('token')).toBe(token);
        const response = await inject('GET', variant.url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('private, no-store');
        expect((await sharp(response.rawPayload).metadata()).width).toBe(variant.width);
      }

      // The token opens this photo's sizes only: not another photo's, nor the bucket publicly.
      const otherMedia = (
        await upload(a, '/api/message-media', await jpeg(1000, 1000))
      ).json<MediaUpload>();
      const otherKey = otherMedia.url.split('?')[0]!.replace('/files/signed/message-media/', '');
      const otherSize = otherKey.replace(/\.webp$/, '_w320.webp');
      const borrowed = await inject(
        'GET',
        `/files/signed/message-media/${otherSize}?token=${encodeURIComponent(token!)}`,
      );
      expect(borrowed.statusCode).toBe(403);
      const publicPath = image.variants[0]!.url.split('?')[0]!.replace('/signed', '');
      expect((await inject('GET', publicPath)).statusCode).toBe(404);
    });
  });
});
