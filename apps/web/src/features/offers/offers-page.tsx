import { Briefcase } from 'lucide-react';
import { useSearchParams } from 'react-router';

import { useOffersInfiniteQuery } from '../../api/offers.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { OfferCard } from './offer-card.tsx';
import { OfferSportFilter } from './offer-sport-filter.tsx';
import { OFFER_SPORT_LABELS, parseOfferSport } from './offer-sports.ts';

/** /offers, 'Find Athlete Offers': open to visitors; applying asks them to sign in. */
export function OffersPage() {
  const [params, setParams] = useSearchParams();
  const sport = parseOfferSport(params.get('sport'));
  const query = useOffersInfiniteQuery(sport);
  const { data, status, hasNextPage, isFetchingNextPage, fetchNextPage, refetch, isRefetching } =
    query;
  const offers = data?.pages.flatMap((page) => page.items) ?? [];

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
        <OfferSportFilter
          value={sport}
          onChange={(next) =>
            setParams(next ? { sport: next } : {}, { replace: true, preventScrollReset: true })
          }
        />
        {status === 'pending' ? (
          <div className="grid place-items-center py-16">
            <Spinner label="Loading offers..." showLabel />
          </div>
        ) : status === 'error' && offers.length === 0 ? (
          <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <p className="font-semibold text-slate-900">Couldn't load offers</p>
            <p className="text-sm text-slate-700">{query.error.message}</p>
            <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
              {isRefetching ? 'Retrying...' : 'Retry'}
            </Button>
          </Card>
        ) : offers.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-blue-50 text-blue-800">
              <Briefcase className="size-6" aria-hidden />
            </span>
            <p className="font-semibold text-slate-900">
              {sport ? `No ${OFFER_SPORT_LABELS[sport]} offers yet` : 'No offers yet'}
            </p>
            <p className="text-sm text-slate-700">
              New offers from verified clubs, agents and coaches will appear here.
            </p>
          </Card>
        ) : (
          <>
            <ul
              aria-label={sport ? `${OFFER_SPORT_LABELS[sport]} offers` : 'Offers'}
              className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
            >
              {offers.map((offer) => (
                <li key={offer.id} className="min-w-0">
                  <OfferCard offer={offer} />
                </li>
              ))}
            </ul>
            <div className="flex min-h-10 justify-center">
              {isFetchingNextPage ? (
                <Spinner label="Loading more offers..." showLabel />
              ) : hasNextPage ? (
                <Button variant="outline" onClick={() => void fetchNextPage()}>
                  Load more
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </>
  );
}
