import { OFFER_FILTER_PRIMARY_SPORTS, SPORT_LABELS, parseSport } from '@arena/shared/constants';
import { Briefcase } from 'lucide-react';
import { useSearchParams } from 'react-router';

import { useOffersInfiniteQuery } from './offer-queries.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty } from '../../components/list-states.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SportFilter } from '../../components/sport-filter.tsx';
import { OfferCard } from './offer-card.tsx';

/** /offers, 'Find Athlete Offers': open to visitors; applying asks them to sign in. */
export function OffersPage() {
  const [params, setParams] = useSearchParams();
  const sport = parseSport(params.get('sport'));
  const query = useOffersInfiniteQuery(sport);

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
        <SportFilter
          allLabel="All"
          first={OFFER_FILTER_PRIMARY_SPORTS}
          value={sport}
          onChange={(next) =>
            setParams(next ? { sport: next } : {}, { replace: true, preventScrollReset: true })
          }
        />
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
