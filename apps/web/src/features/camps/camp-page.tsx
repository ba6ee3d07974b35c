import { CAMP_LEVEL_LABELS } from '@arena/shared/camp.schema';
import type { Camp } from '@arena/shared/camp.schema';
import { plural } from '@arena/shared/plural';
import { format } from 'date-fns';
import { Tent } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { ItemPage } from '../../components/item-page.tsx';
import { Card } from '../../components/ui/card.tsx';
import { OfferPoster } from '../offers/offer-poster.tsx';
import { OfferSportBadge } from '../offers/offer-sport-badge.tsx';
import { CampClosedBadge } from './camp-badges.tsx';
import {
  campAges,
  campPlace,
  campPlacesLeft,
  formatCampDates,
  formatCampPrice,
} from './camp-format.ts';
import { CampImage } from './camp-image.tsx';
import { CampOrganiserActions } from './camp-organiser-actions.tsx';
import { useCampQuery } from './camp-queries.ts';
import { CampRegistrationActions } from './camp-registration-actions.tsx';
import { CampRegistrations } from './camp-registrations.tsx';

/** The page is at most 48 rem wide; the card has 1 px of border. */
const PAGE_IMAGE_SIZES = '(min-width: 800px) 766px, calc(100vw - 34px)';

/** /sport-camps/{id}: everything about a camp, the viewer's registration, the organiser's tools. */
export function CampPage() {
  const { campId = '' } = useParams();
  const query = useCampQuery(campId);

  return (
    <ItemPage
      query={query}
      noun="camp"
      back="/sport-camps"
      backLabel="All camps"
      icon={Tent}
      notFoundDetail="It may have been deleted, or its organiser is no longer verified."
    >
      {(camp) => (
        <>
          <CampDetails camp={camp} />
          {camp.canManage ? <CampRegistrations camp={camp} /> : null}
        </>
      )}
    </ItemPage>
  );
}

function CampDetails({ camp }: { camp: Camp }) {
  return (
    <Card className="overflow-hidden">
      <DocumentTitle title={camp.title} />
      {camp.image ? (
        <CampImage image={camp.image} title={camp.title} sizes={PAGE_IMAGE_SIZES} priority />
      ) : null}
      <article aria-labelledby="camp-title" className="flex flex-col gap-5 p-5 sm:p-6">
        <header className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <OfferSportBadge sport={camp.sport} />
            {camp.closedReason ? <CampClosedBadge reason={camp.closedReason} /> : null}
          </div>
          <div>
            <h1
              id="camp-title"
              className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl"
            >
              {camp.title}
            </h1>
            <p className="mt-1 font-medium break-words text-slate-700">{camp.organizer}</p>
          </div>
          <OfferPoster poster={camp.poster} />
        </header>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Fact term="Dates">
            <time dateTime={camp.startsOn}>{formatCampDates(camp.startsOn, camp.endsOn)}</time>
          </Fact>
          <Fact term="Place">
            {camp.online ? 'Online' : [camp.venue, campPlace(camp)].filter(Boolean).join(', ')}
          </Fact>
          <Fact term="Level">{CAMP_LEVEL_LABELS[camp.level]}</Fact>
          <Fact term="Ages">{campAges(camp)}</Fact>
          <Fact term="Price">{formatCampPrice(camp)}</Fact>
          <Fact term="Capacity">{plural(camp.capacity, 'place')}</Fact>
          <Fact term="Places left">{campPlacesLeft(camp)}</Fact>
          {camp.waitlistCount > 0 ? (
            <Fact term="Waiting list">{plural(camp.waitlistCount, 'person', 'people')}</Fact>
          ) : null}
          <Fact term="Registration deadline">
            {camp.registrationDeadline ? (
              <time dateTime={camp.registrationDeadline}>
                {format(new Date(camp.registrationDeadline), 'PPp')}
              </time>
            ) : (
              'Until the camp starts'
            )}
          </Fact>
          <Fact term="Contact">{camp.contact}</Fact>
        </dl>
        <Section title="Description">{camp.description}</Section>
        {camp.whatToBring ? <Section title="What to bring">{camp.whatToBring}</Section> : null}
        <CampRegistrationActions camp={camp} />
        {camp.canManage ? <CampOrganiserActions camp={camp} /> : null}
      </article>
    </Card>
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
