import { canPostOffers } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';

import { Card } from '../../../components/ui/card.tsx';
import { useCurrentUser } from '../../../lib/session/session-queries.ts';
import { useMyOffersQuery } from '../offer-queries.ts';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { OfferStats } from './offer-stats.tsx';
import { PostedOffersList } from './posted-offers-list.tsx';
import { PostOfferForm } from './post-offer-form.tsx';
import { PosterOnly } from './poster-only.tsx';

/** /post-offer: the poster's stats and offers beside the form for a new one. */
export function PostOfferPage() {
  return (
    <PosterOnly page="post-offer">
      <PostOffers />
    </PosterOnly>
  );
}

function PostOffers() {
  const mine = useMyOffersQuery();
  const me = useCurrentUser();
  return (
    <>
      <DocumentTitle title="Post Offers" />
      <div className="mx-auto flex max-w-6xl flex-col gap-5">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Post Offers
          </h1>
          <p className="mt-1 text-slate-700">
            Publish athlete offers and keep track of the ones you have posted.
          </p>
        </div>
        <div className="grid items-start gap-5 lg:grid-cols-[22rem_minmax(0,1fr)]">
          <div className="flex min-w-0 flex-col gap-4">
            <OfferStats data={mine.data} />
            <PostedOffersList data={mine.data} pending={mine.isPending} error={mine.error} />
          </div>
          {me && canPostOffers(me) ? (
            <PostOfferForm />
          ) : (
            <Card role="status" className="flex flex-col gap-3 p-6">
              <p className="font-semibold text-slate-900">{MESSAGES.offer.verificationRequired}</p>
              <p className="text-sm text-slate-700">
                Your offers are paused: hidden from Find Athlete Offers and closed to applications
                until your account is verified again.
              </p>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
