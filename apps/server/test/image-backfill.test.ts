import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';

import { avatarVariants } from '@arena/shared/image-variants';
import type { MessagePage } from '@arena/shared/message.schema';
import type { MediaUpload, Post } from '@arena/shared/post.schema';
import type { ProfileDetail } from '@arena/shared/profile.schema';

import { createImageBackfill } from '../src/modules/media/image-backfill.ts';
import { createImageBackfillRepository } from '../src/modules/media/image-backfill.repository.ts';
import { messages } from '../src/modules/messaging/messaging.tables.ts';
import { posts } from '../src/modules/posts/posts.tables.ts';
import { profiles } from '../src/modules/profiles/profiles.tables.ts';
import { createDiskStorage } from '../src/modules/storage/file-storage.ts';
import { storedFiles } from '../src/modules/storage/storage.tables.ts';
import { multipartFile, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#37a' } })
    .jpeg()
    .toBuffer();

describeEachDatabase('npm run media:backfill', (context) => {
  const inject = (method: 'GET' | 'POST', url: string, user?: SignedUp, payload?: object) =>
    context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
  const upload = async (user: SignedUp, url: string, bytes: Buffer) => {
    const body = multipartFile('file', 'photo.jpg', 'image/jpeg', bytes);
    const response = await context().app.inject({
      method: 'POST',
      url,
      headers: { ...user.bearer, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MediaUpload>();
  };
  const root = () => path.join(context().dataDir, 'storage');
  const stored = (bucket: string, key: string) => existsSync(path.join(root(), bucket, key));
  const db = () => context().database.db;
  const backfill = () =>
    createImageBackfill(createImageBackfillRepository(db()), createDiskStorage(root())).run();

  /** Makes a stored photo look as it did before sizes: no recorded size, no size files. */
  async function forgetSizes(
    bucket: 'post-media' | 'message-media',
    key: string,
    widths: number[],
  ) {
    const table = bucket === 'post-media' ? posts : messages;
    await db()
      .update(table)
      .set({ mediaWidth: null, mediaHeight: null, mediaVariantWidths: null })
      .where(eq(table.mediaPath, key));
    await db()
      .update(storedFiles)
      .set({ width: null, height: null, variantWidths: null })
      .where(eq(storedFiles.path, key));
    for (const width of widths) {
      rmSync(path.join(root(), bucket, key.replace(/\.webp$/, `_w${width}.webp`)));
    }
  }

  it('gives older photos and avatars their sizes, once, and lists what it cannot read', async () => {
    const user = await signUp(context());
    const other = await signUp(context());

    // A post photo and a message photo from before sizes were made.
    const media = await upload(user, '/api/media', await jpeg(1400, 700));
    const post = (
      await inject('POST', '/api/posts', user, {
        content: 'Old',
        sport: 'rugby',
        mediaId: media.id,
      })
    ).json<Post>();
    const postKey = media.url.replace('/files/post-media/', '');
    await forgetSizes('post-media', postKey, [320, 640, 1080]);
    expect((await inject('GET', `/api/posts/${post.id}`)).json<Post>().mediaImage).toBeNull();

    const conversation = (
      await inject('POST', '/api/conversations', user, { username: other.input.username })
    ).json<{ id: string }>().id;
    const photo = await upload(user, '/api/message-media', await jpeg(900, 900));
    await inject('POST', `/api/conversations/${conversation}/messages`, user, {
      mediaId: photo.id,
    });
    const messageKey = photo.url.split('?')[0]!.replace('/files/signed/message-media/', '');
    await forgetSizes('message-media', messageKey, [320, 640]);

    // A photo whose file is gone, and an avatar from before (one file, versioned by query).
    const lost = await upload(user, '/api/media', await jpeg(800, 800));
    await inject('POST', '/api/posts', user, { content: 'Lost', sport: 'rugby', mediaId: lost.id });
    const lostKey = lost.url.replace('/files/post-media/', '');
    await forgetSizes('post-media', lostKey, [320, 640]);
    rmSync(path.join(root(), 'post-media', lostKey));

    const legacyKey = `${user.session.user.id}/avatar.webp`;
    await createDiskStorage(root()).put(
      'avatars',
      legacyKey,
      await sharp(await jpeg(600, 400))
        .webp()
        .toBuffer(),
    );
    await db()
      .update(profiles)
      .set({ avatarUrl: `/files/avatars/${legacyKey}?v=old` })
      .where(eq(profiles.id, user.session.profile.id));

    const first = await backfill();
    expect(first.posts.sized).toBe(1);
    expect(first.posts.skipped).toEqual([{ path: lostKey, why: 'file missing' }]);
    expect(first.messages).toEqual({ sized: 1, skipped: [] });
    expect(first.avatars).toEqual({ sized: 1, skipped: [] });

    const sized = (await inject('GET', `/api/posts/${post.id}`)).json<Post>().mediaImage;
    expect(sized).toMatchObject({ width: 1400, height: 700 });
    expect(sized?.variants.map((variant) => variant.width)).toEqual([320, 640, 1080]);
    for (const variant of sized!.variants) {
      const file = await inject('GET', variant.url);
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).width).toBe(variant.width);
    }
    const [row] = await db()
      .select({ variantWidths: storedFiles.variantWidths })
      .from(storedFiles)
      .where(eq(storedFiles.path, postKey));
    expect(row?.variantWidths).toEqual([320, 640, 1080]);

    const message = (
      await inject('GET', `/api/conversations/${conversation}/messages`, other)
    ).json<MessagePage>().items[0]!;
    expect(message.mediaImage?.variants.map((variant) => variant.width)).toEqual([320, 640]);
    expect((await inject('GET', message.mediaImage!.variants[1]!.url)).statusCode).toBe(200);

    const avatarUrl = (
      await inject('GET', `/api/profiles/${user.input.username}`)
    ).json<ProfileDetail>().avatarUrl!;
    expect(avatarVariants(avatarUrl)).toHaveLength(4);
    for (const variant of avatarVariants(avatarUrl)) {
      expect((await inject('GET', variant.url)).statusCode).toBe(200);
    }
    expect(stored('avatars', legacyKey)).toBe(false);

    // Again: nothing left to do but the photo that cannot be read.
    const second = await backfill();
    expect(second.posts).toEqual({ sized: 0, skipped: [{ path: lostKey, why: 'file missing' }] });
    expect(second.messages.sized + second.avatars.sized).toBe(0);
  });
});
