import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

import { AVATAR_WIDTHS, avatarKey, variantPath } from '@arena/shared/image-variants';

import { putImageSet, removeWithVariants } from './image-files.ts';
import { makeImageSet } from './images.ts';
import { type FileStorage, isValidKey } from '../storage/file-storage.ts';
import type { ImageBackfillRepository, PhotoBucket } from './image-backfill.repository.ts';
import { MESSAGE_MEDIA, type MediaRules, POST_MEDIA } from './media.service.ts';

const BATCH = 100;
const AVATARS_PREFIX = '/files/avatars/';

export interface BackfillCounts {
  /** Pictures that now have their display sizes. */
  sized: number;
  /** Pictures left as they are (file missing or unreadable), with why. */
  skipped: { path: string; why: string }[];
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Makes the display sizes of photos and avatars stored before sizes existed (`npm run
 * media:backfill`). Pictures are read back from storage; a photo's stored file stays as it is
 * and gains its sizes beside it, an avatar moves to a versioned name with its sizes. Only what
 * has no sizes is touched, so running it again does nothing more; the page shows anything not
 * yet done as it always did.
 */
export function createImageBackfill(repo: ImageBackfillRepository, storage: FileStorage) {
  async function read(bucket: 'avatars' | PhotoBucket, key: string): Promise<Buffer | string> {
    if (!isValidKey(key)) return 'not a key the server writes';
    const object = await storage.get(bucket, key);
    return object ? readAll(object.stream()) : 'file missing';
  }

  async function photos(bucket: PhotoBucket, rules: MediaRules): Promise<BackfillCounts> {
    const counts: BackfillCounts = { sized: 0, skipped: [] };
    let after: string | null = null;
    for (;;) {
      const batch = await repo.unsizedPhotos(bucket, after, BATCH);
      for (const { id, path } of batch) {
        if (!path) continue;
        const bytes = await read(bucket, path);
        if (typeof bytes === 'string' || !path.endsWith('.webp')) {
          counts.skipped.push({ path, why: typeof bytes === 'string' ? bytes : 'not a photo' });
          continue;
        }
        try {
          const image = await makeImageSet(
            bytes,
            { width: rules.imageMaxSide, height: rules.imageMaxSide, mode: 'inside' },
            rules.variantWidths,
          );
          for (const variant of image.variants) {
            await storage.put(bucket, variantPath(path, variant.nominalWidth), variant.data);
          }
          await repo.setPhotoSizes(bucket, id, path, {
            width: image.original.width,
            height: image.original.height,
            variantWidths: image.variants.map((variant) => variant.nominalWidth),
          });
          counts.sized += 1;
        } catch (error) {
          counts.skipped.push({ path, why: (error as Error).message || 'unreadable' });
        }
      }
      if (batch.length < BATCH) return counts;
      after = batch.at(-1)?.id ?? null;
    }
  }

  async function avatars(): Promise<BackfillCounts> {
    const counts: BackfillCounts = { sized: 0, skipped: [] };
    let after: string | null = null;
    for (;;) {
      const batch = await repo.unsizedAvatars(after, BATCH);
      for (const { id, userId, avatarUrl } of batch) {
        if (!avatarUrl) continue;
        const key = avatarUrl.slice(AVATARS_PREFIX.length).split('?')[0] ?? '';
        if (key !== `${userId}/avatar.webp`) {
          counts.skipped.push({ path: key, why: 'not this member’s avatar file' });
          continue;
        }
        const bytes = await read('avatars', key);
        if (typeof bytes === 'string') {
          counts.skipped.push({ path: key, why: bytes });
          continue;
        }
        try {
          const image = await makeImageSet(
            bytes,
            { width: 512, height: 512, mode: 'cover' },
            AVATAR_WIDTHS,
          );
          const version = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
          const sized = avatarKey(userId, version);
          await putImageSet(storage, 'avatars', sized, image);
          if (await repo.replaceAvatarIfUnchanged(id, avatarUrl, `${AVATARS_PREFIX}${sized}`)) {
            await storage.remove('avatars', key);
            counts.sized += 1;
          } else {
            // The member chose a new picture meanwhile, which already has its sizes.
            await removeWithVariants(storage, 'avatars', sized, AVATAR_WIDTHS);
          }
        } catch (error) {
          counts.skipped.push({ path: key, why: (error as Error).message || 'unreadable' });
        }
      }
      if (batch.length < BATCH) return counts;
      after = batch.at(-1)?.id ?? null;
    }
  }

  return {
    async run() {
      return {
        posts: await photos('post-media', POST_MEDIA),
        messages: await photos('message-media', MESSAGE_MEDIA),
        avatars: await avatars(),
      };
    },
  };
}
