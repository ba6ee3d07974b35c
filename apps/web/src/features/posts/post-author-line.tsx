import { USER_TYPE_LABELS } from '@arena/shared/constants';
import type { Post } from '@arena/shared/post.schema';
import { Link } from 'react-router';

import { Avatar } from '../../components/ui/avatar.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { exactMoment, RelativeTime } from './relative-time.tsx';
import { VerifiedTick } from './verified-tick.tsx';

/**
 * Avatar, name, tick, @username, what they are, when they posted (the link to the post's page)
 * and when they last edited it.
 */
export function PostAuthorLine({ post, headingId }: { post: Post; headingId: string }) {
  const { author } = post;
  const profilePath = `/profile/${author.username}`;
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <Link to={profilePath} className={cx('rounded-full', focusRing)} tabIndex={-1} aria-hidden>
        <Avatar name={author.fullName} src={author.avatarUrl} />
      </Link>
      <div className="min-w-0">
        {/* A long name ends in an ellipsis; the whole of it is the link's text and its title. */}
        <h3
          id={headingId}
          className="flex min-w-0 items-center text-base leading-tight font-semibold"
        >
          <Link
            to={profilePath}
            title={author.fullName}
            className={cx('truncate text-slate-900 hover:underline', focusRing)}
          >
            {author.fullName}
          </Link>
          {author.verified ? <VerifiedTick className="ml-1" /> : null}
        </h3>
        <p className="flex flex-wrap gap-x-1 text-sm text-slate-700">
          <span className="max-w-full truncate">@{author.username}</span>
          <span aria-hidden>·</span>
          <span>{USER_TYPE_LABELS[author.userType]}</span>
          <span aria-hidden>·</span>
          {/* The time stamp is the post's link, as on other social networks. */}
          <Link
            to={`/posts/${post.id}`}
            className={cx('hover:underline', focusRing)}
            aria-label={`Open post, ${exactMoment(new Date(post.createdAt))}`}
          >
            <RelativeTime iso={post.createdAt} />
          </Link>
          {post.editedAt ? (
            <>
              <span aria-hidden>·</span>
              <span>
                Edited <RelativeTime iso={post.editedAt} />
              </span>
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
