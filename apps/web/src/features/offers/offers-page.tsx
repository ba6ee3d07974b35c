import { OFFER_FILTER_PRIMARY_SPORTS, SPORT_LABELS, parseSport } from '@arena/shared/constants';
import type { Sport } from '@arena/shared/constants';
import { Briefcase } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';

import { useOffersInfiniteQuery } from './offer-queries.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty } from '../../components/list-states.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SportFilter } from '../../components/sport-filter.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { OfferCard } from './offer-card.tsx';

/** /offers, 'Find Athlete Offers': open to visitors; applying asks them to sign in. */
export function OffersPage() {
  const [params, setParams] = useSearchParams();
  const sport = parseSport(params.get('sport'));
  const showClosed = params.get('closed') === 'true';
  const query = useOffersInfiniteQuery(sport, showClosed);
  const showClosedId = useId();

  /** Keeps the sport and "Show closed" in the address, so a reload or a shared link keeps both. */
  function setFilters(next: { sport: Sport | null; closed: boolean }) {
    const search: Record<string, string> = {};
    if (next.sport) search.sport = next.sport;
    if (next.closed) search.closed = 'true';
    setParams(search, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <DocumentTitle title="Find Athlete Offers" />
      <div className="mx-auto flex max-w-6xl flex-col gap-5">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Find Athlete Offers
          </h1>
          <p className="mt-1 text-slate-700">
            Contracts and tryouts from verified clubs, agents and coaches.
          </p>
        </div>
        <div className="flex flex-col gap-3">
          <SportFilter
            allLabel="All"
            first={OFFER_FILTER_PRIMARY_SPORTS}
            value={sport}
            onChange={(next) => setFilters({ sport: next, closed: showClosed })}
          />
          <div className="flex items-center gap-2">
            <Checkbox
              id={showClosedId}
              checked={showClosed}
              onCheckedChange={(checked) => setFilters({ sport, closed: checked === true })}
            />
            <label htmlFor={showClosedId} className="text-sm font-medium text-slate-800">
              Show closed
            </label>
          </div>
        </div>
        <PagedList
          query={query}
          label={sport ? `${SPORT_LABELS[sport]} offers` : 'Offers'}
          loadingLabel="Loading offers..."
          loadingMoreLabel="Loading more offers..."
          failedTitle="Couldn't load offers"
          failedDetail={query.error?.message}
          empty={
            <ListEmpty
              icon={Briefcase}
              title={sport ? `No ${SPORT_LABELS[sport]} offers yet` : 'No offers yet'}
            >
              New offers from verified clubs, agents and coaches will appear here.
            </ListEmpty>
          }
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          itemClassName="min-w-0"
          renderItem={(offer) => <OfferCard offer={offer} />}
        />
      </div>
    </>
  );
}
