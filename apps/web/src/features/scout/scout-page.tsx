import { canPostOffers } from '@arena/shared/auth.schema';
import { SEXES, SPORT_LABELS, SPORTS } from '@arena/shared/constants';
import { CV_LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { SCOUT_AGE, SCOUT_SORT_LABELS, SCOUT_SORTS } from '@arena/shared/scout.schema';
import { UserSearch } from 'lucide-react';
import { type SyntheticEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty, ListLoadFailed, ListLoading, LoadMore } from '../../components/list-states.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { ScoutCard } from './scout-card.tsx';
import {
  activeCount,
  type FilterKey,
  type Filters,
  filtersFrom,
  queryOf,
} from './scout-filters.ts';
import { SavedSearches } from './saved-searches.tsx';
import { useScoutSearchQuery } from './scout-queries.ts';

const m = MESSAGES.scout;

/**
 * /scout (issue 24): verified clubs, agents and coaches, and admins, find athletes by what
 * matters. The filters live in the URL (Search applies them), so a search can be shared or
 * bookmarked; results come a page at a time.
 */
export function ScoutPage() {
  const user = useCurrentUser();
  if (user && !canPostOffers(user)) {
    return (
      <div className="mx-auto max-w-3xl">
        <DocumentTitle title="Scout" />
        <Card className="grid gap-3 p-6">
          <p role="alert" className="text-slate-800">
            {m.verifiedOnly}
          </p>
          <p className="text-slate-700">
            <Link to="/discover" className="font-semibold text-blue-800 underline">
              Discover people
            </Link>{' '}
            instead.
          </p>
        </Card>
      </div>
    );
  }
  return <ScoutSearch />;
}

function ScoutSearch() {
  const [params, setParams] = useSearchParams();
  const applied = filtersFrom(params);
  const query = queryOf(applied);
  const results = useScoutSearchQuery(query);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const apply = (filters: Filters) => setParams(new URLSearchParams(queryOf(filters)));

  return (
    <div className="mx-auto max-w-5xl">
      <DocumentTitle title="Scout" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Scout</h1>
      <p className="mt-1 text-slate-700">
        Find athletes by sport, position, age, size, nationality, where they live and availability.
      </p>
      <SavedSearches query={query} filtered={activeCount(applied) > 0} />
      {/* Keyed by the URL: Back, a shared link or Clear start the form from it. */}
      <ScoutFilters key={query} applied={applied} onApply={apply} />
      <section aria-label="Athletes" className="mt-5" aria-busy={results.isFetching}>
        {results.isPending ? (
          <ListLoading label="Loading athletes..." />
        ) : results.isError ? (
          <ListLoadFailed
            title={m.loadFailed}
            detail={results.error.message}
            retrying={results.isFetching}
            onRetry={() => void results.refetch()}
          />
        ) : items.length === 0 ? (
          <ListEmpty icon={UserSearch} title={m.noResults}>
            {activeCount(applied) > 0 ? 'Try fewer filters or wider ranges.' : null}
          </ListEmpty>
        ) : (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((athlete) => (
                <li key={athlete.id}>
                  <ScoutCard athlete={athlete} />
                </li>
              ))}
            </ul>
            <div className="mt-4">
              <LoadMore
                hasNextPage={results.hasNextPage}
                isFetchingNextPage={results.isFetchingNextPage}
                fetchNextPage={results.fetchNextPage}
                loadingLabel="Loading more athletes..."
              />
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** A pair of number inputs for a range (age, height, weight). */
function Range({
  label,
  unit,
  min,
  max,
  keys,
  values,
  set,
}: {
  label: string;
  unit: string;
  min: number;
  max: number;
  keys: [FilterKey, FilterKey];
  values: Filters;
  set: (key: FilterKey, value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      <div className="flex items-center gap-2">
        {(
          [
            ['from', keys[0]],
            ['to', keys[1]],
          ] as const
        ).map(([end, key]) => {
          return (
            <span key={end} className="flex min-w-0 flex-1 items-center gap-1">
              <label htmlFor={`${id}-${end}`} className="sr-only">
                {`${label} ${end}`}
              </label>
              <Input
                id={`${id}-${end}`}
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                placeholder={end}
                value={values[key] ?? ''}
                onChange={(event) => set(key, event.target.value)}
              />
            </span>
          );
        })}
        <span className="text-sm text-slate-700">{unit}</span>
      </div>
    </fieldset>
  );
}

function ScoutFilters({ applied, onApply }: { applied: Filters; onApply: (f: Filters) => void }) {
  const id = useId();
  const [values, setValues] = useState<Filters>(applied);
  const set = (key: FilterKey, value: string) => setValues((now) => ({ ...now, [key]: value }));
  const flag = (key: 'available' | 'open') => values[key] === 'true';
  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(values);
  }
  return (
    <Card className="mt-5 p-4">
      <form role="search" aria-label="Scout filters" noValidate onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <div className="grid gap-1 sm:col-span-2 lg:col-span-3">
            <Label htmlFor={`${id}-q`}>Name, about or team</Label>
            <Input
              id={`${id}-q`}
              type="search"
              maxLength={100}
              value={values.q ?? ''}
              onChange={(event) => set('q', event.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-sport`}>Sport</Label>
            <NativeSelect
              id={`${id}-sport`}
              value={values.sport ?? ''}
              onChange={(event) => set('sport', event.target.value)}
            >
              <option value="">Any sport</option>
              {SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {SPORT_LABELS[sport]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-position`}>Position</Label>
            <Input
              id={`${id}-position`}
              maxLength={60}
              placeholder="e.g. Left winger"
              value={values.position ?? ''}
              onChange={(event) => set('position', event.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-nationality`}>Nationality</Label>
            <Input
              id={`${id}-nationality`}
              maxLength={60}
              placeholder="e.g. Portuguese"
              value={values.nationality ?? ''}
              onChange={(event) => set('nationality', event.target.value)}
            />
          </div>
          {(
            [
              ['country', 'Country', 'e.g. Portugal'],
              ['city', 'City', 'e.g. Porto'],
            ] as const
          ).map(([key, label, example]) => (
            <div key={key} className="grid gap-1">
              <Label htmlFor={`${id}-${key}`}>{label}</Label>
              <Input
                id={`${id}-${key}`}
                maxLength={CV_LIMITS[key]}
                placeholder={example}
                value={values[key] ?? ''}
                onChange={(event) => set(key, event.target.value)}
              />
            </div>
          ))}
          <Range
            label="Age"
            unit="years"
            min={SCOUT_AGE.min}
            max={SCOUT_AGE.max}
            keys={['ageMin', 'ageMax']}
            values={values}
            set={set}
          />
          <Range
            label="Height"
            unit="cm"
            min={50}
            max={272}
            keys={['heightMin', 'heightMax']}
            values={values}
            set={set}
          />
          <Range
            label="Weight"
            unit="kg"
            min={20}
            max={300}
            keys={['weightMin', 'weightMax']}
            values={values}
            set={set}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-sex`}>Sex</Label>
            <NativeSelect
              id={`${id}-sex`}
              value={values.sex ?? ''}
              onChange={(event) => set('sex', event.target.value)}
            >
              <option value="">Any</option>
              {SEXES.map((sex) => (
                <option key={sex} value={sex}>
                  {sex}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-sort`}>Sort by</Label>
            <NativeSelect
              id={`${id}-sort`}
              value={values.sort ?? 'relevance'}
              onChange={(event) => set('sort', event.target.value)}
            >
              {SCOUT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SCOUT_SORT_LABELS[sort]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col justify-end gap-2">
            {(
              [
                ['available', 'Available now'],
                ['open', 'Open to offers'],
              ] as const
            ).map(([key, label]) => (
              <div key={key} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-${key}`}
                  checked={flag(key)}
                  onCheckedChange={(checked) => set(key, checked === true ? 'true' : '')}
                />
                <Label htmlFor={`${id}-${key}`} className="font-normal">
                  {label}
                </Label>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit">Search</Button>
          <Button type="button" variant="outline" onClick={() => onApply({})}>
            Clear filters
          </Button>
        </div>
      </form>
    </Card>
  );
}
