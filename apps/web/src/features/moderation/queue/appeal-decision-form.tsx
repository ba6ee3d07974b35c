import { appealDecisionInputSchema } from '@arena/shared/moderation.schema';
import type { AppealDecision, ModerationActionEntry } from '@arena/shared/moderation.schema';
import { useId, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { RelativeTime } from '../../posts/relative-time.tsx';
import { actionPhrase } from '../moderation-labels.ts';
import { DecisionRefused, ReasonField } from './decision-fields.tsx';
import { useAppealDecisionMutation } from './queue-queries.ts';

type Appeal = NonNullable<ModerationActionEntry['appeal']>;

/**
 * An appeal waiting for a decision: what the member wrote beside the action they appeal, and
 * Uphold or Overturn with the reason they are told.
 */
export function AppealDecisionForm({
  caseId,
  action,
  appeal,
  onDecided,
}: {
  caseId: string;
  action: ModerationActionEntry;
  appeal: Appeal;
  onDecided: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decide = useAppealDecisionMutation(caseId);

  function send(decision: AppealDecision) {
    const parsed = appealDecisionInputSchema.safeParse({ decision, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    decide.mutate({ decision, reason }, { onSuccess: onDecided });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => event.preventDefault()}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 border-t border-slate-200 pt-4"
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        The appeal
      </h3>
      <div className="grid gap-1 text-sm">
        <p className="text-slate-700">
          Against: <span className="font-medium text-slate-900">{actionPhrase(action)}</span>
          {' · '}“{action.reason}”
        </p>
        <blockquote className="rounded-lg bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap text-slate-900">
          {appeal.text}
        </blockquote>
        <RelativeTime iso={appeal.createdAt} className="text-xs text-slate-700" />
      </div>
      <ReasonField
        id={`${id}-reason`}
        value={reason}
        onChange={setReason}
        error={error}
        disabled={decide.isPending}
      />
      <DecisionRefused error={decide.error} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={decide.isPending} onClick={() => send('upheld')}>
          Uphold
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={decide.isPending}
          onClick={() => send('overturned')}
        >
          Overturn
        </Button>
      </div>
    </form>
  );
}
