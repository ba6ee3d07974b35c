import type { FeedItem } from '@arena/shared/post.schema';
import { Pencil, Repeat2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';

import { useMyProfileId } from '../../lib/session/session-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ReportButton } from '../moderation/report/report-button.tsx';
import { DeletePostButton } from './delete-post-button.tsx';
import { FollowAuthorButton } from './follow-author-button.tsx';
import { LinkifiedText } from './linkified-text.tsx';
import { PostActions } from './post-actions.tsx';
import { PostAuthorLine } from './post-author-line.tsx';
import { PostMedia } from './post-media.tsx';
import { SportBadge } from './sport-badge.tsx';

/** Comments load when a post's are first opened, not with the feed. */
const CommentSection = lazy(() =>
  import('./comments/comment-section.tsx').then((module) => ({
    default: module.CommentSection,
  })),
);

/** The author's edit form loads at the first Edit, not with the feed. */
const EditPostForm = lazy(() =>
  import('./edit-post-form.tsx').then((module) => ({ default: module.EditPostForm })),
);

/** Where an article sits in a `role="feed"` list (WAI-ARIA feed pattern), counted from 1. */
export interface FeedPosition {
  posInSet: number;
  setSize: number;
}

/**
 * One entry of a feed: who posted (and who reposted), the text, the media and the actions.
 * In a feed (`position`), the article is a stop of its own for the keyboard. A list that
 * unmounts cards it scrolls past keeps whether the comments are open (`comments`).
 * `priority`: the list's first entry, whose photo loads at once.
 */
export function PostCard({
  item,
  position,
  comments,
  priority = false,
}: {
  item: FeedItem;
  position?: FeedPosition | undefined;
  comments?: { open: boolean; onToggle: () => void } | undefined;
  priority?: boolean;
}) {
  const { post, repostedBy } = item;
  const isOwn = useMyProfileId() === post.author.id;
  const [ownCommentsOpen, setOwnCommentsOpen] = useState(false);
  const commentsOpen = comments ? comments.open : ownCommentsOpen;
  const toggleComments = comments ? comments.onToggle : () => setOwnCommentsOpen((open) => !open);
  const commentsId = useId();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <article
        aria-labelledby={headingId}
        aria-posinset={position?.posInSet}
        aria-setsize={position?.setSize}
        tabIndex={position ? 0 : undefined}
        className={cx('flex flex-col gap-3 rounded-2xl p-4 sm:p-5', position && focusRing)}
      >
        {item.kind === 'repost' && repostedBy ? (
          <p className="-mb-1 flex min-w-0 items-center gap-1.5 text-sm font-medium text-slate-700">
            <Repeat2 className="size-4 shrink-0" aria-hidden />
            <Link
              to={`/profile/${repostedBy.username}`}
              title={repostedBy.fullName}
              className={cx('truncate font-semibold text-slate-900 hover:underline', focusRing)}
            >
              {repostedBy.fullName}
            </Link>{' '}
            <span className="shrink-0">reposted</span>
          </p>
        ) : null}
        <div className="flex items-start gap-3">
          <PostAuthorLine post={post} headingId={headingId} />
          <div className="flex shrink-0 items-center gap-1">
            {!isOwn ? <FollowAuthorButton post={post} /> : null}
            {isOwn ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label="Edit post"
                aria-pressed={editing}
                onClick={() => setEditing((value) => !value)}
              >
                <Pencil className="size-4" aria-hidden />
              </Button>
            ) : null}
            {isOwn ? <DeletePostButton postId={post.id} /> : null}
            {isOwn ? null : (
              <ReportButton
                subject={{ type: 'post', id: post.id, username: post.author.username }}
                label="Report post"
              />
            )}
          </div>
        </div>
        {editing ? (
          <Suspense fallback={<Spinner label="Loading..." className="text-sm" />}>
            <EditPostForm post={post} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <>
            <div>
              <SportBadge sport={post.sport} />
            </div>
            <LinkifiedText text={post.content} />
          </>
        )}
        <PostMedia post={post} priority={priority} />
        <PostActions
          post={post}
          commentsOpen={commentsOpen}
          commentsId={commentsId}
          onToggleComments={toggleComments}
        />
        {commentsOpen ? (
          <Suspense
            fallback={
              <div id={commentsId} className="pt-3">
                <Spinner label="Loading comments..." showLabel className="text-sm" />
              </div>
            }
          >
            <CommentSection postId={post.id} id={commentsId} />
          </Suspense>
        ) : null}
      </article>
    </Card>
  );
}
