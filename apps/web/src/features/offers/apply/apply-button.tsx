import { MESSAGES } from '@arena/shared/messages';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

import { useCurrentUser } from '../../../lib/session/session-queries.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { ApplyDialogContent } from './apply-dialog.tsx';
import type { ApplyTarget } from './apply-form-types.ts';

/**
 * Apply, or a disabled Applied once done. Visitors are asked to sign in; posters do not apply to
 * their own offers; a closed offer (closed, past its deadline, or full) offers no Apply at all:
 * its card and page say why.
 */
export function ApplyButton({
  offer,
  ownLabel = 'Your offer',
}: {
  offer: ApplyTarget;
  /** What the poster sees instead of Apply. */
  ownLabel?: string;
}) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  if (offer.appliedByMe) {
    return (
      <Button variant="secondary" disabled>
        <Check className="size-4" aria-hidden />
        Applied
      </Button>
    );
  }
  if (me?.profile.id === offer.poster.id) {
    return <span className="text-sm font-medium text-slate-700">{ownLabel}</span>;
  }
  // Kept while the dialog is open: an apply refused because the offer closed meanwhile refreshes
  // the offer, and the dialog stays to show the server's reason.
  if (offer.closedReason && !open) return null;
  if (!me) {
    return (
      <Button
        onClick={() => {
          toast.error(MESSAGES.application.loginRequired);
          void navigate('/auth');
        }}
      >
        Apply
      </Button>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button aria-label={`Apply to ${offer.title}`}>Apply</Button>
      </DialogTrigger>
      {open ? <ApplyDialogContent offer={offer} me={me} onApplied={() => setOpen(false)} /> : null}
    </Dialog>
  );
}
