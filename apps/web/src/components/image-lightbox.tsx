import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';

import { cx, focusRing } from './ui/class-names.ts';

/**
 * The larger view of a photo, inside a `Dialog.Root` whose trigger is the photo itself: the
 * picture fills the screen on a dark backdrop; a click beside it, Escape or Close closes it.
 */
export function ImageLightbox({
  title,
  src,
  alt,
  onClose,
}: {
  /** What screen readers announce for the dialog. */
  title: string;
  src: string;
  alt: string;
  onClose: () => void;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
      <Dialog.Content
        className="fixed inset-0 z-50 grid place-items-center p-4 outline-none sm:p-10"
        aria-describedby={undefined}
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <Dialog.Title className="sr-only">{title}</Dialog.Title>
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
  );
}
