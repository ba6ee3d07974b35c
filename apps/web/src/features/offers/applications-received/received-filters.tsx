import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  RECEIVED_SORT_LABELS,
  RECEIVED_SORTS,
} from '@arena/shared/application.schema';
import type { ApplicationStage, ReceivedSort } from '@arena/shared/application.schema';
import type { ReactNode } from 'react';

import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useMyOffersQuery } from '../offer-queries.ts';

export interface ReceivedFilters {
  offer: string | null;
  stage: ApplicationStage | null;
  sort: ReceivedSort;
}

/** Which offer, which stage, what order: the page keeps them in its address. */
export function ReceivedFiltersBar({
  filters,
  onChange,
}: {
  filters: ReceivedFilters;
  onChange: (filters: ReceivedFilters) => void;
}) {
  const mine = useMyOffersQuery();
  const offers = mine.data?.offers ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Filter id="received-offer" label="Filter by offer">
        <NativeSelect
          id="received-offer"
          value={filters.offer ?? ''}
          onChange={(event) => onChange({ ...filters, offer: event.target.value || null })}
        >
          <option value="">All offers</option>
          {offers.map((offer) => (
            <option key={offer.id} value={offer.id}>
              {offer.title} ({offer.applicationCount})
            </option>
          ))}
          {/* An offer from a link, before (or without) the list of offers. */}
          {filters.offer && !offers.some((offer) => offer.id === filters.offer) ? (
            <option value={filters.offer}>{mine.isPending ? 'Loading...' : 'This offer'}</option>
          ) : null}
        </NativeSelect>
      </Filter>
      <Filter id="received-stage" label="Filter by stage">
        <NativeSelect
          id="received-stage"
          value={filters.stage ?? ''}
          onChange={(event) =>
            onChange({
              ...filters,
              stage: APPLICATION_STAGES.find((stage) => stage === event.target.value) ?? null,
            })
          }
        >
          <option value="">All stages</option>
          {APPLICATION_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {APPLICATION_STAGE_LABELS[stage]}
            </option>
          ))}
        </NativeSelect>
      </Filter>
      <Filter id="received-sort" label="Sort">
        <NativeSelect
          id="received-sort"
          value={filters.sort}
          onChange={(event) =>
            onChange({
              ...filters,
              sort: RECEIVED_SORTS.find((sort) => sort === event.target.value) ?? 'newest',
            })
          }
        >
          {RECEIVED_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {RECEIVED_SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </Filter>
    </div>
  );
}

function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
