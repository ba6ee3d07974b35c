import { plural } from '@arena/shared/plural';
import { Briefcase } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { ItemPage } from '../../components/item-page.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useMyProfileId } from '../../lib/session/session-queries.ts';
import { ReportButton } from '../moderation/report/report-button.tsx';
import { ApplyButton } from './apply/apply-button.tsx';
import { ApplyBy, ClosedBadge, ClosedNotice, placesText } from './offer-availability.tsx';
import { formatDay } from './offer-date.tsx';
import { OfferPoster } from './offer-poster.tsx';
import { useOfferQuery } from './offer-queries.ts';
import { OfferSportBadge } from './offer-sport-badge.tsx';
import { PausedBadge } from './paused-badge.tsx';

/** /offers/{id}: everything an athlete needs before applying, at a shareable address. */
export function OfferPage() {
  const { offerId = '' } = useParams();
  const query = useOfferQuery(offerId);
  const me = useMyProfileId();

  return (
    <ItemPage
      query={query}
      noun="offer"
      back="/offers"
      backLabel="All offers"
      icon={Briefcase}
      notFoundDetail="It may have been deleted, or its poster is no longer verified."
    >
      {(offer) => (
        <Card>
          <DocumentTitle title={offer.title} />
          <article aria-labelledby="offer-title" className="flex flex-col gap-5 p-5 sm:p-6">
            <header className="flex flex-col gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <OfferSportBadge sport={offer.sport} />
                {offer.paused ? <PausedBadge /> : null}
                {offer.closedReason ? <ClosedBadge reason={offer.closedReason} /> : null}
              </div>
              <div>
                <h1
                  id="offer-title"
                  className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl"
                >
                  {offer.title}
                </h1>
                <p className="mt-1 font-medium text-slate-700">{offer.organizationName}</p>
              </div>
              <OfferPoster poster={offer.poster} />
            </header>
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <Fact term="Position(s)">{offer.positions}</Fact>
              <Fact term="League Level">{offer.leagueLevel ?? 'N/A'}</Fact>
              <Fact term="Contract Type">{offer.contractType}</Fact>
              <Fact term="Salary / Compensation">{offer.salary}</Fact>
              <Fact term="Location">{offer.location}</Fact>
              <Fact term="Posted">
                <time dateTime={offer.createdAt}>{formatDay(offer.createdAt)}</time>
              </Fact>
              <Fact term="Applications">{plural(offer.applicationCount, 'Application')}</Fact>
              {offer.deadline ? (
                <Fact term="Deadline">
                  <ApplyBy deadline={offer.deadline} />
                </Fact>
              ) : null}
              {offer.places !== null ? <Fact term="Places">{placesText(offer)}</Fact> : null}
            </dl>
            <Section title="Description">{offer.description}</Section>
            {offer.requirements ? (
              <Section title="Requirements">{offer.requirements}</Section>
            ) : null}
            <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4">
              {offer.paused ? (
                <p className="mr-auto text-sm text-slate-700">
                  Paused: hidden from Find Athlete Offers and closed to applications until your
                  account is verified again.
                </p>
              ) : offer.closedReason ? (
                <div className="mr-auto">
                  <ClosedNotice reason={offer.closedReason} />
                </div>
              ) : null}
              {me && me !== offer.poster.id ? (
                <ReportButton
                  subject={{ type: 'offer', id: offer.id, username: offer.poster.username }}
                  label="Report offer"
                  showLabel
                />
              ) : null}
              <ApplyButton offer={offer} />
            </div>
          </article>
        </Card>
      )}
    </ItemPage>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1.5">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="text-sm break-words whitespace-pre-line text-slate-800">{children}</p>
    </section>
  );
}
