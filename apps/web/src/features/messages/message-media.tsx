import type { ImageSizes } from '@arena/shared/image.schema';
import { srcSetOf } from '@arena/shared/image-variants';
import type { Message } from '@arena/shared/message.schema';

import { ImageLightbox } from '../../components/image-lightbox.tsx';

/*
 * A message's photo (opens larger on click) or video (plays inline). Both keep a fixed height,
 * so the conversation does not shift as they load and the scroll position holds.
 */

export function MessageMedia({ message, senderName }: { message: Message; senderName: string }) {
  if (!message.mediaType) return null;
  if (!message.mediaUrl) {
    // A photo the browser cannot draw before it is sent (HEIC).
    return (
      <p className="grid h-48 w-48 max-w-full place-items-center rounded-xl bg-slate-200 text-sm text-slate-700">
        {message.mediaType === 'video' ? 'Video' : 'Photo'}
      </p>
    );
  }
  if (message.mediaType === 'video') {
    return (
      <video
        src={message.mediaUrl}
        controls
        playsInline
        preload="metadata"
        aria-label={`Video from ${senderName}`}
        className="h-48 max-w-full rounded-xl bg-black"
      />
    );
  }
  return (
    <MessageImage
      src={message.mediaUrl}
      image={message.mediaImage}
      alt={`Photo from ${senderName}`}
    />
  );
}

/** The height a photo shows at in the conversation (`h-48`), in CSS pixels. */
const SHOWN_HEIGHT = 192;

function MessageImage({ src, image, alt }: { src: string; image: ImageSizes | null; alt: string }) {
  return (
    <ImageLightbox
      title={alt}
      src={src}
      alt={alt}
      label={`${alt}, open larger`}
      className="max-w-full bg-slate-200"
    >
      <img
        src={src}
        // Shown 192 px high, so as wide as its proportions make that: the browser fetches
        // the smallest size that covers it. Photos from before sizes were made: as they are.
        {...(image
          ? {
              srcSet: srcSetOf([...image.variants, { url: src, width: image.width }]),
              sizes: `${Math.round((SHOWN_HEIGHT * image.width) / image.height)}px`,
              width: image.width,
              height: image.height,
            }
          : {})}
        alt={alt}
        decoding="async"
        className="h-48 w-auto max-w-full object-cover"
      />
    </ImageLightbox>
  );
}
