import type { ReactElement, ReactNode } from 'react';
import { useState } from 'react';

import { Button } from './ui/button.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from './ui/dialog.tsx';

const destructiveClass = 'bg-red-700 hover:bg-red-800 active:bg-red-900';

interface ConfirmProps {
  /** The question, e.g. 'Delete this entry?'. */
  title: ReactNode;
  /** What confirming means. */
  description: ReactNode;
  /** The confirming button's text; Cancel is the other. */
  confirmLabel: string;
  /** A red confirming button, for an action that removes something. */
  destructive?: boolean;
  onConfirm: () => void;
}

/**
 * A confirmation opened by its caller (a form's submit, say): the question, Cancel, and the
 * confirming button, which closes the dialog and then acts.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
}: ConfirmProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when there is one; Radix then gives focus back to it. */
  trigger?: ReactElement;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent title={title} description={description}>
        <AlertDialogCancel asChild>
          <Button variant="ghost">Cancel</Button>
        </AlertDialogCancel>
        <Button
          className={destructive ? destructiveClass : undefined}
          onClick={() => {
            onOpenChange(false);
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A button (`children`) that asks before it acts. */
export function ConfirmButton({ children, ...props }: ConfirmProps & { children: ReactElement }) {
  const [open, setOpen] = useState(false);
  return <ConfirmDialog {...props} open={open} onOpenChange={setOpen} trigger={children} />;
}
