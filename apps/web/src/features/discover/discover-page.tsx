import { LIMITS } from '@arena/shared/limits';
import { Search, Users } from 'lucide-react';
import { useState } from 'react';

import { useDiscoverQuery } from '../people/people-queries.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useDebouncedValue } from '../people/use-debounced-value.ts';
import { useInfiniteScroll } from '../posts/use-infinite-scroll.ts';
import { ProfileCard, ProfileCardSkeletons } from './profile-card.tsx';

/** /discover: everyone but you, newest first, searchable by name or username. */
export function DiscoverPage() {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const people = useDiscoverQuery(q);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = people;
  const sentinel = useInfiniteScroll(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, hasNextPage);
  const items = people.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto max-w-4xl">
      <DocumentTitle title="Discover" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Discover</h1>
      <p className="mt-1 text-slate-700">Find players, agents, coaches and clubs to follow.</p>
      <div role="search" className="relative mt-5">
        <label htmlFor="discover-search" className="sr-only">
          Search people by name or username
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-600"
          aria-hidden
        />
        <Input
          id="discover-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search by name or username"
          autoComplete="off"
          maxLength={100}
          className="pl-9"
        />
      </div>
      <div className="mt-5" aria-busy={people.isFetching}>
        {people.isPending ? (
          <ProfileCardSkeletons />
        ) : people.isError ? (
          <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
            <p role="alert" className="text-slate-800">
              {people.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void people.refetch()}>
              Try again
            </Button>
          </Card>
        ) : items.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <span className="grid size-14 place-items-center rounded-full bg-blue-50 text-blue-800">
              <Users className="size-7" aria-hidden />
            </span>
            <p role="status" className="font-medium text-slate-800">
              {q ? 'No users found' : 'No users to discover yet'}
            </p>
          </Card>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="People">
              {items.map((person) => (
                <li key={person.id} className="min-w-0">
                  <ProfileCard person={person} />
                </li>
              ))}
            </ul>
            <div ref={sentinel} className="mt-6 flex justify-center">
              {hasNextPage ? (
                <Button
                  variant="outline"
                  disabled={isFetchingNextPage}
                  onClick={() => void fetchNextPage()}
                >
                  {isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
