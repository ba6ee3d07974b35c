import { srcSetOf } from '@arena/shared/image-variants';
import type { ImageVariant } from '@arena/shared/image-variants';

/*
 * How wide a post's photo is shown, for `<img sizes>`: the browser picks the display size to
 * fetch from it before the page is laid out. From the layout's CSS: the page has 16 px of
 * padding a side (24 from `sm`), a card 1 px of border and 16 px of padding (20 from `sm`).
 */

/**
 * The feed: one column until `lg`; then the column beside the 20 rem sidebar (24 px gap) in a
 * grid at most 1,152 px wide, so at most 766 px from 1,200 px on.
 */
export const FEED_IMAGE_SIZES =
  '(min-width: 1200px) 766px, (min-width: 1024px) calc(100vw - 434px), (min-width: 640px) calc(100vw - 90px), calc(100vw - 66px)';

/** A profile's posts: one column at most 768 px wide (reached at 816 px), so at most 726 px. */
export const PROFILE_IMAGE_SIZES =
  '(min-width: 816px) 726px, (min-width: 640px) calc(100vw - 90px), calc(100vw - 66px)';

/** A stored photo: its original and the display sizes written beside it. */
interface StoredPhoto {
  mediaUrl: string;
  mediaImage: { width: number; variants: readonly ImageVariant[] };
}

/** Every stored size of a post's photo for `srcset`, the original (the largest) last. */
export function photoSrcSet({ mediaUrl, mediaImage }: StoredPhoto): string {
  return srcSetOf([...mediaImage.variants, { url: mediaUrl, width: mediaImage.width }]);
}
