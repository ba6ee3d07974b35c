import { CAMP_MESSAGES } from '@arena/shared/camp.schema';
import type { Camp } from '@arena/shared/camp.schema';
import { toast } from 'sonner';

import { ConfirmButton } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useMyProfileId } from '../../lib/session/session-queries.ts';
import { CLOSED_SENTENCES } from './camp-badges.tsx';
import { useCampRegistrationMutation } from './camp-queries.ts';

const m = CAMP_MESSAGES;

/** Where the viewer stands with the camp, in a sentence. */
function standing(registration: NonNullable<Camp['myRegistration']>): string | null {
  switch (registration.status) {
    case 'booked':
      return m.booked;
    case 'waitlisted':
      return registration.waitlistPosition === null
        ? m.waitlisted
        : `You are #${registration.waitlistPosition} on the waiting list`;
    case 'interested':
      return 'You registered your interest: no place is held for you yet.';
    case 'cancelled':
      return null;
  }
}

/**
 * A member's part on a camp's page: register interest, book a place (the waiting list once it
 * is full), or cancel. While the camp takes no registrations the buttons stay, disabled, with
 * the reason; cancelling stays possible until the camp starts.
 */
export function CampRegistrationActions({ camp }: { camp: Camp }) {
  const me = useMyProfileId();
  const registration = useCampRegistrationMutation(camp.id);
  if (!me || me === camp.poster.id) return null;

  const mine = camp.myRegistration?.status === 'cancelled' ? null : camp.myRegistration;
  const closed = camp.closedReason;
  const busy = registration.isPending;
  const canCancel = closed !== 'started' && closed !== 'cancelled';

  function act(kind: 'interested' | 'booked' | 'cancel') {
    registration.mutate(kind, {
      onSuccess: (fresh) => {
        if (kind === 'cancel') toast.success(m.registrationCancelled);
        else if (kind === 'interested') toast.success(m.registered);
        else toast.success(fresh.myRegistration?.status === 'waitlisted' ? m.waitlisted : m.booked);
      },
      onError: (error) => toast.error(error.message),
    });
  }

  const line = mine ? standing(mine) : null;
  return (
    <section
      aria-label="Your registration"
      className="flex flex-col gap-3 border-t border-slate-100 pt-4"
    >
      {line ? (
        <p role="status" className="text-sm font-semibold text-slate-900">
          {line}
        </p>
      ) : null}
      {closed ? (
        <p className="text-sm font-medium text-slate-800">{CLOSED_SENTENCES[closed]}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {mine === null ? (
          <Button
            variant="outline"
            disabled={busy || closed !== null}
            onClick={() => act('interested')}
          >
            Register interest
          </Button>
        ) : null}
        {mine === null || mine.status === 'interested' ? (
          <Button disabled={busy || closed !== null} onClick={() => act('booked')}>
            {camp.placesLeft > 0 ? 'Book a place' : 'Join the waiting list'}
          </Button>
        ) : null}
        {mine ? (
          <ConfirmButton
            title="Cancel your registration?"
            description={
              mine.status === 'booked'
                ? 'Your place goes to the first on the waiting list, if anyone waits.'
                : 'You can register again while the camp takes registrations.'
            }
            confirmLabel="Cancel registration"
            destructive
            onConfirm={() => act('cancel')}
          >
            <Button variant="secondary" disabled={busy || !canCancel}>
              Cancel registration
            </Button>
          </ConfirmButton>
        ) : null}
      </div>
    </section>
  );
}
