import type { PublicProfilePage } from '@arena/shared/public-profile.schema';
import { format, parseISO } from 'date-fns';
import { BriefcaseBusiness, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';

import { Card } from '../../components/ui/card.tsx';
import { cx } from '../../components/ui/class-names.ts';
import { displayValue, SPORTIVE_FIELDS } from '../cv/athlete-fields.ts';
import type { AthleteViewSpec } from '../cv/athlete-fields.ts';

type SportFacts = NonNullable<PublicProfilePage['sport']>;

/** The sport facts a public profile shows: the CV's, without arm span, and the age, not the date. */
const FACTS: readonly (AthleteViewSpec & { name: keyof SportFacts })[] = [
  ...SPORTIVE_FIELDS.filter(
    (field): field is (typeof SPORTIVE_FIELDS)[number] & { name: keyof SportFacts } =>
      field.name !== 'armSpan',
  ),
  { name: 'nationalities', label: 'Nationalities' },
  { name: 'age', label: 'Age', display: (value) => `${value} years old` },
];

/** Sport, positions and measurements, as label and value pairs. */
function SportFactsSection({ sport }: { sport: SportFacts }) {
  const shown = FACTS.flatMap((field) => {
    const value = displayValue(field, sport[field.name]);
    return value === null ? [] : [{ label: field.label, value }];
  });
  return (
    <PageSection id="sport" title="Sport">
      {shown.length === 0 ? (
        <NothingYet>Nothing here yet.</NothingYet>
      ) : (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {shown.map(({ label, value }) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </PageSection>
  );
}

/** Available or not, and being open to offers when the athlete shows that to everyone. */
function PublicAvailabilitySection({
  availability,
}: {
  availability: NonNullable<PublicProfilePage['availability']>;
}) {
  const { status, openToOffers } = availability;
  return (
    <PageSection id="availability" title="Availability">
      <span
        className={cx(
          'inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold',
          status === null
            ? 'bg-slate-100 text-slate-700'
            : status === 'Available'
              ? 'bg-green-50 text-green-800'
              : 'bg-red-50 text-red-800',
        )}
      >
        {status ?? 'Not specified'}
      </span>
      {openToOffers ? (
        <p className="mt-3 flex items-start gap-2 text-slate-800">
          <BriefcaseBusiness className="mt-0.5 size-5 shrink-0 text-blue-700" aria-hidden />
          <span>
            <span className="font-semibold">Open to offers:</span>{' '}
            {openToOffers.contractTypes.join(', ')}
            {openToOffers.contractEndsOn
              ? ` · current contract ends ${format(parseISO(openToOffers.contractEndsOn), 'd MMM yyyy')}`
              : ''}
          </span>
        </p>
      ) : null}
    </PageSection>
  );
}

/** A section of the page: a card with its heading, as the CV's sections look (without Edit). */
function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={`public-${id}-heading`}>
      <h2 id={`public-${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

const NothingYet = ({ children }: { children: ReactNode }) => (
  <p className="text-sm text-slate-700">{children}</p>
);

const entryRow = 'flex items-start gap-3 border-b border-slate-100 pb-3 last:border-0';

/**
 * Seasons played, as the CV shows them, read-only: a visitor's page loads none of the CV's
 * editing forms.
 */
function PublicCareerSection({ career }: { career: NonNullable<PublicProfilePage['career']> }) {
  return (
    <PageSection id="career" title="Career">
      {career.length === 0 ? <NothingYet>No career history yet.</NothingYet> : null}
      <ul className="flex flex-col gap-3">
        {career.map((entry) => (
          <li key={entry.id} className={entryRow}>
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-slate-900">{entry.teamName}</p>
              <p className="text-sm text-slate-700">
                {entry.season} · {entry.role}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

/** Awards, as the CV shows them, read-only. */
function PublicAwardsSection({ awards }: { awards: NonNullable<PublicProfilePage['awards']> }) {
  return (
    <PageSection id="awards" title="Awards">
      {awards.length === 0 ? <NothingYet>No awards yet.</NothingYet> : null}
      <ul className="flex flex-col gap-3">
        {awards.map((award) => (
          <li key={award.id} className={entryRow}>
            <Trophy className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-slate-900">{award.title}</p>
              {award.awardDate ? (
                <p className="text-sm text-slate-700">
                  <time dateTime={award.awardDate}>
                    {format(parseISO(award.awardDate), 'MMMM d, yyyy')}
                  </time>
                </p>
              ) : null}
              {award.description ? (
                <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-800">
                  {award.description}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

/** The videos the member pinned, then their latest posts with a photo or video. */
function HighlightsSection({
  highlights,
  fullName,
}: {
  highlights: NonNullable<PublicProfilePage['highlights']>;
  fullName: string;
}) {
  return (
    <PageSection id="highlights" title="Highlights">
      {highlights.length === 0 ? (
        <NothingYet>No highlights yet.</NothingYet>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {highlights.map((post) => (
            <li key={post.id} className="min-w-0">
              <figure className="grid gap-2">
                {post.mediaType === 'video' ? (
                  <video
                    src={post.mediaUrl}
                    poster={post.posterUrl ?? undefined}
                    controls
                    playsInline
                    preload="metadata"
                    aria-label={`Video posted by ${fullName}`}
                    className="aspect-video w-full rounded-xl bg-black"
                  />
                ) : (
                  <img
                    src={post.mediaUrl}
                    alt={`Photo posted by ${fullName}`}
                    loading="lazy"
                    width={post.mediaImage?.width}
                    height={post.mediaImage?.height}
                    className="aspect-square w-full rounded-xl bg-slate-100 object-cover"
                  />
                )}
                <figcaption className="line-clamp-3 text-sm break-words text-slate-800">
                  {post.content}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </PageSection>
  );
}

/** The sections the member chose, in the CV's order. */
export function PublicProfileSections({ profile }: { profile: PublicProfilePage }) {
  return (
    <div className="flex flex-col gap-4">
      {profile.sport ? <SportFactsSection sport={profile.sport} /> : null}
      {profile.availability ? (
        <PublicAvailabilitySection availability={profile.availability} />
      ) : null}
      {profile.career ? <PublicCareerSection career={profile.career} /> : null}
      {profile.awards ? <PublicAwardsSection awards={profile.awards} /> : null}
      {profile.highlights ? (
        <HighlightsSection highlights={profile.highlights} fullName={profile.fullName} />
      ) : null}
    </div>
  );
}
