import convertHeic from 'heic-convert';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';

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
  const type = await fileTypeFromBuffer(bytes);
  return type && ACCEPTED.has(type.mime) ? type.mime : null;
}

export interface ImageOutput {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes an uploaded image and re-encodes it as WebP: oriented upright, metadata (EXIF, GPS)
 * dropped, resized to fit. HEIC is decoded with libheif in WebAssembly, which reads the HEVC
 * that sharp's prebuilt libvips cannot.
 */
export async function reencodeImage(
  bytes: Buffer,
  fit: { width: number; height: number; mode: 'cover' | 'inside' },
): Promise<ImageOutput> {
  const mime = await sniffImage(bytes);
  if (!mime) throw new NotAnImageError();
  try {
    const source = HEIF.has(mime) ? await decodeHeif(bytes) : bytes;
    const { data, info } = await sharp(source, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({ width: fit.width, height: fit.height, fit: fit.mode, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

async function decodeHeif(bytes: Buffer): Promise<Buffer> {
  const jpeg = await convertHeic({ buffer: bytes, format: 'JPEG', quality: 0.92 });
  return Buffer.from(jpeg);
}
