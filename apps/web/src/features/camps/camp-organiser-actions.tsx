import { CAMP_MESSAGES } from '@arena/shared/camp.schema';
import type { Camp } from '@arena/shared/camp.schema';
import { Pencil } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';

import { ConfirmButton } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useCampOrganiserMutation } from './camp-queries.ts';

/** The organiser's (or an admin's) tools on a camp's page: edit, cancel, delete. */
export function CampOrganiserActions({ camp }: { camp: Camp }) {
  const organiser = useCampOrganiserMutation(camp.id);
  const navigate = useNavigate();
  const busy = organiser.isPending;
  const started = camp.closedReason === 'started';

  function act(action: 'cancel' | 'delete') {
    organiser.mutate(action, {
      onSuccess: () => {
        toast.success(action === 'cancel' ? CAMP_MESSAGES.cancelled : CAMP_MESSAGES.deleted);
        if (action === 'delete') void navigate('/sport-camps', { replace: true });
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <section
      aria-label="Manage camp"
      className="flex flex-wrap gap-2 border-t border-slate-100 pt-4"
    >
      {camp.cancelledAt === null && !started ? (
        <Button variant="outline" asChild>
          <Link to={`/sport-camps/${encodeURIComponent(camp.id)}/edit`}>
            <Pencil className="size-4" aria-hidden />
            Edit
          </Link>
        </Button>
      ) : null}
      {camp.cancelledAt === null ? (
        <ConfirmButton
          title="Cancel this camp?"
          description="Everyone registered is told that the camp is cancelled. This cannot be undone."
          confirmLabel="Cancel camp"
          destructive
          onConfirm={() => act('cancel')}
        >
          <Button variant="secondary" disabled={busy}>
            Cancel camp
          </Button>
        </ConfirmButton>
      ) : null}
      <ConfirmButton
        title="Delete this camp?"
        description="This cannot be undone: the camp and every registration are deleted."
        confirmLabel="Delete"
        destructive
        onConfirm={() => act('delete')}
      >
        <Button variant="ghost" disabled={busy}>
          Delete
        </Button>
      </ConfirmButton>
    </section>
  );
}
