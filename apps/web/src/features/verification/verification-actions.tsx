import type { VerificationDecision, VerificationRequest } from '@arena/shared/verification.schema';
import { MESSAGES } from '@arena/shared/messages';
import { Check, ShieldOff, X } from 'lucide-react';
import { toast } from 'sonner';

import { useDecideVerificationMutation } from './verification-queries.ts';
import { Button } from '../../components/ui/button.tsx';

const m = MESSAGES.verification;

const OUTCOMES: Record<VerificationDecision, { done: string; failed: string }> = {
  approve: { done: m.approved, failed: m.approveFailed },
  reject: { done: m.rejected, failed: m.rejectFailed },
  disapprove: { done: m.removed, failed: m.removeFailed },
};

/** Approve and Reject a pending request; Disapprove an approved one; nothing for a rejected one. */
export function VerificationActions({ request }: { request: VerificationRequest }) {
  const decide = useDecideVerificationMutation();
  const busy = decide.isPending;

  function run(decision: VerificationDecision) {
    const outcome = OUTCOMES[decision];
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: () => toast.success(outcome.done),
        onError: () => toast.error(outcome.failed),
      },
    );
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
            variant="outline"
            className="border-red-700 text-red-700 hover:bg-red-50"
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
      return (
        <Button
          size="sm"
          variant="outline"
          className="border-red-700 text-red-700 hover:bg-red-50"
          disabled={busy}
          aria-label={`Disapprove ${who}`}
          onClick={() => run('disapprove')}
        >
          <ShieldOff className="size-4" aria-hidden />
          Disapprove
        </Button>
      );
    case 'rejected':
      return null;
  }
}
