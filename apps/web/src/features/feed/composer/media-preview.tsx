import { FileImage, X } from 'lucide-react';

import { Button } from '../../../components/ui/button.tsx';
import type { PreparedMedia } from './prepare-media.ts';

/** What will be posted with the text, with a way to take it off. */
export function MediaPreview({
  media,
  onRemove,
  disabled,
}: {
  media: PreparedMedia;
  onRemove: () => void;
  disabled: boolean;
}) {
  return (
    <div className="relative w-fit max-w-full">
      {media.previewUrl === null ? (
        // HEIC: most browsers cannot draw it, so its name stands in for a picture.
        <p className="inline-flex max-w-full items-center gap-2 rounded-full bg-slate-100 py-2 pr-12 pl-3 text-sm text-slate-900">
          <FileImage className="size-4 shrink-0 text-slate-700" aria-hidden />
          <span className="truncate">{media.fileName}</span>
        </p>
      ) : media.kind === 'video' ? (
        <video
          src={media.previewUrl}
          controls
          muted
          playsInline
          preload="metadata"
          aria-label="Video to post"
          className="max-h-72 max-w-full rounded-xl bg-black"
        />
      ) : (
        <img
          src={media.previewUrl}
          alt="Photo to post"
          className="max-h-72 max-w-full rounded-xl object-contain"
        />
      )}
      <Button
        variant="ghost"
        size="icon"
        aria-label="Remove media"
        onClick={onRemove}
        disabled={disabled}
        className="absolute top-1 right-1 bg-white/90 shadow"
      >
        <X className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
