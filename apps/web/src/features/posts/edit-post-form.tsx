import { SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import type { Sport } from '@arena/shared/constants';
import { LIMITS } from '@arena/shared/limits';
import { updatePostSchema } from '@arena/shared/post.schema';
import type { Post } from '@arena/shared/post.schema';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';

import { Button } from '../../components/ui/button.tsx';
import { cx } from '../../components/ui/class-names.ts';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useEditPostMutation } from './single-post-queries.ts';

/**
 * The author's edit of a post, in place of its text: the same limits and messages as posting
 * (the first invalid field's message as a toast). Escape or Cancel leaves it unchanged.
 */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const [content, setContent] = useState(post.content);
  const [sport, setSport] = useState<Sport>(post.sport);
  const edit = useEditPostMutation(post.id);
  const ids = { content: useId(), sport: useId(), counter: useId() };
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    field.current?.focus();
  }, []);
  const over = content.length > LIMITS.postMax;
  const busy = edit.isPending;

  function save() {
    const parsed = updatePostSchema.safeParse({ content, sport });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? '');
      return;
    }
    edit.mutate(parsed.data, { onSuccess: onDone });
  }

  return (
    <form
      aria-label="Edit post"
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) {
          event.preventDefault();
          onDone();
        }
      }}
    >
      <label htmlFor={ids.content} className="sr-only">
        Post text
      </label>
      <Textarea
        ref={field}
        id={ids.content}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        rows={4}
        aria-describedby={ids.counter}
        aria-invalid={over || undefined}
        disabled={busy}
        className="resize-y"
      />
      <p
        id={ids.counter}
        className={cx(
          'self-end text-xs tabular-nums',
          over ? 'font-semibold text-red-700' : 'text-slate-700',
        )}
      >
        {content.length}/{LIMITS.postMax}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={ids.sport} className="sr-only">
          Sport
        </label>
        <div className="min-w-40 flex-1 sm:w-52 sm:flex-none">
          <NativeSelect
            id={ids.sport}
            value={sport}
            onChange={(event) =>
              setSport(SPORTS.find((value) => value === event.target.value) ?? sport)
            }
            disabled={busy}
            className="h-10"
          >
            {SPORTS.map((value) => (
              <option key={value} value={value}>
                {SPORT_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="ml-auto flex gap-2">
          <Button type="button" variant="ghost" disabled={busy} onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || content.trim() === ''} className="min-w-20">
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </div>
    </form>
  );
}
