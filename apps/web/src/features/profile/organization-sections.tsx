import { SPORT_LABELS, USER_TYPE_LABELS } from '@arena/shared/constants';
import type { OrganizationProfile } from '@arena/shared/organization.schema';
import { Briefcase } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { CvEmpty, CvSection } from '../cv/cv-section.tsx';
import { formatDay } from '../offers/offer-date.tsx';
import { OrganizationForm } from './organization-form.tsx';
import { useOrganizationQuery } from './organization-queries.ts';

/** A club's, agent's or coach's profile: about the organisation, its details and its offers. */
export function OrganizationSections({ username, isOwn }: { username: string; isOwn: boolean }) {
  const organization = useOrganizationQuery(username);
  if (organization.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Loading the organisation profile...</span>
        {[0, 1].map((index) => (
          <Card key={index} aria-hidden className="h-28 animate-pulse bg-slate-50" />
        ))}
      </div>
    );
  }
  if (organization.isError) {
    return (
      <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
        <p role="alert" className="text-slate-800">
          {organization.error.message}
        </p>
        <Button variant="outline" size="sm" onClick={() => void organization.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <AboutOrganization organization={organization.data} isOwn={isOwn} />
      <OrganizationOffers offers={organization.data.offers} />
    </div>
  );
}

function AboutOrganization({
  organization,
  isOwn,
}: {
  organization: OrganizationProfile;
  isOwn: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const kind = USER_TYPE_LABELS[organization.userType].toLowerCase();
  return (
    <CvSection
      id="organization"
      title="About the organisation"
      onEdit={isOwn && !editing ? () => setEditing(true) : undefined}
    >
      {editing ? (
        <OrganizationForm organization={organization} onDone={() => setEditing(false)} />
      ) : (
        <OrganizationView
          organization={organization}
          emptyText={
            isOwn
              ? `Tell players about your ${kind}: its sports, where it is and its level.`
              : 'Nothing here yet.'
          }
        />
      )}
    </CvSection>
  );
}

function OrganizationView({
  organization,
  emptyText,
}: {
  organization: OrganizationProfile;
  emptyText: string;
}) {
  const location = [organization.city, organization.country].filter(Boolean).join(', ');
  const details: [string, ReactNode][] = [];
  if (organization.sports.length > 0) {
    details.push(['Sports', organization.sports.map((sport) => SPORT_LABELS[sport]).join(', ')]);
  }
  if (location) details.push(['Location', location]);
  if (organization.league) details.push(['League or level', organization.league]);
  if (organization.website) {
    details.push([
      'Website',
      <a
        href={organization.website}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={cx('break-all rounded text-blue-800 underline', focusRing)}
      >
        {organization.website}
      </a>,
    ]);
  }
  if (organization.foundedYear !== null) {
    details.push(['Founded', String(organization.foundedYear)]);
  }
  if (organization.licenceNumber) {
    details.push([
      'Licence or certification number',
      <>
        {organization.licenceNumber}
        <span className="block text-xs text-slate-700">Only you and admins see this.</span>
      </>,
    ]);
  }
  if (!organization.about && details.length === 0) return <CvEmpty>{emptyText}</CvEmpty>;
  return (
    <div className="flex flex-col gap-4">
      {organization.about ? (
        <p className="whitespace-pre-line break-words text-slate-800">{organization.about}</p>
      ) : null}
      {details.length > 0 ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {details.map(([term, value]) => (
            <div key={term}>
              <dt className="font-medium text-slate-700">{term}</dt>
              <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

function OrganizationOffers({ offers }: { offers: OrganizationProfile['offers'] }) {
  return (
    <CvSection id="organization-offers" title="Open offers">
      {offers.length === 0 ? (
        <CvEmpty>No open offers right now.</CvEmpty>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {offers.map((offer) => (
            <li key={offer.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
              <Briefcase className="size-4 shrink-0 text-slate-700" aria-hidden />
              <Link
                to={`/offers/${offer.id}`}
                className={cx('rounded font-semibold text-blue-800 hover:underline', focusRing)}
              >
                {offer.title}
              </Link>
              <span className="text-sm text-slate-700">
                {SPORT_LABELS[offer.sport]} · {offer.location} ·{' '}
                <time dateTime={offer.createdAt}>{formatDay(offer.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </CvSection>
  );
}
