import type { ImageSizes } from '@arena/shared/image.schema';
import { srcSetOf } from '@arena/shared/image-variants';
import type { Message } from '@arena/shared/message.schema';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';

import { cx, focusRing } from '../../components/ui/class-names.ts';

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
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className={cx('block max-w-full overflow-hidden rounded-xl bg-slate-200', focusRing)}
        aria-label={`${alt}, open larger`}
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
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content
          className="fixed inset-0 z-50 grid place-items-center p-4 outline-none sm:p-10"
          aria-describedby={undefined}
          onClick={(event) => {
            if (event.target === event.currentTarget) setOpen(false);
          }}
        >
          <Dialog.Title className="sr-only">{alt}</Dialog.Title>
          <img src={src} alt={alt} className="max-h-full max-w-full rounded-lg object-contain" />
          <Dialog.Close
            className={cx(
              'absolute top-4 right-4 grid size-11 place-items-center rounded-full bg-white/90 text-slate-900 hover:bg-white',
              focusRing,
            )}
            aria-label="Close"
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
