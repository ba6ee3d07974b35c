import { LIMITS } from '@arena/shared/limits';
import { FileImage, Paperclip, SendHorizontal, X } from 'lucide-react';
import { useId, useRef } from 'react';
import type { KeyboardEvent, SubmitEvent } from 'react';

import type { OutgoingMedia } from './message-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { cx } from '../../components/ui/class-names.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useKeepToastsClear } from '../shell/keep-toasts-clear.ts';
import { ATTACHMENT_ACCEPT } from './compose-rules.ts';
import type { Compress } from './prepare-attachment.ts';
import { useMessageComposer } from './use-message-composer.ts';

/**
 * Writes and sends a message: text (Enter sends, Shift+Enter starts a new line) and one photo or
 * video, previewed and removable before it goes.
 */
export function MessageComposer({
  conversationId,
  recipientName,
  compress,
}: {
  conversationId: string | null;
  recipientName: string;
  compress?: Compress;
}) {
  const composer = useMessageComposer(conversationId, compress);
  const textId = useId();
  const counterId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Toasts appear bottom-right, where Send is: they rise above the composer instead.
  useKeepToastsClear(form);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (composer.submit()) textarea.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    composer.submit();
  }

  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      aria-label={`Message ${recipientName}`}
      className="border-t border-slate-200 bg-white p-3"
    >
      {composer.preparing ? (
        <Spinner label="Preparing attachment..." showLabel className="mb-2 text-sm" />
      ) : null}
      {composer.media ? (
        <AttachmentPreview media={composer.media} onRemove={composer.removeMedia} />
      ) : null}
      <div className="flex items-end gap-2">
        <label
          className={cx(
            'grid size-10 shrink-0 cursor-pointer place-items-center rounded-full text-slate-700 hover:bg-slate-100',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600',
          )}
        >
          <Paperclip className="size-5" aria-hidden />
          <span className="sr-only">Attach photo or video</span>
          <input
            type="file"
            accept={ATTACHMENT_ACCEPT}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that choosing the same file again still counts as a choice.
              event.target.value = '';
              if (file) void composer.attach(file);
            }}
          />
        </label>
        <div className="min-w-0 flex-1">
          <label htmlFor={textId} className="sr-only">
            Message
          </label>
          <textarea
            id={textId}
            ref={textarea}
            value={composer.text}
            onChange={(event) => composer.setText(event.target.value)}
            onKeyDown={onKeyDown}
            maxLength={LIMITS.messageMax}
            rows={1}
            placeholder="Write a message..."
            aria-describedby={counterId}
            className={cx(
              'block max-h-40 min-h-10 w-full resize-none rounded-2xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 [field-sizing:content] sm:text-sm',
              'placeholder:text-slate-500 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600/40',
            )}
          />
        </div>
        <Button type="submit" disabled={composer.preparing} className="px-3 sm:px-4">
          <SendHorizontal className="size-4" aria-hidden />
          {/* The word gives way to the message box on a phone; it stays the button's name. */}
          <span className="sr-only sm:not-sr-only">Send</span>
        </Button>
      </div>
      <p id={counterId} className="mt-1 text-right text-xs text-slate-600">
        <span className="sr-only">Characters used: </span>
        {composer.text.length}/{LIMITS.messageMax}
      </p>
    </form>
  );
}

function AttachmentPreview({ media, onRemove }: { media: OutgoingMedia; onRemove: () => void }) {
  return (
    <div className="relative mb-2 w-fit max-w-full">
      {media.previewUrl === null ? (
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
          aria-label="Video to send"
          className="h-32 max-w-full rounded-xl bg-black"
        />
      ) : (
        <img
          src={media.previewUrl}
          alt="Photo to send"
          className="h-32 max-w-full rounded-xl object-cover"
        />
      )}
      <Button
        variant="ghost"
        size="icon"
        aria-label="Remove attachment"
        onClick={onRemove}
        className="absolute top-1 right-1 size-8 bg-white/90 shadow"
      >
        <X className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
