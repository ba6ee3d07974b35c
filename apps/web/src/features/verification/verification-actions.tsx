import type { VerificationDecision, VerificationRequest } from '@arena/shared/verification.schema';
import { Check, ShieldOff, X } from 'lucide-react';

import { useDecideVerificationMutation } from './verification-queries.ts';
import { ConfirmButton } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';

/**
 * Approve and Reject a pending request (the page's main actions); Disapprove an approved one, a
 * quieter action behind a confirmation; nothing for a rejected one.
 */
export function VerificationActions({ request }: { request: VerificationRequest }) {
  const decide = useDecideVerificationMutation();
  const busy = decide.isPending;

  function run(decision: VerificationDecision) {
    decide.mutate({ id: request.id, decision });
  }

  const who = request.fullName;
  switch (request.status) {
    case 'pending':
      return (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            className="bg-green-700 hover:bg-green-800 active:bg-green-900"
            disabled={busy}
            aria-label={`Approve ${who}`}
            onClick={() => run('approve')}
          >
            <Check className="size-4" aria-hidden />
            Approve
          </Button>
          <Button
            size="sm"
            className="bg-red-700 hover:bg-red-800 active:bg-red-900"
            disabled={busy}
            aria-label={`Reject ${who}`}
            onClick={() => run('reject')}
          >
            <X className="size-4" aria-hidden />
            Reject
          </Button>
        </div>
      );
    case 'approved':
      return <DisapproveButton who={who} busy={busy} onConfirm={() => run('disapprove')} />;
    case 'rejected':
      return null;
  }
}

function DisapproveButton({
  who,
  busy,
  onConfirm,
}: {
  who: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmButton
      title="Remove this verification?"
      description={`${who} will no longer be verified, and cannot post offers until verified again.`}
      confirmLabel="Disapprove"
      destructive
      onConfirm={onConfirm}
    >
      <Button
        size="sm"
        variant="ghost"
        className="self-start text-red-800 hover:bg-red-50 hover:text-red-900"
        disabled={busy}
        aria-label={`Disapprove ${who}`}
      >
        <ShieldOff className="size-4" aria-hidden />
        Disapprove
      </Button>
    </ConfirmButton>
  );
}
