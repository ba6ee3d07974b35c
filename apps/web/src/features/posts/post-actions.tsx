import type { Post } from '@arena/shared/post.schema';
import { Heart, MessageCircle, Pin, PinOff, Repeat2, Share2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';

import { useMyProfileId } from '../../lib/session/session-queries.ts';
import { useHighlightToggle } from './highlight-queries.ts';
import { useLikeMutation, useRepostMutation } from './post-queries.ts';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { useSignInGate } from './use-sign-in-gate.ts';
import { sharePost } from './share-post.ts';

/**
 * Like, comments and repost, each with its count, and Share. Like and repost change at once.
 * On the author's own playable video: pin it to (or unpin it from) their profile's Highlights.
 */
export function PostActions({
  post,
  commentsOpen,
  commentsId,
  onToggleComments,
}: {
  post: Post;
  commentsOpen: boolean;
  commentsId: string;
  onToggleComments: () => void;
}) {
  const { requireSignIn } = useSignInGate();
  const like = useLikeMutation();
  const repost = useRepostMutation();
  const pinnable = useMyProfileId() === post.author.id && post.video?.status === 'ready';
  return (
    <div className="flex items-center gap-1 border-t border-slate-100 pt-2">
      <ActionButton
        aria-pressed={post.likedByMe}
        onClick={() => {
          if (requireSignIn()) like.mutate({ postId: post.id, on: !post.likedByMe });
        }}
        icon={<Heart className={cx('size-5', post.likedByMe && 'fill-current')} aria-hidden />}
        label="Like"
        count={post.likesCount}
        activeClassName={post.likedByMe ? 'text-red-700' : undefined}
      />
      <ActionButton
        aria-expanded={commentsOpen}
        aria-controls={commentsOpen ? commentsId : undefined}
        onClick={onToggleComments}
        icon={<MessageCircle className="size-5" aria-hidden />}
        label="Comments"
        count={post.commentsCount}
        activeClassName={commentsOpen ? 'text-blue-800' : undefined}
      />
      <ActionButton
        aria-pressed={post.repostedByMe}
        onClick={() => {
          if (requireSignIn()) repost.mutate({ postId: post.id, on: !post.repostedByMe });
        }}
        icon={<Repeat2 className="size-5" aria-hidden />}
        label="Repost"
        count={post.repostsCount}
        activeClassName={post.repostedByMe ? 'text-green-800' : undefined}
      />
      <ActionButton
        onClick={() => void sharePost(post.id)}
        icon={<Share2 className="size-5" aria-hidden />}
        label="Share"
        activeClassName={undefined}
      />
      {pinnable ? <PinAction postId={post.id} /> : null}
    </div>
  );
}

function PinAction({ postId }: { postId: string }) {
  const { pinned, ready, toggle } = useHighlightToggle(postId);
  return (
    <ActionButton
      // The short label keeps the row on one line; the name says where the video goes.
      aria-label={pinned ? 'Unpin from highlights' : 'Pin to highlights'}
      disabled={!ready}
      onClick={toggle}
      icon={
        pinned ? <PinOff className="size-5" aria-hidden /> : <Pin className="size-5" aria-hidden />
      }
      label={pinned ? 'Unpin' : 'Pin'}
      activeClassName={pinned ? 'text-blue-800' : undefined}
      // On a phone its label is hidden and it counts nothing: no wider than its icon, so the
      // counts beside it keep their room at 375 px.
      className="disabled:opacity-60 max-sm:flex-none"
    />
  );
}

function ActionButton({
  icon,
  label,
  count,
  activeClassName,
  className,
  ...props
}: ComponentProps<'button'> & {
  icon: ReactNode;
  label: string;
  /** Absent for an action that counts nothing (Share). */
  count?: number;
  activeClassName: string | undefined;
}) {
  return (
    <button
      type="button"
      className={cx(
        'inline-flex h-10 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-full px-2 text-sm font-medium transition-colors hover:bg-slate-100 sm:flex-none sm:px-3',
        focusRing,
        activeClassName ?? 'text-slate-700',
        className,
      )}
      {...props}
    >
      {icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
      {count === undefined ? null : (
        <>
          {' '}
          <span className="tabular-nums" data-count>
            {count}
          </span>
        </>
      )}
    </button>
  );
}
