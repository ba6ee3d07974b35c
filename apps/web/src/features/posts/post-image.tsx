import type { Post } from '@arena/shared/post.schema';

import { ImageLightbox } from '../../components/image-lightbox.tsx';
import { photoSrcSet } from './photo-sizes.ts';
import { usePostImageSizes } from './post-image-sizes.ts';

/**
 * A post's photo in the size it is shown (it opens larger on click). The browser picks the
 * smallest stored size that fills the card at the screen's density; width and height keep the
 * photo's place before it loads. Photos below the first load as they near the screen.
 */
export function PostImage({
  post,
  src,
  priority,
}: {
  post: Post;
  src: string;
  /** The first photo of a list: likely the largest thing on the first screen, so it goes first. */
  priority: boolean;
}) {
  const sizes = usePostImageSizes();
  const image = post.mediaImage;
  const alt = `Photo posted by ${post.author.fullName}`;
  return (
    // Larger: the original, the largest size stored.
    <ImageLightbox
      title={`Media posted by ${post.author.fullName}`}
      src={src}
      alt={alt}
      label="Open image larger"
      className="w-full bg-slate-100"
    >
      <img
        src={src}
        // Photos stored before sizes were made have none: the original, as it is.
        {...(image
          ? {
              srcSet: photoSrcSet({ mediaUrl: src, mediaImage: image }),
              sizes,
              width: image.width,
              height: image.height,
            }
          : {})}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className="max-h-[32rem] w-full object-cover"
      />
    </ImageLightbox>
  );
}
