import { USER_TYPE_LABELS } from '@arena/shared/constants';
import type { ProfileCard as ProfileCardData } from '@arena/shared/profile.schema';

import { Card } from '../../components/ui/card.tsx';
import { FollowButton } from '../people/follow-button.tsx';
import { PersonIdentity } from '../people/person-identity.tsx';

/** One person on Discover: who they are, a line of their bio, and Follow. */
export function ProfileCard({ person }: { person: ProfileCardData }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <PersonIdentity person={person} size="lg" className="flex-1" />
        <FollowButton
          username={person.username}
          fullName={person.fullName}
          isFollowing={person.isFollowing}
        />
      </div>
      <p className="text-xs font-semibold tracking-wide text-blue-800 uppercase">
        {USER_TYPE_LABELS[person.userType]}
      </p>
      {person.bio ? (
        <p className="line-clamp-3 text-sm break-words text-slate-700">{person.bio}</p>
      ) : null}
    </Card>
  );
}

/** Grey cards where the first page of people will be, while it loads. */
export function ProfileCardSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div role="status" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <span className="sr-only">Loading people...</span>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} aria-hidden className="flex animate-pulse items-center gap-3 p-5">
          <div className="size-16 rounded-full bg-slate-200" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-3 w-2/3 rounded bg-slate-200" />
            <div className="h-3 w-1/3 rounded bg-slate-200" />
          </div>
        </Card>
      ))}
    </div>
  );
}
