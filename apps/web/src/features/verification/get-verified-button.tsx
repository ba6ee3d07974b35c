import { BadgeCheck, Clock } from 'lucide-react';
import { useState } from 'react';

import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { useMyVerificationQuery } from './verification-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { VerificationRequestForm } from './verification-request-form.tsx';

/**
 * For the signed-in user's own profile: Get Verified for unverified agents, coaches and clubs,
 * opening the request form; a disabled Verification Pending while a request awaits review.
 * Nothing for players and for verified members.
 */
export function GetVerifiedButton() {
  const me = useCurrentUser();
  const eligible = Boolean(me && me.profile.userType !== 'player' && !me.profile.verified);
  const state = useMyVerificationQuery(eligible);
  const [open, setOpen] = useState(false);

  if (!me || !eligible || !state.data || state.data.verified) return null;
  if (state.data.status === 'pending') {
    return (
      <Button variant="secondary" disabled>
        <Clock className="size-4" aria-hidden />
        Verification Pending
      </Button>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <BadgeCheck className="size-4" aria-hidden />
          Get Verified
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Request Verification"
        description="Verified agents, coaches and clubs can post athlete offers. An admin reviews every request."
        className="max-w-2xl"
      >
        <VerificationRequestForm me={me} onSubmitted={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
