import { Trash2 } from 'lucide-react';

import { ConfirmButton } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';

/** Removes a CV entry after a confirmation naming it. */
export function DeleteEntryButton({
  what,
  busy,
  onConfirm,
}: {
  /** What is deleted, e.g. 'season 2023/24 at Real Madrid'. */
  what: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmButton
      title="Delete this entry?"
      description={`This removes ${what} from your CV.`}
      confirmLabel="Delete"
      destructive
      onConfirm={onConfirm}
    >
      <Button variant="ghost" size="icon" className="size-9" disabled={busy}>
        <Trash2 className="size-4" aria-hidden />
        <span className="sr-only">Delete {what}</span>
      </Button>
    </ConfirmButton>
  );
}
