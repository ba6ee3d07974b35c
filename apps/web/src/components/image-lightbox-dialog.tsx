import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';

import { cx, focusRing } from './ui/class-names.ts';

/**
 * The larger view of a photo: the picture fills the screen on a dark backdrop; a click beside it,
 * Escape or Close closes it, and focus goes back to the photo (`returnFocusTo`). Loaded at the
 * first click on a photo (image-lightbox.tsx), with the dialog's focus trap and scroll lock.
 */
export function ImageLightboxDialog({
  title,
  src,
  alt,
  onClose,
  returnFocusTo,
}: {
  /** What screen readers announce for the dialog. */
  title: string;
  src: string;
  alt: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content
          className="fixed inset-0 z-50 grid place-items-center p-4 outline-none sm:p-10"
          aria-describedby={undefined}
          onClick={(event) => {
            if (event.target === event.currentTarget) onClose();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
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
    </Dialog.Root>
  );
}
