import { PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import type { MyApplication } from '@arena/shared/application.schema';
import { toast } from 'sonner';

import { ConfirmButton } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useWithdrawApplicationMutation } from './my-application-queries.ts';

/** Withdraw, after a confirmation: the poster is told, and the offer cannot be applied to again. */
export function WithdrawApplicationButton({ application }: { application: MyApplication }) {
  const withdraw = useWithdrawApplicationMutation();
  return (
    <ConfirmButton
      title="Withdraw this application?"
      description={`${application.offer.organizationName} will see that you withdrew. You cannot apply to “${application.offer.title}” again.`}
      confirmLabel="Withdraw"
      destructive
      onConfirm={() =>
        withdraw.mutate(application.id, {
          onSuccess: () => toast.success(PIPELINE_MESSAGES.withdrawn),
          onError: (error) => toast.error(error.message),
        })
      }
    >
      <Button
        variant="outline"
        disabled={withdraw.isPending}
        aria-label={`Withdraw application to ${application.offer.title}`}
      >
        {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
      </Button>
    </ConfirmButton>
  );
}
