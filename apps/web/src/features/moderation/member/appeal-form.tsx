import { LIMITS } from '@arena/shared/limits';
import { appealInputSchema } from '@arena/shared/moderation.schema';
import { useId, useState } from 'react';
import type { ReactNode, SyntheticEvent } from 'react';

import { cx } from '../../../components/ui/class-names.ts';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

const MAX = LIMITS.appealMax.toLocaleString('en-US');

/**
 * Why the decision should change: the text with its counter and any refusal; `actions` renders
 * the buttons (a dialog's, or the page's), given whether it is busy.
 */
export function AppealForm({
  busy,
  serverError,
  onSend,
  actions,
}: {
  busy: boolean;
  serverError: string | undefined;
  onSend: (text: string) => void;
  actions: ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const shown = error ?? serverError;

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = appealInputSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSend(parsed.data.text);
  }

  const over = text.length > LIMITS.appealMax;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-text`}>Why should the decision change?</Label>
        <Textarea
          id={`${id}-text`}
          required
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={shown || over ? true : undefined}
          aria-describedby={`${id}-counter${shown ? ` ${id}-error` : ''}`}
          disabled={busy}
        />
        <p
          id={`${id}-counter`}
          className={cx(
            'justify-self-end text-xs tabular-nums',
            over ? 'font-semibold text-red-700' : 'text-slate-700',
          )}
        >
          {text.length.toLocaleString('en-US')} / {MAX}
        </p>
        {shown ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {shown}
          </p>
        ) : null}
      </div>
      {actions}
    </form>
  );
}
