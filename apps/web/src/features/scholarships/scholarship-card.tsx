import {
  SCHOLARSHIP_COVERAGE_LABELS,
  SCHOLARSHIP_LEVEL_LABELS,
} from '@arena/shared/scholarship.schema';
import type { Scholarship } from '@arena/shared/scholarship.schema';
import { Banknote, CalendarClock, GraduationCap, MapPin, ShieldCheck, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { ClosedBadge } from '../offers/offer-availability.tsx';
import { OfferPoster } from '../offers/offer-poster.tsx';
import { OfferSportBadge } from '../offers/offer-sport-badge.tsx';
import { PausedBadge } from '../offers/paused-badge.tsx';
import { closesText, placesLeftText } from './scholarship-format.ts';

/** One scholarship of the list: what, where, what it covers, how many, and when it closes. */
export function ScholarshipCard({ scholarship }: { scholarship: Scholarship }) {
  const headingId = useId();
  const href = `/scholarships/${encodeURIComponent(scholarship.id)}`;
  return (
    <Card className="h-full">
      <article aria-labelledby={headingId} className="flex h-full flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2
              id={headingId}
              className="text-lg leading-snug font-semibold break-words text-slate-900"
            >
              <Link to={href} className={cx('rounded-sm hover:underline', focusRing)}>
                {scholarship.title}
              </Link>
            </h2>
            <p className="mt-0.5 text-sm font-medium break-words text-slate-700">
              {scholarship.institution}
            </p>
          </div>
          <OfferSportBadge sport={scholarship.sport} />
        </div>
        <dl className="grid gap-2 text-sm text-slate-800">
          <Fact icon={MapPin} term="Country">
            {scholarship.country}
          </Fact>
          <Fact icon={GraduationCap} term="Level">
            {SCHOLARSHIP_LEVEL_LABELS[scholarship.level]}
          </Fact>
          <Fact icon={ShieldCheck} term="Coverage">
            {SCHOLARSHIP_COVERAGE_LABELS[scholarship.coverage]}
          </Fact>
          {scholarship.amount ? (
            <Fact icon={Banknote} term="Amount">
              {scholarship.amount}
            </Fact>
          ) : null}
          <Fact icon={Users} term="Number available">
            {placesLeftText(scholarship)}
          </Fact>
          <Fact icon={CalendarClock} term="Deadline">
            <time dateTime={scholarship.deadline}>{closesText(scholarship.deadline)}</time>
          </Fact>
        </dl>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <OfferPoster poster={scholarship.poster} />
          <div className="flex flex-wrap gap-2">
            {scholarship.paused ? <PausedBadge /> : null}
            {scholarship.closedReason ? <ClosedBadge reason={scholarship.closedReason} /> : null}
            {scholarship.appliedByMe ? <Badge variant="secondary">Applied</Badge> : null}
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
