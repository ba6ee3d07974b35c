import { Link } from 'react-router';

import { useAuth } from '../../../lib/session/session-context.tsx';
import { useCommentsInfiniteQuery, useLiveComments } from './comment-queries.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';

/** Under a post: the add box (members only) and the comments, newest first. */
export function CommentSection({ postId, id }: { postId: string; id: string }) {
  const signedIn = useAuth().status === 'signed-in';
  const query = useCommentsInfiniteQuery(postId);
  useLiveComments(postId);
  const comments = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section id={id} aria-label="Comments" className="flex flex-col gap-3 pt-3">
      {signedIn ? (
        <CommentForm postId={postId} />
      ) : (
        <p className="text-sm text-slate-700">
          <Link to="/auth" className="font-semibold text-blue-700 underline">
            Sign in
          </Link>{' '}
          to comment.
        </p>
      )}
      {query.status === 'pending' ? (
        <Spinner label="Loading comments..." showLabel className="text-sm" />
      ) : query.status === 'error' ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-slate-700">
          Couldn't load comments.
          <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : comments.length === 0 ? (
        <p className="text-sm text-slate-700">No comments yet. Be the first to comment.</p>
      ) : (
        <ul aria-label="Comments" className="flex flex-col gap-3">
          {comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load more comments'}
        </Button>
      ) : null}
    </section>
  );
}
