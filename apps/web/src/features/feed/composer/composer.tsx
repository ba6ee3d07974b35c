import { SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import { LIMITS } from '@arena/shared/limits';
import { ImagePlus } from 'lucide-react';
import { useId, useRef } from 'react';

import { useCurrentUser } from '../../../lib/session/session-queries.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/class-names.ts';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ComposerProgress } from './composer-progress.tsx';
import { MediaPreview } from './media-preview.tsx';
import { MEDIA_ACCEPT } from './media-rules.ts';
import type { Compress } from './prepare-media.ts';
import { useComposer } from './use-composer.ts';

/** Share a moment: text, a sport, and optionally one photo or video. */
export function Composer({ compress }: { compress?: Compress }) {
  const me = useCurrentUser();
  const composer = useComposer({ compress });
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { content: useId(), sport: useId(), counter: useId(), file: useId() };
  const busy = composer.phase !== 'idle';
  const length = composer.content.length;
  const over = length > LIMITS.postMax;

  return (
    <Card>
      <form
        aria-label="Create a post"
        className="flex flex-col gap-3 p-4 sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          void composer.submit();
        }}
      >
        <div className="flex gap-3">
          {me ? (
            <div className="hidden sm:block">
              <Avatar name={me.profile.fullName} src={me.profile.avatarUrl} />
            </div>
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={ids.content} className="sr-only">
              What's happening in your sport?
            </label>
            <Textarea
              id={ids.content}
              value={composer.content}
              onChange={(event) => composer.setContent(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  void composer.submit();
                }
              }}
              rows={3}
              placeholder="Share a sports moment..."
              aria-describedby={ids.counter}
              aria-invalid={over || undefined}
              disabled={composer.phase === 'posting'}
              className="resize-y"
            />
            <p
              id={ids.counter}
              className={cx(
                'self-end text-xs tabular-nums',
                over ? 'font-semibold text-red-700' : 'text-slate-700',
              )}
            >
              {length}/{LIMITS.postMax}
            </p>
          </div>
        </div>

        {composer.media ? (
          <MediaPreview media={composer.media} onRemove={composer.removeMedia} disabled={busy} />
        ) : null}
        {composer.progress !== null ? <ComposerProgress value={composer.progress} /> : null}

        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            id={ids.file}
            type="file"
            accept={MEDIA_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="Photo or video"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared, so choosing the same file again still counts as a change.
              event.target.value = '';
              if (file) void composer.attach(file);
            }}
          />
          <Button variant="ghost" disabled={busy} onClick={() => fileInput.current?.click()}>
            <ImagePlus className="size-5 text-blue-700" aria-hidden />
            {composer.media ? 'Replace media' : 'Photo/Video'}
          </Button>
          <label htmlFor={ids.sport} className="sr-only">
            Sport
          </label>
          <div className="min-w-40 flex-1 sm:w-52 sm:flex-none">
            <NativeSelect
              id={ids.sport}
              value={composer.sport ?? ''}
              onChange={(event) =>
                composer.setSport(SPORTS.find((sport) => sport === event.target.value) ?? null)
              }
              disabled={composer.phase === 'posting'}
              placeholder="Select sport"
              className="h-10"
            >
              {SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {SPORT_LABELS[sport]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={!composer.canPost} className="ml-auto min-w-24">
            {composer.phase === 'posting' ? 'Posting...' : 'Post'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
