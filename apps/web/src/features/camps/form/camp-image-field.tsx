import { CAMP_MESSAGES } from '@arena/shared/camp.schema';
import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { checkPostMedia } from '../../feed/composer/media-rules.ts';
import { prepareMedia } from '../../feed/composer/prepare-media.ts';
import type { PreparedMedia } from '../../feed/composer/prepare-media.ts';

/** The photo the form will send: a new one picked (uploaded on save), or the camp's own. */
export type CampPhoto =
  { kind: 'new'; media: PreparedMedia } | { kind: 'kept'; url: string } | null;

/**
 * An optional photo, under the rules of a post's photo: checked and compressed here, shown
 * before it is saved, and uploaded as a post's photo is when the form is sent.
 */
export function CampImageField({
  value,
  onChange,
  error,
}: {
  value: CampPhoto;
  onChange: (photo: CampPhoto) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const preview = value?.kind === 'new' ? value.media.previewUrl : (value?.url ?? null);

  // A picked photo's preview is an object URL: let it go once it is no longer shown.
  useEffect(() => {
    const url = value?.kind === 'new' ? value.media.previewUrl : null;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [value]);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const check = checkPostMedia(file);
    if (!check.ok || check.kind !== 'image') {
      setProblem(check.ok ? CAMP_MESSAGES.imageNotPhoto : check.message);
      return;
    }
    setProblem(null);
    setPreparing(true);
    try {
      onChange({ kind: 'new', media: await prepareMedia(file, check, () => undefined) });
    } finally {
      setPreparing(false);
    }
  }

  const message = problem ?? error;
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-900">
        Photo (optional)
      </span>
      {preview ? (
        <img
          src={preview}
          alt="Camp photo preview"
          width={1600}
          height={900}
          className="aspect-video w-full max-w-sm rounded-lg bg-slate-100 object-cover"
        />
      ) : value?.kind === 'new' ? (
        <p className="text-sm text-slate-700">{value.media.fileName}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,.heic"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => void pick(event)}
        />
        <Button
          variant="outline"
          disabled={preparing}
          aria-describedby={message ? `${id}-error` : undefined}
          onClick={() => input.current?.click()}
        >
          <ImagePlus className="size-4" aria-hidden />
          {preparing ? 'Preparing photo...' : value ? 'Change photo' : 'Add a photo'}
        </Button>
        {value ? (
          <Button variant="ghost" onClick={() => onChange(null)}>
            <X className="size-4" aria-hidden />
            Remove photo
          </Button>
        ) : null}
      </div>
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
