import { bulkDeclineSchema, PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { toast } from 'sonner';

import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/ui/dialog-actions.tsx';
import { ErrorNotice } from '../../../components/ui/field.tsx';
import { useBulkDeclineMutation } from '../application-queries.ts';
import { StageMessageField } from './stage-message-field.tsx';

/**
 * "Decline selected (N)": one message (a template, edited) to every selected applicant. The
 * server leaves alone those it cannot decline and says why; the toast tells both.
 */
export function BulkDeclineDialog({ ids, onDeclined }: { ids: string[]; onDeclined: () => void }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const decline = useBulkDeclineMutation();
  const busy = decline.isPending;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = bulkDeclineSchema.safeParse({ ids, message });
    setError(parsed.error?.issues[0]?.message);
    if (!parsed.success) return;
    decline.mutate(parsed.data, {
      onSuccess: ({ declined, skipped }) => {
        toast.success(PIPELINE_MESSAGES.declinedSome(declined.length), {
          description:
            skipped.length > 0
              ? `Not declined: ${skipped.map((skip) => skip.reason).join(' ')}`
              : undefined,
        });
        setOpen(false);
        setMessage('');
        onDeclined();
      },
      onError: (failure) => toast.error('Error', { description: failure.message }),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) decline.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          className="border-red-700 text-red-800 hover:bg-red-50"
          disabled={ids.length === 0}
        >
          Decline selected ({ids.length})
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Decline ${ids.length === 1 ? '1 application' : `${ids.length} applications`}`}
        description="Each athlete receives the same message."
      >
        <form noValidate onSubmit={submit} className="grid gap-4">
          <StageMessageField
            id="bulk-decline-message"
            value={message}
            onChange={setMessage}
            error={error}
            templates
          />
          {decline.error ? <ErrorNotice>{decline.error.message}</ErrorNotice> : null}
          <DialogActions busy={busy} destructive>
            {busy ? 'Declining...' : 'Decline'}
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
