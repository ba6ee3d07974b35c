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
