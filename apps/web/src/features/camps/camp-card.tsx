import type { Camp } from '@arena/shared/camp.schema';
import { CAMP_LEVEL_LABELS } from '@arena/shared/camp.schema';
import { Banknote, CalendarDays, Gauge, MapPin, UserCheck, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { OfferPoster } from '../offers/offer-poster.tsx';
import { OfferSportBadge } from '../offers/offer-sport-badge.tsx';
import { CampClosedBadge, RegistrationBadge } from './camp-badges.tsx';
import {
  campAges,
  campPlace,
  campPlacesLeft,
  formatCampDates,
  formatCampPrice,
} from './camp-format.ts';
import { CampImage } from './camp-image.tsx';

/** The grid's columns (camps-page.tsx): one, two from `md`, three from `xl`, in a 72 rem page. */
const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 362px, (min-width: 768px) calc(50vw - 42px), calc(100vw - 34px)';

/** One camp of the list: photo, what, when, where, for whom, price and places, who runs it. */
export function CampCard({ camp, priority }: { camp: Camp; priority: boolean }) {
  const headingId = useId();
  const href = `/sport-camps/${encodeURIComponent(camp.id)}`;
  return (
    <Card className="h-full overflow-hidden">
      <article aria-labelledby={headingId} className="flex h-full flex-col">
        {camp.image ? (
          <CampImage
            image={camp.image}
            title={camp.title}
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
          />
        ) : null}
        <div className="flex flex-1 flex-col gap-4 p-5">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2
                id={headingId}
                className="text-lg leading-snug font-semibold break-words text-slate-900"
              >
                <Link to={href} className={cx('rounded-sm hover:underline', focusRing)}>
                  {camp.title}
                </Link>
              </h2>
              <p className="mt-0.5 text-sm font-medium break-words text-slate-700">
                {camp.organizer}
              </p>
            </div>
            <OfferSportBadge sport={camp.sport} />
          </div>
          <dl className="grid gap-2 text-sm text-slate-800">
            <Fact icon={CalendarDays} term="Dates">
              <time dateTime={camp.startsOn}>{formatCampDates(camp.startsOn, camp.endsOn)}</time>
            </Fact>
            <Fact icon={MapPin} term="Place">
              {campPlace(camp)}
            </Fact>
            <Fact icon={Gauge} term="Level">
              {CAMP_LEVEL_LABELS[camp.level]}
            </Fact>
            <Fact icon={Users} term="Ages">
              {campAges(camp)}
            </Fact>
            <Fact icon={Banknote} term="Price">
              {formatCampPrice(camp)}
            </Fact>
            <Fact icon={UserCheck} term="Places">
              {campPlacesLeft(camp)}
            </Fact>
          </dl>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
            <OfferPoster poster={camp.poster} />
            <div className="flex flex-wrap gap-2">
              {camp.closedReason ? <CampClosedBadge reason={camp.closedReason} /> : null}
              {camp.myRegistration ? (
                <RegistrationBadge status={camp.myRegistration.status} />
              ) : null}
            </div>
          </div>
        </div>
      </article>
    </Card>
  );
}

function Fact({
  icon: Icon,
  term,
  children,
}: {
  icon: LucideIcon;
  term: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt className="shrink-0">
        <Icon className="mt-0.5 size-4 text-slate-600" aria-hidden />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
