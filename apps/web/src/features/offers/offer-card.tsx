import { plural } from '@arena/shared/plural';
import type { Offer } from '@arena/shared/offer.schema';
import {
  Banknote,
  CalendarClock,
  CalendarDays,
  FileText,
  MapPin,
  UserCheck,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { ApplyButton } from './apply/apply-button.tsx';
import { ApplyBy, ClosedBadge, placesText } from './offer-availability.tsx';
import { OfferDate } from './offer-date.tsx';
import { OfferPoster } from './offer-poster.tsx';
import { OfferSportBadge } from './offer-sport-badge.tsx';

/** One offer of the grid: what, who, where, terms, and Apply (or why it is closed). */
export function OfferCard({ offer }: { offer: Offer }) {
  const headingId = useId();
  const places = placesText(offer);
  return (
    <Card className="h-full">
      <article aria-labelledby={headingId} className="flex h-full flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg leading-snug font-semibold text-slate-900">
              <Link
                to={`/offers/${encodeURIComponent(offer.id)}`}
                className={cx('rounded-sm hover:underline', focusRing)}
              >
                {offer.title}
              </Link>
            </h2>
            <p className="mt-0.5 text-sm font-medium text-slate-700">{offer.organizationName}</p>
          </div>
          <OfferSportBadge sport={offer.sport} />
        </div>
        <OfferPoster poster={offer.poster} />
        <dl className="grid gap-2 text-sm text-slate-800">
          <Fact icon={MapPin} term="Location">
            {offer.location}
          </Fact>
          <Fact icon={FileText} term="Contract type">
            {offer.contractType}
          </Fact>
          <Fact icon={Banknote} term="Salary">
            {offer.salary}
          </Fact>
          <Fact icon={CalendarDays} term="Posted">
            <OfferDate iso={offer.createdAt} />
          </Fact>
          {offer.deadline ? (
            <Fact icon={CalendarClock} term="Deadline">
              <ApplyBy deadline={offer.deadline} />
            </Fact>
          ) : null}
          {places ? (
            <Fact icon={UserCheck} term="Places">
              {places}
            </Fact>
          ) : null}
        </dl>
        <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-700">
          {offer.description}
        </p>
        <Link
          to={`/offers/${encodeURIComponent(offer.id)}`}
          aria-label={`View details of ${offer.title}`}
          className={cx(
            'w-fit rounded-sm text-sm font-medium text-blue-800 hover:underline',
            focusRing,
          )}
        >
          View details
        </Link>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <Badge variant="outline" className="gap-1">
            <Users className="size-3.5" aria-hidden />
            {plural(offer.applicationCount, 'Application')}
          </Badge>
          <div className="flex flex-wrap items-center gap-2">
            {offer.closedReason ? <ClosedBadge reason={offer.closedReason} /> : null}
            <ApplyButton offer={offer} />
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
