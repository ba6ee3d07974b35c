import { canPostOffers } from '@arena/shared/auth.schema';
import { SCHOLARSHIP_MESSAGES } from '@arena/shared/scholarship.schema';
import { GraduationCap, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty, ListLoadFailed, LoadMore } from '../../components/list-states.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { ScholarshipCard } from './scholarship-card.tsx';
import { ActiveScholarshipFilters, ScholarshipFilterForm } from './scholarship-filter-form.tsx';
import { scholarshipFiltersFrom, scholarshipSearchOf } from './scholarship-filters.ts';
import type { ScholarshipFilters } from './scholarship-filters.ts';
import { useScholarshipsInfiniteQuery } from './scholarship-queries.ts';

/** /scholarships: open scholarships, the soonest deadline first, filtered in the URL. */
export function ScholarshipsPage() {
  const [params, setParams] = useSearchParams();
  const filters = scholarshipFiltersFrom(params);
  const user = useCurrentUser();
  const apply = (next: ScholarshipFilters) =>
    setParams(new URLSearchParams(scholarshipSearchOf(next)), { preventScrollReset: true });
  // Organisations (a paused one too) and admins find their own, closed ones included.
  const poster = user !== null && (user.profile.userType !== 'player' || canPostOffers(user));
  const tab = poster && filters.mine ? 'mine' : 'open';
  const body = (
    <>
      {/* Keyed by the URL: Back, a shared link or a removed chip start it afresh. */}
      <ScholarshipFilterForm key={scholarshipSearchOf(filters)} filters={filters} onApply={apply} />
      <ActiveScholarshipFilters filters={filters} onApply={apply} />
      <ScholarshipList
        query={scholarshipSearchOf(tab === 'mine' ? filters : { ...filters, mine: undefined })}
        mine={tab === 'mine'}
      />
    </>
  );

  return (
    <>
      <DocumentTitle title="Scholarships" />
      <div className="mx-auto flex max-w-6xl flex-col gap-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Scholarships
            </h1>
            <p className="mt-1 text-slate-700">
              Places at high schools, colleges and academies, the soonest deadline first.
            </p>
          </div>
          {user && canPostOffers(user) ? (
            <Button asChild>
              <Link to="/scholarships/new">
                <Plus className="size-4" aria-hidden />
                Post a scholarship
              </Link>
            </Button>
          ) : null}
        </div>
        {poster ? (
          <Tabs
            value={tab}
            onValueChange={(value) => {
              const { mine: _, ...rest } = filters;
              apply(value === 'mine' ? { ...rest, mine: 'true' } : rest);
            }}
          >
            <TabsList aria-label="Scholarships" className="w-full sm:w-fit">
              <TabsTrigger value="open">Open</TabsTrigger>
              <TabsTrigger value="mine">Posted by me</TabsTrigger>
            </TabsList>
            <TabsContent value={tab} className="mt-5 flex flex-col gap-5">
              {body}
            </TabsContent>
          </Tabs>
        ) : (
          body
        )}
      </div>
    </>
  );
}

function ScholarshipList({ query, mine }: { query: string; mine: boolean }) {
  const results = useScholarshipsInfiniteQuery(query);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  if (results.isPending) return <ScholarshipCardSkeletons />;
  if (results.isError && items.length === 0) {
    return (
      <ListLoadFailed
        title="Couldn't load scholarships"
        detail={results.error.message}
        retrying={results.isRefetching}
        onRetry={() => void results.refetch()}
      />
    );
  }
  if (items.length === 0) {
    return (
      <ListEmpty
        icon={GraduationCap}
        title={mine ? 'You have not posted a scholarship yet' : SCHOLARSHIP_MESSAGES.noScholarships}
      >
        {mine
          ? 'Those you post appear here whatever their state: open, closed or past their deadline.'
          : 'Try fewer filters, or come back soon: verified clubs, agents and coaches post new scholarships here.'}
      </ListEmpty>
    );
  }
  return (
    <>
      <ul
        aria-label={mine ? 'Scholarships posted by me' : 'Scholarships'}
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
      >
        {items.map((scholarship) => (
          <li key={scholarship.id} className="min-w-0">
            <ScholarshipCard scholarship={scholarship} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={results.hasNextPage}
        isFetchingNextPage={results.isFetchingNextPage}
        fetchNextPage={results.fetchNextPage}
        loadingLabel="Loading more scholarships..."
      />
    </>
  );
}

/** The grid's shape while its first page loads. */
function ScholarshipCardSkeletons() {
  return (
    <div role="status" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">Loading scholarships...</span>
      {[0, 1, 2].map((index) => (
        <Card key={index} aria-hidden className="flex animate-pulse flex-col gap-3 p-5">
          <div className="h-5 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-200" />
          <div className="h-3 w-1/2 rounded bg-slate-200" />
          <div className="h-3 w-2/5 rounded bg-slate-200" />
        </Card>
      ))}
    </div>
  );
}
