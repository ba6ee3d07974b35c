import { variantPath } from '@arena/shared/image-variants';

import type { Bucket, FileStorage } from '../storage/file-storage.ts';
import type { ImageSet } from './images.ts';

/**
 * Stores a picture under `key` (a `.webp` name) and each display size beside it. The sizes go
 * first: once the original can be found, so can every size it lists.
 */
export async function putImageSet(
  storage: FileStorage,
  bucket: Bucket,
  key: string,
  image: ImageSet,
): Promise<void> {
  await Promise.all(
    image.variants.map((variant) =>
      storage.put(bucket, variantPath(key, variant.nominalWidth), variant.data),
    ),
  );
  await storage.put(bucket, key, image.original.data);
}

/** Removes a stored file and the display sizes made from it. */
export async function removeWithVariants(
  storage: FileStorage,
  bucket: Bucket,
  key: string,
  variantWidths: readonly number[] | null | undefined,
): Promise<void> {
  await storage.remove(bucket, key);
  for (const width of variantWidths ?? []) {
    await storage.remove(bucket, variantPath(key, width));
  }
}

/** A stored upload and what was made from it: a photo's display sizes, a video's copies and poster. */
export interface StoredUploadFiles {
  path: string;
  variantWidths: readonly number[] | null;
  /** A video's poster (a picture with display sizes `variantWidths`) and its 720p copy. */
  posterPath?: string | null;
  smallPath?: string | null;
  /** A video's original, in the private message-media bucket, while it waits to be processed. */
  sourceKey?: string | null;
}

/** Removes an upload and everything made from it (a video's poster has the display sizes). */
export async function removeUpload(
  storage: FileStorage,
  bucket: Bucket,
  file: StoredUploadFiles,
): Promise<void> {
  if (!file.path.endsWith('.webp')) {
    await storage.remove(bucket, file.path);
    if (file.posterPath)
      await removeWithVariants(storage, bucket, file.posterPath, file.variantWidths);
    if (file.smallPath) await storage.remove(bucket, file.smallPath);
    if (file.sourceKey) await storage.remove('message-media', file.sourceKey);
    return;
  }
  await removeWithVariants(storage, bucket, file.path, file.variantWidths);
}
