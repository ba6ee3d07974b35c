import type { Camp } from '@arena/shared/camp.schema';
import { srcSetOf, variantPath } from '@arena/shared/image-variants';

import { cx } from '../../components/ui/class-names.ts';

type CampImageData = NonNullable<Camp['image']>;

/** Every stored size of the camp's photo for `srcset`, the original last. */
function campSrcSet(image: CampImageData): string | undefined {
  if (!image.variantWidths || !image.url.endsWith('.webp')) return undefined;
  const variants = image.variantWidths.map((width) => ({
    url: variantPath(image.url, width),
    width,
  }));
  return srcSetOf(image.width ? [...variants, { url: image.url, width: image.width }] : variants);
}

/**
 * The camp's photo in a 16:9 frame: the frame holds its place before the photo loads, so the
 * card or page below does not move. `sizes` says how wide it is shown.
 */
export function CampImage({
  image,
  title,
  sizes,
  priority = false,
  className,
}: {
  image: CampImageData;
  title: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const srcSet = campSrcSet(image);
  return (
    <img
      src={image.url}
      {...(srcSet ? { srcSet, sizes } : {})}
      width={image.width ?? 1600}
      height={image.height ?? 900}
      alt={`Photo of ${title}`}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={cx('aspect-video w-full bg-slate-100 object-cover', className)}
    />
  );
}
