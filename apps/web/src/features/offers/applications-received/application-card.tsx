import { APPLICATION_STAGE_LABELS } from '@arena/shared/application.schema';
import { plural } from '@arena/shared/plural';
import type { Application } from '@arena/shared/offer.schema';
import { Check, ChevronDown, MessageSquare, UserRound, X } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cx, focusRing } from '../../../components/ui/class-names.ts';
import { formatDay } from '../offer-date.tsx';
import { CvPdfButton } from '../../cv/cv-pdf-button.tsx';
import { ReportButton } from '../../moderation/report/report-button.tsx';
import { ApplicantAvatar } from './applicant-avatar.tsx';
import { ApplicationPipeline } from './application-pipeline.tsx';
import { DownloadCvButton } from './download-cv-button.tsx';

/**
 * One application as a compact row — who, to what, when, its status — that opens (a disclosure
 * button) to every answer and the ways to follow it up.
 */
export function ApplicationCard({
  application,
  selected,
  onSelectedChange,
}: {
  application: Application;
  /** Chosen for a bulk action (Decline selected). */
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
}) {
  const headingId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const { applicant } = application;
  return (
    <Card>
      <article aria-labelledby={headingId} className="flex flex-col gap-3 p-3 sm:p-4">
        <div className="flex items-start gap-3">
          <Checkbox
            className="mt-1"
            checked={selected}
            onCheckedChange={(checked) => onSelectedChange(checked === true)}
            aria-label={`Select ${application.athleteName}`}
          />
          <ApplicantAvatar name={application.athleteName} src={applicant.avatarUrl} />
          <div className="min-w-0 flex-1">
            <h3 id={headingId} className="font-semibold break-words text-slate-900">
              {application.athleteName}
            </h3>
            {/* Cut short to fit the row; whole on hover (its title) and on keyboard focus. */}
            <Link
              to={`/profile/${encodeURIComponent(applicant.username)}`}
              title={`@${applicant.username}`}
              className={cx(
                'block truncate text-sm text-slate-700 hover:underline',
                'focus-visible:overflow-visible focus-visible:whitespace-normal focus-visible:[overflow-wrap:anywhere]',
                focusRing,
              )}
            >
              @{applicant.username}
            </Link>
            <p className="text-sm text-slate-800">
              Applied to: <span className="font-semibold">{application.offer.title}</span>
            </p>
            <p className="text-xs text-slate-700">
              <time dateTime={application.createdAt}>{formatDay(application.createdAt)}</time>
              {' · '}
              <span>CV {application.cvFillRate}% complete</span>
              {application.noteCount > 0 ? ` · ${plural(application.noteCount, 'note')}` : null}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-2">
            <Badge variant={application.status === 'pending' ? 'secondary' : 'default'}>
              {APPLICATION_STAGE_LABELS[application.status]}
            </Badge>
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={`${open ? 'Hide' : 'Show'} details of ${application.athleteName}`}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide' : 'Details'}
              <ChevronDown
                className={cx('size-4 transition-transform', open && 'rotate-180')}
                aria-hidden
              />
            </Button>
          </div>
        </div>
        <div id={detailsId} hidden={!open} className="flex flex-col gap-4">
          {open ? <ApplicationDetails application={application} /> : null}
        </div>
      </article>
    </Card>
  );
}

/** An address that wraps only after its '@' and its dots, never inside a word. */
function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <a
      href={`mailto:${email}`}
      title={email}
      className="text-blue-800 underline [overflow-wrap:normal] [word-break:normal]"
    >
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </a>
  );
}

function ApplicationDetails({ application }: { application: Application }) {
  const { applicant } = application;
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 border-t border-slate-100 pt-3 text-sm min-[420px]:grid-cols-2 lg:grid-cols-3">
        <Detail term="Email">
          <EmailAddress email={application.email} />
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
      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
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
        <CvPdfButton username={applicant.username} size="sm" />
        <ReportButton
          subject={{ type: 'application', id: application.id, username: applicant.username }}
          label="Report application"
          showLabel
        />
      </div>
      <ApplicationPipeline
        applicationId={application.id}
        athleteName={application.athleteName}
        listedStage={application.status}
      />
    </>
  );
}

function Detail({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'min-[420px]:col-span-2 lg:col-span-3' : 'min-w-0'}>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}
