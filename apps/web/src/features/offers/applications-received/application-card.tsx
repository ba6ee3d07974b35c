import { plural } from '@arena/shared/plural';
import type { Application } from '@arena/shared/offer.schema';
import { Check, MessageSquare, UserRound, X } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDay } from '../offer-date.tsx';
import { ApplicantAvatar } from './applicant-avatar.tsx';
import { DownloadCvButton } from './download-cv-button.tsx';

const STATUS_LABELS: Record<Application['status'], string> = {
  pending: 'Pending',
  reviewed: 'Reviewed',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** One application: who, to what, every answer, and the ways to follow it up. */
export function ApplicationCard({ application }: { application: Application }) {
  const headingId = useId();
  const { applicant } = application;
  return (
    <Card>
      <article aria-labelledby={headingId} className="flex flex-col gap-4 p-5">
        <div className="flex flex-wrap items-start gap-3">
          <ApplicantAvatar name={application.athleteName} src={applicant.avatarUrl} />
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
              {application.athleteName}
            </h2>
            <p className="text-sm text-slate-700">@{applicant.username}</p>
            <p className="mt-1 text-sm text-slate-800">
              Applied to: <span className="font-semibold">{application.offer.title}</span>
            </p>
            <p className="text-xs text-slate-700">
              <time dateTime={application.createdAt}>{formatDay(application.createdAt)}</time>
            </p>
          </div>
          <Badge variant={application.status === 'pending' ? 'secondary' : 'default'}>
            {STATUS_LABELS[application.status]}
          </Badge>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-3">
          <Detail term="Email">
            <a href={`mailto:${application.email}`} className="break-all text-blue-800 underline">
              {application.email}
            </a>
          </Detail>
          <Detail term="Sport">{application.sport}</Detail>
          <Detail term="Current Team">{application.currentTeam ?? 'N/A'}</Detail>
          <Detail term="Position">{application.positionRole}</Detail>
          <Detail term="Experience">{plural(application.yearsExperience, 'year')}</Detail>
          <Detail term="Height / Weight">{application.heightWeight ?? 'N/A'}</Detail>
          <Detail term="Availability">{application.availability}</Detail>
          <Detail term="Willing to Relocate">
            {application.willingToRelocate ? (
              <span className="inline-flex items-center gap-1 text-green-800">
                <Check className="size-4" aria-hidden />
                Yes
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-red-800">
                <X className="size-4" aria-hidden />
                No
              </span>
            )}
          </Detail>
          <Detail term="Contract Duration">{application.desiredContractDuration}</Detail>
          <Detail term="Why Interested" wide>
            {application.whyInterested}
          </Detail>
          {application.achievements ? (
            <Detail term="Achievements" wide>
              {application.achievements}
            </Detail>
          ) : null}
        </dl>
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <Button size="sm" asChild>
            <Link to={`/messages?user=${encodeURIComponent(applicant.username)}`}>
              <MessageSquare className="size-4" aria-hidden />
              Message Athlete
            </Link>
          </Button>
          <Button size="sm" variant="outline" asChild>
            <Link to={`/profile/${encodeURIComponent(applicant.username)}`}>
              <UserRound className="size-4" aria-hidden />
              View Profile
            </Link>
          </Button>
          {application.hasCv ? <DownloadCvButton applicationId={application.id} /> : null}
        </div>
      </article>
    </Card>
  );
}

function Detail({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2 lg:col-span-3' : 'min-w-0'}>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}
