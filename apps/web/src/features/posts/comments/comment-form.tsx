import { LIMITS } from '@arena/shared/limits';
import { createCommentSchema } from '@arena/shared/post.schema';
import { useId, useState } from 'react';
import { toast } from 'sonner';

import { useAddCommentMutation } from './comment-queries.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

/** The add box: at most 500 characters can be typed; empty or too long gets the spec's toast. */
export function CommentForm({ postId }: { postId: string }) {
  const [content, setContent] = useState('');
  const addComment = useAddCommentMutation(postId);
  const fieldId = useId();

  function submit() {
    const parsed = createCommentSchema.safeParse({ content });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Invalid comment');
      return;
    }
    addComment.mutate(parsed.data.content, { onSuccess: () => setContent('') });
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <label htmlFor={fieldId} className="sr-only">
        Write a comment
      </label>
      <Textarea
        id={fieldId}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        maxLength={LIMITS.commentMax}
        rows={1}
        placeholder="Write a comment..."
        // One line to start with; the box grows by hand.
        className="min-h-11! flex-1 resize-y"
      />
      <Button type="submit" size="md" disabled={addComment.isPending} className="self-end">
        {addComment.isPending ? 'Posting...' : 'Comment'}
      </Button>
    </form>
  );
}
