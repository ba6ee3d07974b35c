import type { Post } from '@arena/shared/post.schema';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';

import { cx, focusRing } from '../../components/ui/class-names.ts';

/**
 * A post's photo (opens larger on click) or video (plays inline). Neither loads before it
 * nears the screen, so a long feed stays light.
 */
export function PostMedia({ post }: { post: Post }) {
  if (!post.mediaUrl || !post.mediaType) return null;
  if (post.mediaType === 'video') {
    return (
      <video
        src={post.mediaUrl}
        controls
        playsInline
        preload="none"
        aria-label={`Video posted by ${post.author.fullName}`}
        className="max-h-[32rem] w-full rounded-xl bg-black"
      />
    );
  }
  return <PostImage src={post.mediaUrl} authorName={post.author.fullName} />;
}

function PostImage({ src, authorName }: { src: string; authorName: string }) {
  const [open, setOpen] = useState(false);
  const alt = `Photo posted by ${authorName}`;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className={cx('block w-full overflow-hidden rounded-xl bg-slate-100', focusRing)}
        aria-label="Open image larger"
      >
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          className="max-h-[32rem] w-full object-cover"
        />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content
          className="fixed inset-0 z-50 grid place-items-center p-4 outline-none sm:p-10"
          aria-describedby={undefined}
          // The picture fills the screen; a click beside it closes, as on the dark backdrop.
          onClick={(event) => {
            if (event.target === event.currentTarget) setOpen(false);
          }}
        >
          <Dialog.Title className="sr-only">{`Media posted by ${authorName}`}</Dialog.Title>
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
