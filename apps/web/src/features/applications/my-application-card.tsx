import { PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import type { MyApplication } from '@arena/shared/application.schema';
import { FileText, MapPin } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { ApplicationStageBadge } from './application-stage-badge.tsx';
import { ApplicationTimeline, formatMoment } from './application-timeline.tsx';
import { WithdrawApplicationButton } from './withdraw-application-button.tsx';

/**
 * One of the athlete's applications: the offer, where it stands, how it got there, and Withdraw
 * while it is open. Its id is the application's, for `/applications#<id>` (notification links).
 */
export function MyApplicationCard({ application }: { application: MyApplication }) {
  const headingId = useId();
  const { offer } = application;
  return (
    <Card id={application.id} className="scroll-mt-24">
      <article aria-labelledby={headingId} className="flex flex-col gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg leading-snug font-semibold break-words">
              <Link
                to={`/${offer.kind === 'scholarship' ? 'scholarships' : 'offers'}/${encodeURIComponent(offer.id)}`}
                className={cx('rounded-sm text-slate-900 hover:underline', focusRing)}
              >
                {offer.title}
              </Link>
            </h2>
            <p className="mt-0.5 text-sm font-medium break-words text-slate-700">
              {offer.organizationName}
            </p>
          </div>
          <ApplicationStageBadge stage={application.stage} />
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-800">
          <div className="flex min-w-0 items-start gap-2">
            <dt>
              <MapPin className="mt-0.5 size-4 text-slate-600" aria-hidden />
              <span className="sr-only">Location</span>
            </dt>
            <dd className="min-w-0 break-words">{offer.location}</dd>
          </div>
          <div className="flex min-w-0 items-start gap-2">
            <dt>
              <FileText className="mt-0.5 size-4 text-slate-600" aria-hidden />
              <span className="sr-only">
                {offer.kind === 'scholarship' ? 'Kind' : 'Contract type'}
              </span>
            </dt>
            <dd className="min-w-0 break-words">{offer.contractType ?? 'Scholarship'}</dd>
          </div>
          <div className="flex min-w-0 items-start gap-2">
            <dt className="text-slate-700">Applied</dt>
            <dd>
              <time dateTime={application.createdAt}>{formatMoment(application.createdAt)}</time>
            </dd>
          </div>
        </dl>
        {offer.closed ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {PIPELINE_MESSAGES.offerClosed}
          </p>
        ) : null}
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-900">History</h3>
          <ApplicationTimeline
            history={application.history}
            label={`History of your application to ${offer.title}`}
          />
        </section>
        {application.canWithdraw ? (
          <div className="flex justify-end border-t border-slate-100 pt-4">
            <WithdrawApplicationButton application={application} />
          </div>
        ) : null}
      </article>
    </Card>
  );
}
