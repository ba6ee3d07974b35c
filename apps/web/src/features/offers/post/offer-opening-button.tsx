import type { Offer } from '@arena/shared/offer.schema';
import { Lock, LockOpen } from 'lucide-react';
import { toast } from 'sonner';

import { Button } from '../../../components/ui/button.tsx';
import { useOfferOpeningMutation } from '../offer-queries.ts';

/**
 * Close an offer that takes applications, or reopen one its poster closed or that is full
 * (the server refuses past the deadline, and says so).
 */
export function OfferOpeningButton({ offer }: { offer: Offer }) {
  const opening = useOfferOpeningMutation();
  const action = offer.closedReason === null ? 'close' : 'reopen';
  const label = action === 'close' ? 'Close' : 'Reopen';

  function run() {
    opening.mutate(
      { id: offer.id, action },
      {
        onSuccess: () => toast.success(action === 'close' ? 'Offer closed' : 'Offer reopened'),
        onError: (error) => toast.error('Error', { description: error.message }),
      },
    );
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`${label} ${offer.title}`}
      disabled={opening.isPending}
      onClick={run}
    >
      {action === 'close' ? (
        <Lock className="size-4" aria-hidden />
      ) : (
        <LockOpen className="size-4" aria-hidden />
      )}
      {label}
    </Button>
  );
}
