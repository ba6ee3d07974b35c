import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { avatarFileProblem } from './avatar-file.ts';

/**
 * The profile picture with a way to choose a new one: images only, at most 20 MB, previewed at
 * once. The choice is handed up; uploading happens on Save.
 */
export function AvatarPicker({
  name,
  currentUrl,
  file,
  onChange,
  disabled,
}: {
  name: string;
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(file);
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar
        name={name}
        src={previewUrl ?? currentUrl}
        size="lg"
        sizes="96px"
        className="size-24! text-3xl!"
      />
      <div className="flex flex-col gap-2">
        <input
          ref={inputRef}
          id="avatar-file"
          type="file"
          accept="image/*"
          aria-label="Profile photo"
          className="sr-only"
          tabIndex={-1}
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // The same file may be chosen again after a refusal.
            event.target.value = '';
            if (!chosen) return;
            const problem = avatarFileProblem(chosen);
            if (problem) {
              toast.error(problem);
              return;
            }
            onChange(chosen);
          }}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
        >
          <Camera className="size-4" aria-hidden />
          {currentUrl || file ? 'Change photo' : 'Upload photo'}
        </Button>
        {file ? (
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)}>
            Keep current photo
          </Button>
        ) : null}
        <p className="text-xs text-slate-700">JPG, PNG, WEBP or HEIC, up to 20MB.</p>
      </div>
    </div>
  );
}

/** An object URL for the file while it is chosen, released when it changes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
