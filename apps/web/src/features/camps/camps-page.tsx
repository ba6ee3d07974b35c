import { canPostOffers } from '@arena/shared/auth.schema';
import type { CampTab } from '@arena/shared/camp.schema';
import { Plus, Tent } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty, ListLoadFailed, LoadMore } from '../../components/list-states.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { useCvQuery } from '../cv/cv-queries.ts';
import { CampCard } from './camp-card.tsx';
import { ActiveCampFilters, CampFilterForm } from './camp-filter-form.tsx';
import { campFiltersFrom, campSearchOf, campsApiQuery, effectiveAge } from './camp-filters.ts';
import type { CampFilters } from './camp-filters.ts';
import { useCampsInfiniteQuery } from './camp-queries.ts';

const TAB_LABELS: Record<CampTab, string> = {
  upcoming: 'Upcoming',
  past: 'Past',
  mine: 'My camps',
};

const EMPTY: Record<CampTab, { title: string; line: string }> = {
  upcoming: {
    title: 'No upcoming camps',
    line: 'Try fewer filters, or come back soon: verified clubs, agents and coaches post new camps here.',
  },
  past: { title: 'No past camps', line: 'Camps appear here once their last day is over.' },
  mine: {
    title: 'You have not registered for a camp yet',
    line: 'Open an upcoming camp to register your interest or book a place.',
  },
};

/**
 * The age a player's camps are matched to by default: their own, from the birthdate on their
 * CV, until they remove it. `ready` is false while it is being read.
 */
function useDefaultAge(filters: CampFilters): { age: number | null; ready: boolean } {
  const user = useCurrentUser();
  const wanted =
    filters.tab !== 'mine' &&
    filters.age === undefined &&
    user?.profile.userType === 'player' &&
    user.profile.birthdateMissing !== true;
  const cv = useCvQuery(user?.profile.username, { enabled: wanted });
  if (!wanted) return { age: null, ready: true };
  return { age: cv.data?.athlete.age ?? null, ready: !cv.isPending };
}

/** /sport-camps: upcoming camps first, filtered in the URL, with past ones and my own apart. */
export function CampsPage() {
  const [params, setParams] = useSearchParams();
  const filters = campFiltersFrom(params);
  const user = useCurrentUser();
  const defaultAge = useDefaultAge(filters);
  const apiQuery = campsApiQuery(filters, defaultAge.age);
  const age = effectiveAge(filters, defaultAge.age);
  const apply = (next: CampFilters) =>
    setParams(new URLSearchParams(campSearchOf(next)), { preventScrollReset: true });
  const tabs = user ? (['upcoming', 'past', 'mine'] as const) : (['upcoming', 'past'] as const);

  return (
    <>
      <DocumentTitle title="Sport Camps" />
      <div className="mx-auto flex max-w-6xl flex-col gap-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Sport Camps
            </h1>
            <p className="mt-1 text-slate-700">
              Training camps from verified clubs, agents and coaches, for every age and level.
            </p>
          </div>
          {user && canPostOffers(user) ? (
            <Button asChild>
              <Link to="/sport-camps/new">
                <Plus className="size-4" aria-hidden />
                Post a camp
              </Link>
            </Button>
          ) : null}
        </div>
        <Tabs
          value={filters.tab}
          onValueChange={(value) => {
            const tab = tabs.find((candidate) => candidate === value);
            if (tab) apply({ ...filters, tab });
          }}
        >
          <TabsList aria-label="Camps" className="w-full sm:w-fit">
            {tabs.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {TAB_LABELS[tab]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={filters.tab} className="mt-5 flex flex-col gap-4">
            {filters.tab === 'mine' ? null : (
              <>
                {/* Keyed by the URL: Back, a shared link or a removed chip start it afresh. */}
                <CampFilterForm
                  key={`${apiQuery}|${filters.age ?? ''}`}
                  filters={filters}
                  age={age}
                  onApply={apply}
                />
                <ActiveCampFilters filters={filters} age={age} onApply={apply} />
              </>
            )}
            <CampList tab={filters.tab} query={apiQuery} ready={defaultAge.ready} />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}

function CampList({ tab, query, ready }: { tab: CampTab; query: string; ready: boolean }) {
  const results = useCampsInfiniteQuery(query, { enabled: ready });
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  if (results.isPending) return <CampCardSkeletons />;
  if (results.isError && items.length === 0) {
    return (
      <ListLoadFailed
        title="Couldn't load camps"
        detail={results.error.message}
        retrying={results.isRefetching}
        onRetry={() => void results.refetch()}
      />
    );
  }
  if (items.length === 0) {
    return (
      <ListEmpty icon={Tent} title={EMPTY[tab].title}>
        {EMPTY[tab].line}
      </ListEmpty>
    );
  }
  return (
    <>
      <ul
        aria-label={`${TAB_LABELS[tab]} camps`}
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
      >
        {items.map((camp, index) => (
          <li key={camp.id} className="min-w-0">
            <CampCard camp={camp} priority={index === 0} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={results.hasNextPage}
        isFetchingNextPage={results.isFetchingNextPage}
        fetchNextPage={results.fetchNextPage}
        loadingLabel="Loading more camps..."
      />
    </>
  );
}

/** The grid's shape while its first page loads. */
function CampCardSkeletons() {
  return (
    <div role="status" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">Loading camps...</span>
      {[0, 1, 2].map((index) => (
        <Card key={index} aria-hidden className="flex animate-pulse flex-col gap-3 p-5">
          <div className="h-5 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-200" />
          <div className="h-3 w-1/2 rounded bg-slate-200" />
          <div className="h-3 w-2/5 rounded bg-slate-200" />
          <div className="h-3 w-1/4 rounded bg-slate-200" />
        </Card>
      ))}
    </div>
  );
}
