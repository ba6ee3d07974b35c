import { lazy, Suspense, useRef, useState } from 'react';
import type { ReactNode } from 'react';

import { cx, focusRing } from './ui/class-names.ts';

const ImageLightboxDialog = lazy(() =>
  import('./image-lightbox-dialog.tsx').then((module) => ({
    default: module.ImageLightboxDialog,
  })),
);

/**
 * A photo (`children`) that opens larger on click: the original, `src`, in a dialog. The
 * dialog's code loads at the first click, not with the page: most photos are never opened.
 */
export function ImageLightbox({
  title,
  src,
  alt,
  label,
  className,
  children,
}: {
  /** What screen readers announce for the dialog. */
  title: string;
  src: string;
  alt: string;
  /** The button's name. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={cx('block overflow-hidden rounded-xl', focusRing, className)}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {children}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ImageLightboxDialog
            title={title}
            src={src}
            alt={alt}
            onClose={() => setOpen(false)}
            returnFocusTo={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
