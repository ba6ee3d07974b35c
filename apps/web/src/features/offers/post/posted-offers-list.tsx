import { plural } from '@arena/shared/plural';
import type { MyOffers } from '@arena/shared/offer.schema';
import { MESSAGES } from '@arena/shared/messages';
import { Trash2 } from 'lucide-react';

import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDay } from '../offer-date.tsx';
import { PausedBadge } from '../paused-badge.tsx';
import { OfferSportBadge } from '../offer-sport-badge.tsx';
import { DeleteOfferDialog } from './delete-offer-dialog.tsx';
import { EditOfferDialog } from './edit-offer-dialog.tsx';
import { OfferDetailsDialog } from './offer-details-dialog.tsx';
import { OfferOpeningButton } from './offer-opening-button.tsx';
import { offerState } from './post-offer-values.ts';

/** 'Your Posted Offers', scrolling within its own height when long. */
export function PostedOffersList({
  data,
  pending,
  error,
}: {
  data: MyOffers | undefined;
  pending: boolean;
  error: Error | null;
}) {
  const headingId = 'posted-offers-heading';
  return (
    <Card className="flex flex-col">
      <h2 id={headingId} className="px-5 pt-5 text-lg font-semibold text-slate-900">
        Your Posted Offers
      </h2>
      {pending ? (
        <div className="grid place-items-center py-10">
          <Spinner label="Loading your offers..." />
        </div>
      ) : !data ? (
        <p role="alert" className="px-5 py-8 text-center text-sm text-slate-700">
          {error?.message ?? MESSAGES.internal}
        </p>
      ) : data.offers.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-700">{MESSAGES.offer.noOffers}</p>
      ) : (
        <div
          role="region"
          aria-labelledby={headingId}
          // Scrollable by keyboard too.
          tabIndex={0}
          className="mt-3 max-h-96 overflow-y-auto px-3 pb-3 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <ul className="grid gap-2">
            {data.offers.map((offer) => (
              <li
                key={offer.id}
                className="flex items-start gap-2 rounded-xl border border-slate-200 p-3"
              >
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold break-words text-slate-900">{offer.title}</h3>
                  <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                    <OfferSportBadge sport={offer.sport} />
                    {offer.paused ? <PausedBadge /> : null}
                    <Badge variant={offer.closedReason === null ? 'success' : 'outline'}>
                      {offerState(offer)}
                    </Badge>
                    <Badge variant="secondary">
                      {plural(offer.applicationCount, 'Application')}
                    </Badge>
                  </div>
                  <p className="mt-1.5 text-xs text-slate-700">
                    Posted <time dateTime={offer.createdAt}>{formatDay(offer.createdAt)}</time>
                    {offer.deadline ? (
                      <>
                        {' · Deadline '}
                        <time dateTime={offer.deadline}>{formatDay(offer.deadline)}</time>
                      </>
                    ) : null}
                    {offer.places === null
                      ? null
                      : ` · ${offer.signedCount} of ${plural(offer.places, 'place')} signed`}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-1.5">
                    <EditOfferDialog offer={offer} />
                    <OfferOpeningButton offer={offer} />
                  </div>
                </div>
                <div className="flex shrink-0 gap-1">
                  <OfferDetailsDialog offer={offer} />
                  <DeleteOfferDialog offerId={offer.id}>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
                      aria-label={`Delete ${offer.title}`}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </DeleteOfferDialog>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
