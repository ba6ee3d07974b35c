import type { RefObject } from 'react';

import { useDeletePostMutation } from './post-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../components/ui/dialog.tsx';

/**
 * The confirmation behind a post's delete button (delete-post-button.tsx), loaded when it is
 * first asked for. Closing it gives focus back to the button.
 */
export function DeletePostDialog({
  postId,
  onClose,
  returnFocusTo,
}: {
  postId: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const deletion = useDeletePostMutation();
  return (
    <AlertDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialogContent
        title="Delete this post?"
        description="This action cannot be undone. The post, its photo or video, its comments and likes will be permanently deleted."
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <AlertDialogCancel asChild>
          <Button variant="secondary">Cancel</Button>
        </AlertDialogCancel>
        {/* Not a Radix Action: the dialog stays open, busy, until the server has answered. */}
        <button
          type="button"
          className={cx(
            'inline-flex h-10 items-center justify-center rounded-full bg-red-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:opacity-60',
            focusRing,
          )}
          disabled={deletion.isPending}
          onClick={() => deletion.mutate(postId, { onSuccess: onClose })}
        >
          {deletion.isPending ? 'Deleting...' : 'Delete'}
        </button>
      </AlertDialogContent>
    </AlertDialog>
  );
}
