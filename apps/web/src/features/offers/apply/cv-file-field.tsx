import { FileText, Upload, X } from 'lucide-react';
import { useRef } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { cx, focusRing } from '../../../components/ui/class-names.ts';
import { Label } from '../../../components/ui/label.tsx';
import { CV_ACCEPT, cvFileProblem } from './cv-file-check.ts';

/**
 * The optional CV: PDF, DOC or DOCX up to 10 MB. A file that fails the first check is not kept;
 * `onProblem` hears why (and null once a good file is chosen or the choice is cleared).
 */
export function CvFileField({
  id,
  file,
  onChange,
  onProblem,
  disabled,
}: {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  onProblem: (message: string | null) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    const problem = cvFileProblem(chosen);
    onProblem(problem);
    onChange(problem ? null : chosen);
    // The same file can be chosen again after a fix elsewhere.
    if (input.current) input.current.value = '';
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>CV (optional)</Label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        PDF, DOC or DOCX, up to 10MB.
      </p>
      {file ? (
        <div className="flex items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm">
          <FileText className="size-4 shrink-0 text-blue-700" aria-hidden />
          <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{file.name}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Remove ${file.name}`}
            disabled={disabled}
            onClick={() => {
              onChange(null);
              onProblem(null);
            }}
          >
            <X className="size-4" aria-hidden />
          </Button>
        </div>
      ) : null}
      <div
        className={cx(
          'relative inline-flex h-10 w-fit cursor-pointer items-center gap-2 rounded-full border border-blue-700 bg-white px-4 text-sm font-semibold text-blue-700 hover:bg-blue-50',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        <Upload className="size-4" aria-hidden />
        <span aria-hidden>{file ? 'Choose another file' : 'Choose file'}</span>
        <input
          ref={input}
          id={id}
          type="file"
          accept={CV_ACCEPT}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          className={cx('absolute inset-0 size-full cursor-pointer opacity-0', focusRing)}
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
    </div>
  );
}
