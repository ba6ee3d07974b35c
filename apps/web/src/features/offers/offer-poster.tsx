import type { ProfileSummary } from '@arena/shared/profile.schema';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';

import { Avatar } from '../../components/ui/avatar.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';

/** Who posted the offer: avatar, name with the verified tick, linked to their profile. */
export function OfferPoster({ poster }: { poster: ProfileSummary }) {
  return (
    <Link
      to={`/profile/${encodeURIComponent(poster.username)}`}
      className={cx('group flex min-w-0 items-center gap-2 rounded-lg', focusRing)}
    >
      <Avatar name={poster.fullName} src={poster.avatarUrl} size="sm" />
      <span className="min-w-0 text-sm">
        <span className="flex items-center gap-1 font-semibold text-slate-900 group-hover:underline">
          <span className="truncate" title={poster.fullName}>
            {poster.fullName}
          </span>
          {poster.verified ? (
            <>
              <BadgeCheck className="size-4 shrink-0 text-blue-700" aria-hidden />
              <span className="sr-only">(verified)</span>
            </>
          ) : null}
        </span>
        <span className="block truncate text-slate-700">@{poster.username}</span>
      </span>
    </Link>
  );
}
