import { Trash2 } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/ui/button.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from '../../components/ui/dialog.tsx';

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
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" className="size-9" disabled={busy}>
          <Trash2 className="size-4" aria-hidden />
          <span className="sr-only">Delete {what}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title="Delete this entry?"
        description={`This removes ${what} from your CV.`}
      >
        <AlertDialogCancel asChild>
          <Button variant="ghost">Cancel</Button>
        </AlertDialogCancel>
        <Button
          className="bg-red-700 hover:bg-red-800 active:bg-red-900"
          onClick={() => {
            setOpen(false);
            onConfirm();
          }}
        >
          Delete
        </Button>
      </AlertDialogContent>
    </AlertDialog>
  );
}
