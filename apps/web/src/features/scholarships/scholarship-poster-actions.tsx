import { SCHOLARSHIP_MESSAGES } from '@arena/shared/scholarship.schema';
import type { Scholarship } from '@arena/shared/scholarship.schema';
import { Inbox, Pencil } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';

import { ConfirmButton } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useMyProfileId } from '../../lib/session/session-queries.ts';
import { useScholarshipPosterMutation } from './scholarship-queries.ts';

const DONE = {
  close: SCHOLARSHIP_MESSAGES.closed,
  reopen: SCHOLARSHIP_MESSAGES.reopened,
  delete: SCHOLARSHIP_MESSAGES.deleted,
} as const;

/**
 * The poster's (or an admin's) tools on a scholarship's page: its applications, edit, close or
 * reopen; its poster alone deletes it, as with offers.
 */
export function ScholarshipPosterActions({ scholarship }: { scholarship: Scholarship }) {
  const poster = useScholarshipPosterMutation(scholarship.id);
  const navigate = useNavigate();
  const me = useMyProfileId();
  const busy = poster.isPending;
  const id = encodeURIComponent(scholarship.id);

  function act(action: 'close' | 'reopen' | 'delete') {
    poster.mutate(action, {
      onSuccess: () => {
        toast.success(DONE[action]);
        if (action === 'delete') void navigate('/scholarships', { replace: true });
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <section
      aria-label="Manage scholarship"
      className="flex flex-wrap gap-2 border-t border-slate-100 pt-4"
    >
      <Button variant="outline" asChild>
        <Link to={`/applications-received?offer=${id}`}>
          <Inbox className="size-4" aria-hidden />
          Applications ({scholarship.applicationCount})
        </Link>
      </Button>
      <Button variant="outline" asChild>
        <Link to={`/scholarships/${id}/edit`}>
          <Pencil className="size-4" aria-hidden />
          Edit
        </Link>
      </Button>
      {scholarship.closedReason === 'closed' ? (
        <Button variant="secondary" disabled={busy} onClick={() => act('reopen')}>
          Reopen
        </Button>
      ) : scholarship.closedReason === null ? (
        <ConfirmButton
          title="Close this scholarship?"
          description="It stops taking applications; the ones you received can still be decided. You can reopen it before its deadline."
          confirmLabel="Close scholarship"
          onConfirm={() => act('close')}
        >
          <Button variant="secondary" disabled={busy}>
            Close
          </Button>
        </ConfirmButton>
      ) : null}
      {me === scholarship.poster.id ? (
        <ConfirmButton
          title="Delete this scholarship?"
          description="This cannot be undone: the scholarship and every application to it are deleted, and the applicants are told."
          confirmLabel="Delete"
          destructive
          onConfirm={() => act('delete')}
        >
          <Button variant="ghost" className="text-red-700" disabled={busy}>
            Delete
          </Button>
        </ConfirmButton>
      ) : null}
    </section>
  );
}
