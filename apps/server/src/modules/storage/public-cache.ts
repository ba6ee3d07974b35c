import { hasAvatarVariants, isVariantPath } from '@arena/shared/image-variants';
import { LIMITS } from '@arena/shared/limits';

import type { Bucket } from './file-storage.ts';

const CACHE_SECONDS: Partial<Record<Bucket, number>> = {
  avatars: LIMITS.avatarCacheSeconds,
  'post-media': LIMITS.postMediaCacheSeconds,
};

/** A year: the longest max-age caches honour. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether a public object never changes under its name (a new picture gets a new name). */
function isImmutable(bucket: Bucket, key: string): boolean {
  return isVariantPath(key) || (bucket === 'avatars' && hasAvatarVariants(`/files/avatars/${key}`));
}

/**
 * Display sizes and versioned avatars never change under their name, so browsers keep them
 * without asking again. Other files keep the spec's one hour. Sent with files served here and
 * stored with objects a CDN serves.
 */
export function cacheControl(bucket: Bucket, key: string): string {
  if (isImmutable(bucket, key)) return IMMUTABLE;
  return `public, max-age=${CACHE_SECONDS[bucket] ?? 3600}`;
}

/**
 * A redirect to a CDN is kept for a day at most even when the file is immutable: a new
 * S3_PUBLIC_URL then reaches every browser by the next day.
 */
export function redirectCacheControl(bucket: Bucket, key: string): string {
  const seconds = isImmutable(bucket, key) ? 86_400 : (CACHE_SECONDS[bucket] ?? 3600);
  return `public, max-age=${seconds}`;
}
