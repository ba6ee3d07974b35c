import { plural } from '@arena/shared/plural';
import {
  SCHOLARSHIP_COVERAGE_LABELS,
  SCHOLARSHIP_LEVEL_LABELS,
  SCHOLARSHIP_MESSAGES,
} from '@arena/shared/scholarship.schema';
import type { Scholarship } from '@arena/shared/scholarship.schema';
import { GraduationCap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { ItemPage } from '../../components/item-page.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useMyProfileId } from '../../lib/session/session-queries.ts';
import { ReportButton } from '../moderation/report/report-button.tsx';
import { ApplyButton } from '../offers/apply/apply-button.tsx';
import { ApplyBy, ClosedBadge } from '../offers/offer-availability.tsx';
import { formatDay } from '../offers/offer-date.tsx';
import { OfferPoster } from '../offers/offer-poster.tsx';
import { OfferSportBadge } from '../offers/offer-sport-badge.tsx';
import { PausedBadge } from '../offers/paused-badge.tsx';
import { agesText, closesText, placesLeftText } from './scholarship-format.ts';
import { ScholarshipPosterActions } from './scholarship-poster-actions.tsx';
import { useScholarshipQuery } from './scholarship-queries.ts';

/** /scholarships/{id}: everything an athlete needs before applying, at a shareable address. */
export function ScholarshipPage() {
  const { scholarshipId = '' } = useParams();
  const query = useScholarshipQuery(scholarshipId);

  return (
    <ItemPage
      query={query}
      noun="scholarship"
      back="/scholarships"
      backLabel="All scholarships"
      icon={GraduationCap}
      notFoundDetail="It may have been deleted, or its poster is no longer verified."
    >
      {(scholarship) => <ScholarshipDetails scholarship={scholarship} />}
    </ItemPage>
  );
}

function ScholarshipDetails({ scholarship: s }: { scholarship: Scholarship }) {
  const me = useMyProfileId();
  return (
    <Card>
      <DocumentTitle title={s.title} />
      <article aria-labelledby="scholarship-title" className="flex flex-col gap-5 p-5 sm:p-6">
        <header className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <OfferSportBadge sport={s.sport} />
            {s.paused ? <PausedBadge /> : null}
            {s.closedReason ? <ClosedBadge reason={s.closedReason} /> : null}
          </div>
          <div>
            <h1
              id="scholarship-title"
              className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl"
            >
              {s.title}
            </h1>
            <p className="mt-1 font-medium text-slate-700">{s.institution}</p>
          </div>
          <OfferPoster poster={s.poster} />
        </header>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Fact term="Country">{s.country}</Fact>
          <Fact term="Level">{SCHOLARSHIP_LEVEL_LABELS[s.level]}</Fact>
          <Fact term="Coverage">{SCHOLARSHIP_COVERAGE_LABELS[s.coverage]}</Fact>
          <Fact term="Amount">{s.amount ?? 'Not stated'}</Fact>
          <Fact term="Number available">{placesLeftText(s)}</Fact>
          <Fact term="Ages">{agesText(s)}</Fact>
          <Fact term="Eligible positions">{s.positions ?? 'Any position'}</Fact>
          <Fact term="Deadline">
            <ApplyBy deadline={s.deadline} />
            {s.closedReason ? null : (
              <span className="block text-slate-700">{closesText(s.deadline)}</span>
            )}
          </Fact>
          <Fact term="Posted">
            <time dateTime={s.createdAt}>{formatDay(s.createdAt)}</time>
          </Fact>
          <Fact term="Applications">{plural(s.applicationCount, 'Application')}</Fact>
        </dl>
        <Section title="Description">{s.description}</Section>
        {s.academicRequirements ? (
          <Section title="Academic requirements">{s.academicRequirements}</Section>
        ) : null}
        {s.howToApply ? <Section title="How to apply">{s.howToApply}</Section> : null}
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4">
          {s.paused ? (
            <p className="mr-auto text-sm text-slate-700">
              Paused: hidden from Scholarships and closed to applications until the poster’s account
              is verified again.
            </p>
          ) : s.closedReason ? (
            <p className="mr-auto text-sm font-medium text-slate-800">
              {SCHOLARSHIP_MESSAGES.closedReasons[s.closedReason]}
            </p>
          ) : null}
          {me && me !== s.poster.id ? (
            // Moderators handle a scholarship as the offer it is (decision 0047).
            <ReportButton
              subject={{ type: 'offer', id: s.id, username: s.poster.username }}
              label="Report scholarship"
              showLabel
            />
          ) : null}
          <ApplyButton
            offer={{ ...s, organizationName: s.institution, location: s.country }}
            ownLabel="Your scholarship"
          />
        </div>
        {s.canManage ? <ScholarshipPosterActions scholarship={s} /> : null}
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
