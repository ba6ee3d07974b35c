import type { ResizeOptions } from 'sharp';

import { loadOnce } from '../load-once.ts';
import { fileTypeOf } from './file-type.ts';

// Loaded at the first image: libvips and its bindings are tens of megabytes that a server which
// receives no picture need not hold.
const loadSharp = loadOnce(() => import('sharp'));
// The HEIC decoder (libheif in WebAssembly) holds tens of megabytes more, for HEIC uploads only.
const loadHeicConvert = loadOnce(() => import('heic-convert'));

/** Image formats accepted from users, decided by their bytes. */
const ACCEPTED = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/avif',
  'image/gif',
]);
const HEIF = new Set(['image/heic', 'image/heif']);

/** A decompression bomb is a small file that claims a huge canvas; refuse past ~50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export class NotAnImageError extends Error {}
export class UnreadableImageError extends Error {}

/** What the bytes really are, whatever the name or the header says. */
export async function sniffImage(bytes: Buffer): Promise<string | null> {
  const type = await fileTypeOf(bytes);
  return type && ACCEPTED.has(type.mime) ? type.mime : null;
}

export interface ImageOutput {
  data: Buffer;
  width: number;
  height: number;
}

export interface ImageVariantOutput extends ImageOutput {
  /**
   * The width the size was asked for, which names its file. An avatar smaller than a size is
   * not enlarged, so its file may hold fewer pixels than the name says.
   */
  nominalWidth: number;
}

export interface ImageSet {
  /** The picture itself, fitted to the largest size kept. */
  original: ImageOutput;
  /** Smaller display sizes, narrowest first. */
  variants: ImageVariantOutput[];
}

/** The quality uploads have always been stored at: photos look unchanged at the size shown. */
const ORIGINAL_QUALITY = 82;
/** The smaller sizes are seen at 1:1 or downscaled further by the browser: a little less will do. */
const VARIANT_QUALITY = 78;

export interface ImageFit {
  width: number;
  height: number;
  /** `cover` crops to the box (avatars); `inside` keeps the whole picture (posts, messages). */
  mode: 'cover' | 'inside';
}

/**
 * Decodes an uploaded image and re-encodes it as WebP: oriented upright, metadata (EXIF, GPS)
 * dropped, resized to fit. HEIC is decoded with libheif in WebAssembly, which reads the HEVC
 * that sharp's prebuilt libvips cannot.
 *
 * `variantWidths` are the display sizes made beside it, from the same decoded pixels. In
 * `inside` mode only those narrower than the original are made (a size never exceeds what was
 * sent); in `cover` mode every one is made, square, so a name can promise they all exist.
 */
export async function makeImageSet(
  bytes: Buffer,
  fit: ImageFit,
  variantWidths: readonly number[] = [],
): Promise<ImageSet> {
  const mime = await sniffImage(bytes);
  if (!mime) throw new NotAnImageError();
  const { default: sharp } = await loadSharp();
  try {
    const source = HEIF.has(mime) ? await decodeHeif(bytes) : bytes;
    // Decoded once, upright and fitted; every size is encoded from these pixels.
    const { data: pixels, info } = await sharp(source, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({ width: fit.width, height: fit.height, fit: fit.mode, withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const encode = async (resize: ResizeOptions | null, quality: number) => {
      let image = sharp(pixels, { raw });
      if (resize) image = image.resize(resize);
      const out = await image.webp({ quality }).toBuffer({ resolveWithObject: true });
      return { data: out.data, width: out.info.width, height: out.info.height };
    };
    const widths =
      fit.mode === 'cover' ? variantWidths : variantWidths.filter((width) => width < info.width);
    const [original, variants] = await Promise.all([
      encode(null, ORIGINAL_QUALITY),
      Promise.all(
        [...widths]
          .sort((a, b) => a - b)
          .map(async (width) => ({
            nominalWidth: width,
            ...(await encode(
              fit.mode === 'cover'
                ? { width, height: width, fit: 'cover', withoutEnlargement: true }
                : { width },
              VARIANT_QUALITY,
            )),
          })),
      ),
    ]);
    return { original, variants };
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

async function decodeHeif(bytes: Buffer): Promise<Buffer> {
  const { default: convertHeic } = await loadHeicConvert();
  const jpeg = await convertHeic({ buffer: bytes, format: 'JPEG', quality: 0.92 });
  return Buffer.from(jpeg);
}
