import { readFileSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { AVATAR_WIDTHS, POST_IMAGE_WIDTHS } from '@arena/shared/image-variants';

import { IMAGE_POOL, ImagesBusyError } from './image-pool.ts';
import {
  type ImageSet,
  NotAnImageError,
  TooManyPixelsError,
  UnreadableImageError,
  makeImageSet,
} from './images.ts';

const POST_FIT = { width: 2048, height: 2048, mode: 'inside' } as const;
const AVATAR_FIT = { width: 512, height: 512, mode: 'cover' } as const;

/** A photo-like picture: noise, so the encoder has real detail to keep or drop. */
function noisyJpeg(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  }).jpeg({ quality: 90 });
}

/** What each stored size really is, read back from its bytes. */
async function decoded(set: ImageSet) {
  const read = async (data: Buffer) => {
    const meta = await sharp(data).metadata();
    return { format: meta.format, width: meta.width, height: meta.height, exif: meta.exif };
  };
  return {
    original: await read(set.original.data),
    variants: await Promise.all(set.variants.map((variant) => read(variant.data))),
  };
}

describe('makeImageSet', () => {
  it('fits a wide photo in 2,048 px and makes every narrower post size, as WebP without metadata', async () => {
    const photo = await noisyJpeg(3000, 1000)
      .withExif({ IFD0: { Make: 'Phone', Model: 'GPS Cam' } })
      .toBuffer();
    const set = await makeImageSet(photo, POST_FIT, POST_IMAGE_WIDTHS);

    expect(set.original).toMatchObject({ width: 2048, height: 683 });
    expect(set.variants.map((variant) => variant.nominalWidth)).toEqual([320, 640, 1080, 1600]);
    const read = await decoded(set);
    expect(read.original).toEqual({ format: 'webp', width: 2048, height: 683, exif: undefined });
    expect(read.variants).toEqual([
      { format: 'webp', width: 320, height: 107, exif: undefined },
      { format: 'webp', width: 640, height: 213, exif: undefined },
      { format: 'webp', width: 1080, height: 360, exif: undefined },
      { format: 'webp', width: 1600, height: 534, exif: undefined },
    ]);
    // Each size is lighter than the next: the point of serving the size shown.
    const bytes = [...set.variants.map((variant) => variant.data.length), set.original.data.length];
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(bytes[0]).toBeLessThan((bytes.at(-1) ?? 0) / 10);
  });

  it('turns a photo upright before measuring it, and makes no size as wide as the photo', async () => {
    // Stored landscape, shown portrait: the camera wrote orientation 6 (rotate 90°).
    const photo = await noisyJpeg(1200, 800).withMetadata({ orientation: 6 }).toBuffer();
    const set = await makeImageSet(photo, POST_FIT, POST_IMAGE_WIDTHS);

    expect(set.original).toMatchObject({ width: 800, height: 1200 });
    const read = await decoded(set);
    expect(read.variants).toEqual([
      { format: 'webp', width: 320, height: 480, exif: undefined },
      { format: 'webp', width: 640, height: 960, exif: undefined },
    ]);
  });

  it('makes square avatar sizes, named by the size asked for even when the picture is smaller', async () => {
    const large = await makeImageSet(
      await noisyJpeg(1200, 800).toBuffer(),
      AVATAR_FIT,
      AVATAR_WIDTHS,
    );
    expect(large.original).toMatchObject({ width: 512, height: 512 });
    expect((await decoded(large)).variants.map((v) => [v.width, v.height])).toEqual([
      [48, 48],
      [96, 96],
      [192, 192],
      [400, 400],
    ]);

    const tiny = await makeImageSet(await noisyJpeg(40, 40).toBuffer(), AVATAR_FIT, AVATAR_WIDTHS);
    expect(tiny.variants.map((variant) => variant.nominalWidth)).toEqual([48, 96, 192, 400]);
    // Never enlarged: a bigger file would carry no more detail.
    expect(tiny.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [40, 40],
      [40, 40],
      [40, 40],
      [40, 40],
    ]);
  });

  it('keeps transparency and handles grey pictures', async () => {
    const transparent = await sharp({
      create: { width: 900, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const withAlpha = await makeImageSet(transparent, POST_FIT, POST_IMAGE_WIDTHS);
    expect(withAlpha.variants.map((variant) => variant.width)).toEqual([320, 640]);
    for (const data of [withAlpha.original.data, ...withAlpha.variants.map((v) => v.data)]) {
      expect((await sharp(data).metadata()).hasAlpha).toBe(true);
    }

    const grey = await noisyJpeg(700, 700).toColourspace('b-w').toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const greySet = await makeImageSet(grey, POST_FIT, POST_IMAGE_WIDTHS);
    expect((await decoded(greySet)).variants).toEqual([
      { format: 'webp', width: 320, height: 320, exif: undefined },
      { format: 'webp', width: 640, height: 640, exif: undefined },
    ]);
  });

  it('decodes a real HEIC photo; one narrower than every size gets none', async () => {
    const heic = readFileSync(
      path.join(import.meta.dirname, '../../../test/fixtures/red-64x48.heic'),
    );
    const set = await makeImageSet(heic, POST_FIT, POST_IMAGE_WIDTHS);
    expect((await decoded(set)).original).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(set.variants).toEqual([]);
  });

  it('refuses what is not an image, and an image it cannot decode', async () => {
    await expect(
      makeImageSet(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), POST_FIT),
    ).rejects.toBeInstanceOf(NotAnImageError);
    const cut = (await noisyJpeg(300, 300).png().toBuffer()).subarray(0, 120);
    await expect(makeImageSet(cut, POST_FIT, POST_IMAGE_WIDTHS)).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
  });

  it('refuses a picture whose header declares more than 50 megapixels, without decoding it', async () => {
    const fixtures = path.join(import.meta.dirname, '../../../test/fixtures');
    const heic = readFileSync(path.join(fixtures, 'flat-8000x8000.heic'));
    const started = performance.now();
    await expect(makeImageSet(heic, POST_FIT)).rejects.toBeInstanceOf(TooManyPixelsError);
    expect(performance.now() - started).toBeLessThan(500);
    // Only the header is read: a PNG cut after its IHDR chunk is judged by what it declares.
    const png = await sharp({
      create: { width: 7100, height: 7100, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    await expect(makeImageSet(png.subarray(0, 64), POST_FIT)).rejects.toBeInstanceOf(
      TooManyPixelsError,
    );
    // Within the limit the same cut is refused as unreadable, by the decoder.
    const allowed = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    await expect(makeImageSet(allowed.subarray(0, 64), POST_FIT)).rejects.not.toBeInstanceOf(
      TooManyPixelsError,
    );
  });

  it('answers busy once the line of pictures waiting for the pool is full', async () => {
    const photo = await noisyJpeg(800, 800).toBuffer();
    const capacity = IMAGE_POOL.threads * (IMAGE_POOL.queuePerThread + 1);
    const answers = await Promise.allSettled(
      Array.from({ length: capacity + 4 }, () => makeImageSet(photo, POST_FIT, POST_IMAGE_WIDTHS)),
    );
    const busy = answers.filter(
      (answer) => answer.status === 'rejected' && answer.reason instanceof ImagesBusyError,
    );
    const done = answers.filter((answer) => answer.status === 'fulfilled');
    expect(busy.length).toBeGreaterThanOrEqual(4);
    expect(done.length).toBeGreaterThanOrEqual(capacity - IMAGE_POOL.threads);
    expect(busy.length + done.length).toBe(answers.length);
    expect(busy[0]).toMatchObject({ reason: { statusCode: 503, retryAfterSeconds: 5 } });
  });
});
