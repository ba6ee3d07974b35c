import type { ReactNode } from 'react';

import { Button } from './button.tsx';
import { DialogClose } from './dialog.tsx';

const danger = 'bg-red-700 hover:bg-red-800 active:bg-red-900';

/**
 * A form dialog's buttons: Cancel, which closes it, and the form's submit (red when it deletes
 * or refuses something), both held while the form is busy; stacked on a phone, submit on top.
 */
export function DialogActions({
  busy,
  destructive = false,
  children,
}: {
  busy: boolean;
  destructive?: boolean;
  /** The submit button's label. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button type="button" variant="secondary" disabled={busy}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={busy} className={destructive ? danger : undefined}>
        {children}
      </Button>
    </div>
  );
}
