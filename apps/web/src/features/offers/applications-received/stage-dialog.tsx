import {
  moveStageSchema,
  PIPELINE_MESSAGES,
  POSTER_STAGE_ACTIONS,
  TRIAL_PLACE_MAX,
} from '@arena/shared/application.schema';
import type { PosterStage } from '@arena/shared/application.schema';
import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { toast } from 'sonner';

import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/ui/dialog-actions.tsx';
import { ErrorNotice, InputField } from '../../../components/ui/field.tsx';
import { useMoveStageMutation } from '../application-queries.ts';
import { localToIso } from '../post/date-time-local.ts';
import { StageMessageField } from './stage-message-field.tsx';

type Errors = Partial<Record<'message' | 'trialAt' | 'trialPlace', string>>;

/**
 * One move of one application: a message to the athlete (a template when declining), and for
 * a trial its date, time and place. The server's refusal (409) shows in the dialog as it said it.
 */
export function StageDialog({
  applicationId,
  athleteName,
  stage,
  onClose,
}: {
  applicationId: string;
  athleteName: string;
  /** The move; the dialog is open while it is set. */
  stage: PosterStage | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={stage !== null} onOpenChange={(open) => !open && onClose()}>
      {stage ? (
        <DialogContent title={`${POSTER_STAGE_ACTIONS[stage]}: ${athleteName}`}>
          <StageForm applicationId={applicationId} stage={stage} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function StageForm({
  applicationId,
  stage,
  onDone,
}: {
  applicationId: string;
  stage: PosterStage;
  onDone: () => void;
}) {
  const id = useId();
  const move = useMoveStageMutation();
  const [message, setMessage] = useState('');
  const [trialAt, setTrialAt] = useState('');
  const [trialPlace, setTrialPlace] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const trial = stage === 'trial';
    const iso = trial ? localToIso(trialAt) : null;
    const parsed = moveStageSchema.safeParse({
      stage,
      message,
      trialAt: iso,
      trialPlace: trial ? trialPlace : null,
    });
    const next: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'message' || key === 'trialAt' || key === 'trialPlace')
          next[key] ??= issue.message;
      }
    if (iso && !next.trialAt && Date.parse(iso) <= Date.now())
      next.trialAt = PIPELINE_MESSAGES.trialAtPast;
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    move.mutate(
      { id: applicationId, move: parsed.data },
      {
        onSuccess: () => {
          toast.success(PIPELINE_MESSAGES.moved(stage));
          onDone();
        },
        onError: (error) => toast.error('Error', { description: error.message }),
      },
    );
  }

  const busy = move.isPending;
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {stage === 'trial' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id={`${id}-at`}
            label="Date and time"
            type="datetime-local"
            required
            value={trialAt}
            onChange={(event) => setTrialAt(event.target.value)}
            error={errors.trialAt}
          />
          <InputField
            id={`${id}-place`}
            label="Place"
            required
            maxLength={TRIAL_PLACE_MAX}
            value={trialPlace}
            onChange={(event) => setTrialPlace(event.target.value)}
            error={errors.trialPlace}
          />
        </div>
      ) : null}
      <StageMessageField
        id={`${id}-message`}
        value={message}
        onChange={setMessage}
        error={errors.message}
        templates={stage === 'declined'}
      />
      {move.error ? <ErrorNotice>{move.error.message}</ErrorNotice> : null}
      <DialogActions busy={busy} destructive={stage === 'declined'}>
        {busy ? 'Saving...' : POSTER_STAGE_ACTIONS[stage]}
      </DialogActions>
    </form>
  );
}
