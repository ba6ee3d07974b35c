import { Trash2 } from 'lucide-react';
import { useState } from 'react';

import { useDeletePostMutation } from '../../api/posts.ts';
import { Button } from '../../components/ui/button.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from '../../components/ui/dialog.tsx';

/** The author's delete, behind a confirmation: the post and its media go for good. */
export function DeletePostButton({ postId }: { postId: string }) {
  const [open, setOpen] = useState(false);
  const deletion = useDeletePostMutation();
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Delete post">
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title="Delete this post?"
        description="This action cannot be undone. The post, its photo or video, its comments and likes will be permanently deleted."
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
          onClick={() => deletion.mutate(postId, { onSuccess: () => setOpen(false) })}
        >
          {deletion.isPending ? 'Deleting...' : 'Delete'}
        </button>
      </AlertDialogContent>
    </AlertDialog>
  );
}
