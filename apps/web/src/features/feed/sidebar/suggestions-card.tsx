import { Link } from 'react-router';

import { useSuggestionsQuery } from '../../people/people-queries.ts';
import { Card } from '../../../components/ui/card.tsx';
import { cx, focusRing } from '../../../components/ui/class-names.ts';
import { FollowButton } from '../../people/follow-button.tsx';
import { PersonIdentity } from '../../people/person-identity.tsx';
import { SidebarSkeleton } from './sidebar-skeleton.tsx';

/** Up to 5 people the member does not follow yet, each with a Follow button. */
export function SuggestionsCard({ ready = true }: { ready?: boolean }) {
  const suggestions = useSuggestionsQuery({ enabled: ready });
  return (
    <Card className="p-5" role="region" aria-labelledby="suggestions-heading">
      <h2 id="suggestions-heading" className="font-semibold text-slate-900">
        Suggested connections
      </h2>
      {suggestions.isPending ? (
        <SidebarSkeleton label="Loading suggestions..." avatars />
      ) : suggestions.isError ? (
        <p className="mt-2 text-sm text-slate-700">Suggestions are unavailable right now.</p>
      ) : suggestions.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No suggestions right now. Check back later.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {suggestions.data.map((person) => (
            <li key={person.id} className="flex items-center justify-between gap-2">
              <PersonIdentity person={person} className="flex-1" />
              <FollowButton
                username={person.username}
                fullName={person.fullName}
                isFollowing={person.isFollowing}
              />
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/discover"
        className={cx(
          'mt-4 inline-block rounded text-sm font-semibold text-blue-800 hover:underline',
          focusRing,
        )}
      >
        Discover more people
      </Link>
    </Card>
  );
}
