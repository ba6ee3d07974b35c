import { LIMITS } from '@arena/shared/limits';

import { loadOnce } from '../../load-once.ts';
import { fileTypeOf } from './file-type.ts';
import { ImagesBusyError, runImageTask } from './image-pool.ts';
import type { EncodedImage, ImageFit } from './image-worker.ts';

// Reads a picture's declared size from its header alone (JPEG, PNG, WebP, GIF, HEIF/AVIF boxes).
const loadImageSize = loadOnce(() => import('image-size'));

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

export class NotAnImageError extends Error {}
export class UnreadableImageError extends Error {}
/** A decompression bomb: a small file that declares a huge canvas. Refused unread. */
export class TooManyPixelsError extends UnreadableImageError {}

/** What the bytes really are, whatever the name or the header says. */
async function sniffImage(bytes: Buffer): Promise<string | null> {
  const type = await fileTypeOf(bytes);
  return type && ACCEPTED.has(type.mime) ? type.mime : null;
}

interface ImageOutput {
  data: Buffer;
  width: number;
  height: number;
}

interface ImageVariantOutput extends ImageOutput {
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

/**
 * The canvas the header declares, the largest of its images (a HEIF holds a thumbnail beside
 * the picture). Throws when the header cannot be read or declares more than the pixel limit.
 */
async function checkDeclaredSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const { imageSize } = await loadImageSize();
  let declared;
  try {
    declared = imageSize(bytes);
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
  const sizes = [declared, ...(declared.images ?? [])];
  const pixels = Math.max(...sizes.map(({ width, height }) => width * height));
  if (!Number.isFinite(pixels) || pixels <= 0) throw new UnreadableImageError('no dimensions');
  if (pixels > LIMITS.imagePixels) throw new TooManyPixelsError(`${pixels} pixels`);
  return { width: declared.width, height: declared.height };
}

/**
 * Re-encodes an uploaded image as WebP: oriented upright, metadata (EXIF, GPS) dropped, resized
 * to fit, with `variantWidths` display sizes beside it (image-worker.ts). The type and the
 * declared canvas are checked here from the header; the pixels are decoded only in the image
 * pool, off the event loop (image-pool.ts), which may answer `ImagesBusyError`.
 */
export async function makeImageSet(
  bytes: Buffer,
  fit: ImageFit,
  variantWidths: readonly number[] = [],
): Promise<ImageSet> {
  const mime = await sniffImage(bytes);
  if (!mime) throw new NotAnImageError();
  await checkDeclaredSize(bytes);
  let encoded;
  try {
    encoded = await runImageTask({
      bytes,
      heif: HEIF.has(mime),
      fit,
      variantWidths,
      maxPixels: LIMITS.imagePixels,
    });
  } catch (error) {
    if (error instanceof ImagesBusyError) throw error;
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
  return {
    original: asBuffer(encoded.original),
    variants: encoded.variants.map((variant) => ({
      ...asBuffer(variant),
      nominalWidth: variant.nominalWidth,
    })),
  };
}

/** A worker's answer arrives as plain bytes; the storage writes Buffers. */
function asBuffer(image: EncodedImage): ImageOutput {
  const { data, width, height } = image;
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
}
