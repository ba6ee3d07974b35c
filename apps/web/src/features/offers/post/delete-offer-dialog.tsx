import { MESSAGES } from '@arena/shared/messages';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';

import { useDeleteOfferMutation } from '../offer-queries.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from '../../../components/ui/dialog.tsx';

/** Asks before deleting: the offer and all its applications go for good. */
export function DeleteOfferDialog({
  offerId,
  onDeleted,
  children,
}: {
  offerId: string;
  onDeleted?: () => void;
  /** The button that opens the confirmation. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteOfferMutation();
  const busy = deletion.isPending;

  function confirm() {
    deletion.mutate(offerId, {
      onSuccess: () => {
        toast.success(MESSAGES.offer.deleted);
        setOpen(false);
        onDeleted?.();
      },
      onError: (error) => {
        toast.error('Error', { description: error.message });
      },
    });
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent
        title="Are you sure?"
        description="This action cannot be undone. This will permanently delete the offer and all associated applications."
      >
        <AlertDialogCancel asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </AlertDialogCancel>
        <Button
          className="bg-red-700 hover:bg-red-800 active:bg-red-900"
          disabled={busy}
          onClick={confirm}
        >
          {busy ? 'Deleting...' : 'Delete'}
        </Button>
      </AlertDialogContent>
    </AlertDialog>
  );
}
