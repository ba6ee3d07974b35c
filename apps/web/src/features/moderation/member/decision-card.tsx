import type { MyModerationAction } from '@arena/shared/moderation.schema';
import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/ui/dialog-actions.tsx';
import { RelativeTime } from '../../posts/relative-time.tsx';
import { actionPhrase, YOUR_TARGET } from '../moderation-labels.ts';
import { AppealForm } from './appeal-form.tsx';
import { useAppealMutation } from './member-queries.ts';

/** Where an appeal stands, in the member's words. */
export function appealState(appeal: NonNullable<MyModerationAction['appeal']>): string {
  if (appeal.decision === 'upheld') return 'Appeal reviewed: the decision stands.';
  if (appeal.decision === 'overturned') return 'Appeal reviewed: the decision was reversed.';
  return 'Appeal sent. A moderator will review it.';
}

/** One decision about the member: what, about what, why, and its appeal (once). */
export function DecisionCard({ decision }: { decision: MyModerationAction }) {
  const phrase = actionPhrase(decision);
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5">
      <article aria-label={phrase} className="flex flex-col gap-2">
        <h2 className="font-semibold text-slate-900">
          {phrase}{' '}
          <span className="font-normal text-slate-700">
            about {YOUR_TARGET[decision.target.type]}
          </span>
        </h2>
        <p className="break-words whitespace-pre-wrap text-slate-800">{decision.reason}</p>
        <RelativeTime iso={decision.createdAt} className="text-sm text-slate-700" />
        {decision.appeal ? (
          <p className="text-sm font-medium text-slate-800">{appealState(decision.appeal)}</p>
        ) : decision.canAppeal ? (
          <AppealButton decision={decision} phrase={phrase} />
        ) : null}
      </article>
    </Card>
  );
}

function AppealButton({ decision, phrase }: { decision: MyModerationAction; phrase: string }) {
  const [open, setOpen] = useState(false);
  const appeal = useAppealMutation(decision.id);
  return (
    <Dialog open={open} onOpenChange={(next) => !appeal.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="self-start">
          Appeal
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Appeal: ${phrase}`}
        description="A moderator who reviews it tells you the outcome. You can appeal each decision once."
      >
        <AppealForm
          busy={appeal.isPending}
          serverError={appeal.error?.message}
          onSend={(text) => appeal.mutate(text, { onSuccess: () => setOpen(false) })}
          actions={
            <DialogActions busy={appeal.isPending}>
              {appeal.isPending ? 'Sending...' : 'Send appeal'}
            </DialogActions>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
