import sharp, { type ResizeOptions } from 'sharp';

import { trimCHeap } from './malloc-trim.ts';

export interface ImageFit {
  width: number;
  height: number;
  /** `cover` crops to the box (avatars); `inside` keeps the whole picture (posts, messages). */
  mode: 'cover' | 'inside';
}

/**
 * Runs in the image pool's worker threads (image-pool.ts), never on the server's event loop:
 * decodes one uploaded picture and re-encodes it as WebP, oriented upright, metadata (EXIF, GPS)
 * dropped, resized to fit, with its display sizes made from the same decoded pixels.
 */
export interface ImageTask {
  bytes: Uint8Array;
  /** HEIC/HEIF: decoded with libheif in WebAssembly, which reads the HEVC that libvips cannot. */
  heif: boolean;
  fit: ImageFit;
  variantWidths: readonly number[];
  /** Refused by libvips past this many pixels, whatever the header claimed. */
  maxPixels: number;
}

export interface EncodedImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface EncodedImageSet {
  original: EncodedImage;
  variants: (EncodedImage & { nominalWidth: number })[];
}

/** The quality uploads have always been stored at: photos look unchanged at the size shown. */
const ORIGINAL_QUALITY = 82;
/** The smaller sizes are seen at 1:1 or downscaled further by the browser: a little less will do. */
const VARIANT_QUALITY = 78;

// libvips keeps recent operations and their pixels for reuse; a worker sees each picture once.
sharp.cache(false);
// The pool runs one picture per core; libvips would otherwise start a thread per core for each.
sharp.concurrency(1);

export default async function makeImageSetInWorker(task: ImageTask): Promise<EncodedImageSet> {
  try {
    return await encodeImageSet(task);
  } finally {
    trimCHeap();
  }
}

async function encodeImageSet(task: ImageTask): Promise<EncodedImageSet> {
  const { fit, maxPixels } = task;
  const source = task.heif ? await decodeHeif(task.bytes) : { input: task.bytes, raw: undefined };
  // Decoded once, upright and fitted; every size is encoded from these pixels.
  const { data: pixels, info } = await sharp(source.input, {
    limitInputPixels: maxPixels,
    failOn: 'error',
    ...(source.raw ? { raw: source.raw } : {}),
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
  // In `inside` mode only sizes narrower than the original are made (a size never exceeds what
  // was sent); in `cover` mode every one is made, square, so a name can promise they all exist.
  const widths =
    fit.mode === 'cover' ? task.variantWidths : task.variantWidths.filter((w) => w < info.width);
  const original = await encode(null, ORIGINAL_QUALITY);
  const variants = [];
  for (const width of [...widths].sort((a, b) => a - b)) {
    const resize: ResizeOptions =
      fit.mode === 'cover'
        ? { width, height: width, fit: 'cover', withoutEnlargement: true }
        : { width };
    variants.push({ nominalWidth: width, ...(await encode(resize, VARIANT_QUALITY)) });
  }
  return { original, variants };
}

interface HeifPixels {
  input: Uint8Array;
  raw: { width: number; height: number; channels: 4 };
}

async function decodeHeif(bytes: Uint8Array): Promise<HeifPixels> {
  // Loaded in the worker at its first HEIC: the decoder's memory goes with the worker when the
  // pool lets an idle one go.
  const { default: decode } = await import('heic-decode');
  const image = await decode({ buffer: bytes });
  return {
    input: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    raw: { width: image.width, height: image.height, channels: 4 },
  };
}
