import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { useFollowListQuery } from '../people/follow-queries.ts';
import type { FollowSide } from '../people/follow-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { FollowButton } from '../people/follow-button.tsx';
import { PersonIdentity } from '../people/person-identity.tsx';

const TITLES: Record<FollowSide, string> = { followers: 'Followers', following: 'Following' };

/** Who follows a profile, or whom it follows, in a dialog with Follow buttons and Load more. */
export function FollowListDialog({
  username,
  side,
  open,
  onOpenChange,
}: {
  username: string;
  side: FollowSide;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={TITLES[side]}
        description={
          side === 'followers' ? `People who follow @${username}` : `People @${username} follows`
        }
      >
        <PeopleList username={username} side={side} onNavigate={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PeopleList({
  username,
  side,
  onNavigate,
}: {
  username: string;
  side: FollowSide;
  onNavigate: () => void;
}) {
  const me = useCurrentUser();
  const list = useFollowListQuery(username, side);
  if (list.isPending) return <Spinner label={`Loading ${TITLES[side].toLowerCase()}...`} />;
  if (list.isError) return <p className="text-sm text-slate-700">{list.error.message}</p>;
  const people = list.data.pages.flatMap((page) => page.items);
  if (people.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        {side === 'followers' ? 'No followers yet.' : 'Not following anyone yet.'}
      </p>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3">
        {people.map((person) => (
          <li key={person.id} className="flex items-center justify-between gap-2">
            <PersonIdentity person={person} onNavigate={onNavigate} className="flex-1" />
            {me?.profile.id === person.id ? null : (
              <FollowButton
                username={person.username}
                fullName={person.fullName}
                isFollowing={person.isFollowing}
              />
            )}
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-4 w-full"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </>
  );
}
