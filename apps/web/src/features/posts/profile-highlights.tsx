import { LIMITS } from '@arena/shared/limits';
import type { Post } from '@arena/shared/post.schema';
import { Link } from 'react-router';

import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { useHighlightsQuery } from './highlight-queries.ts';

/**
 * A profile's Highlights: the videos its member pinned, in their order, as small players. For
 * anyone else the section is there only when it has something; its owner sees how to fill it.
 * While loading, or when it cannot load, the profile shows without it: it is not worth a spinner.
 */
export function ProfileHighlights({
  username,
  isOwn,
  count,
}: {
  username: string;
  isOwn: boolean;
  /** How many the profile says there are: with none, nothing is asked for. */
  count: number;
}) {
  const { data: loaded } = useHighlightsQuery(count > 0 ? username : null);
  const data = count > 0 ? loaded : { items: [] };
  if (!data || (data.items.length === 0 && !isOwn)) return null;
  return (
    <Card
      role="region"
      aria-labelledby="profile-highlights-heading"
      className="flex flex-col gap-3 p-5 sm:p-6"
    >
      <h2 id="profile-highlights-heading" className="text-lg font-semibold text-slate-900">
        Highlights
      </h2>
      {data.items.length === 0 ? (
        <p className="text-sm text-slate-700">
          Pin up to {LIMITS.highlightsMax} of your videos to show them here, at the top of your
          profile: choose Pin under one of your video posts.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {data.items.map((post, index) => (
            <li key={post.id} className="min-w-0">
              <HighlightVideo post={post} position={index + 1} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * One pinned video: square, whatever its proportions, so the grid stays even. Shown small on any
 * screen, so the 720p copy is enough wherever there is one.
 */
function HighlightVideo({ post, position }: { post: Post; position: number }) {
  const src = post.video?.smallUrl ?? post.mediaUrl;
  if (src === null) return null;
  return (
    <figure className="flex flex-col gap-1.5">
      <video
        src={src}
        poster={post.video?.posterUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={`Highlight ${position}`}
        className="block aspect-square w-full rounded-xl bg-black"
      />
      <figcaption className="min-w-0">
        <Link
          to={`/posts/${post.id}`}
          className={cx(
            'line-clamp-2 rounded text-sm break-words text-slate-800 hover:underline',
            focusRing,
          )}
        >
          {post.content}
        </Link>
      </figcaption>
    </figure>
  );
}
