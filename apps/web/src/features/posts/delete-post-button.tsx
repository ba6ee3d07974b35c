import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

import { Button } from '../../components/ui/button.tsx';

const DeletePostDialog = lazy(() =>
  import('./delete-post-dialog.tsx').then((module) => ({ default: module.DeletePostDialog })),
);

/**
 * The author's delete, behind a confirmation: the post and its media go for good. The
 * confirmation's code loads at the first click, not with the feed.
 */
export function DeletePostButton({ postId }: { postId: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label="Delete post"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <DeletePostDialog postId={postId} onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
