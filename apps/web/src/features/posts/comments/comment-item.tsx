import type { Comment } from '@arena/shared/post.schema';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';

import { useCurrentUser } from '../../../lib/session/session-queries.ts';
import { useDeleteCommentMutation } from './comment-queries.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cx, focusRing } from '../../../components/ui/class-names.ts';
import { LinkifiedText } from '../linkified-text.tsx';
import { RelativeTime } from '../relative-time.tsx';
import { VerifiedTick } from '../verified-tick.tsx';
import { ReportButton } from '../../moderation/report/report-button.tsx';

export function CommentItem({ comment }: { comment: Comment }) {
  const me = useCurrentUser();
  const deletion = useDeleteCommentMutation(comment.postId);
  const { author } = comment;
  const profilePath = `/profile/${author.username}`;
  return (
    <article className="flex gap-2.5">
      <Link to={profilePath} className={cx('rounded-full', focusRing)} tabIndex={-1} aria-hidden>
        <Avatar name={author.fullName} src={author.avatarUrl} size="sm" />
      </Link>
      <div className="min-w-0 flex-1 rounded-2xl bg-slate-50 px-3 py-2">
        <div className="flex items-start gap-2">
          <p className="flex min-w-0 flex-1 items-center text-sm">
            <Link
              to={profilePath}
              title={author.fullName}
              className={cx('truncate font-semibold text-slate-900 hover:underline', focusRing)}
            >
              {author.fullName}
            </Link>
            {author.verified ? <VerifiedTick className="ml-1 size-3.5" /> : null}
            <span className="shrink-0 whitespace-pre text-slate-700"> · </span>
            <RelativeTime iso={comment.createdAt} className="shrink-0 text-slate-700" />
          </p>
          {me && me.profile.id !== author.id ? (
            <ReportButton
              subject={{ type: 'comment', id: comment.id, username: author.username }}
              label="Report comment"
              className="-my-2 -mr-2"
            />
          ) : null}
          {me?.profile.id === author.id ? (
            <Button
              variant="ghost"
              size="icon"
              className="-my-2 -mr-2"
              aria-label="Delete comment"
              disabled={deletion.isPending}
              onClick={() => deletion.mutate(comment.id)}
            >
              <Trash2 className="size-3.5" aria-hidden />
            </Button>
          ) : null}
        </div>
        <LinkifiedText text={comment.content} className="mt-0.5 text-sm" />
      </div>
    </article>
  );
}
