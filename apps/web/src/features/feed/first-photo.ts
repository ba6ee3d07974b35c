import { FEED_IMAGE_SIZES, photoSrcSet } from '../posts/photo-sizes.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The first entry's photo in a feed page's JSON, read by hand (the schemas and zod are not
 * loaded yet when this runs); null when that entry has no photo with stored sizes.
 */
function firstPhotoOf(page: unknown): {
  mediaUrl: string;
  mediaImage: { width: number; variants: { url: string; width: number }[] };
} | null {
  const items = isRecord(page) ? page.items : undefined;
  const first: unknown = Array.isArray(items) ? items[0] : undefined;
  const post = isRecord(first) ? first.post : undefined;
  if (!isRecord(post) || post.mediaType !== 'image' || typeof post.mediaUrl !== 'string')
    return null;
  const image = post.mediaImage;
  if (!isRecord(image) || typeof image.width !== 'number' || !Array.isArray(image.variants))
    return null;
  const variants = image.variants.filter(
    (variant): variant is { url: string; width: number } =>
      isRecord(variant) && typeof variant.url === 'string' && typeof variant.width === 'number',
  );
  return { mediaUrl: post.mediaUrl, mediaImage: { width: image.width, variants } };
}

/**
 * Asks for the feed's first photo (the first screen's largest paint, as a rule) as soon as the
 * feed's first page has arrived, before the app has rendered it: the same `srcset` and `sizes`
 * as its `<img>` (PostImage), so the browser picks the same file and uses it there.
 */
export function preloadFirstPhoto(page: unknown, doc: Document = document): void {
  const photo = firstPhotoOf(page);
  if (!photo) return;
  const link = doc.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', photo.mediaUrl);
  link.setAttribute('imagesrcset', photoSrcSet(photo));
  link.setAttribute('imagesizes', FEED_IMAGE_SIZES);
  link.setAttribute('fetchpriority', 'high');
  doc.head.append(link);
}
