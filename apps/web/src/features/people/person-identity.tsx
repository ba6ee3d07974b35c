import type { ProfileSummary } from '@arena/shared/profile.schema';
import { Link } from 'react-router';

import { Avatar } from '../../components/ui/avatar.tsx';
import type { AvatarProps } from '../../components/ui/avatar.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { VerifiedTick } from '../posts/verified-tick.tsx';

export const profileHref = (username: string) => `/profile/${encodeURIComponent(username)}`;

type Person = Pick<ProfileSummary, 'username' | 'fullName' | 'avatarUrl' | 'verified'>;

/** Avatar, full name, verified tick and @username, linked to the profile. */
export function PersonIdentity({
  person,
  size = 'md',
  onNavigate,
  className,
}: {
  person: Person;
  size?: AvatarProps['size'];
  onNavigate?: () => void;
  className?: string;
}) {
  return (
    <Link
      to={profileHref(person.username)}
      onClick={onNavigate}
      className={cx('group flex min-w-0 items-center gap-3 rounded-lg', focusRing, className)}
    >
      <Avatar name={person.fullName} src={person.avatarUrl} size={size} />
      <PersonName person={person} />
    </Link>
  );
}

/** The name lines alone: full name with its tick, then @username. */
export function PersonName({ person }: { person: Person }) {
  return (
    <span className="min-w-0">
      <span className="flex items-center gap-1 font-semibold text-slate-900 group-hover:underline">
        <span className="truncate" title={person.fullName}>
          {person.fullName}
        </span>
        {person.verified ? <VerifiedTick /> : null}
      </span>
      <span className="block truncate text-sm text-slate-700">@{person.username}</span>
    </span>
  );
}
