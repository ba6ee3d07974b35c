import { USER_TYPE_LABELS } from '@arena/shared/constants';
import type { VerificationRequest } from '@arena/shared/verification.schema';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import type { BadgeVariant } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { profileHref } from '../people/person-identity.tsx';
import { formatDay } from '../offers/offer-date.tsx';
import { VerificationActions } from './verification-actions.tsx';

const STATUS: Record<VerificationRequest['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'secondary' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
};

/** One request as an admin reviews it, with the actions its status allows. */
export function VerificationRequestCard({ request }: { request: VerificationRequest }) {
  const headingId = useId();
  const status = STATUS[request.status];
  return (
    <Card>
      <article aria-labelledby={headingId} className="flex flex-col gap-4 p-5">
        <div className="flex flex-wrap items-start gap-3">
          <Avatar name={request.fullName} src={request.profile.avatarUrl} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
                {request.fullName}
              </h2>
              <Badge variant={status.variant}>{status.label}</Badge>
            </div>
            <p className="text-sm">
              <Link
                to={profileHref(request.profile.username)}
                className={cx(
                  'rounded text-blue-800 underline-offset-2 hover:underline',
                  focusRing,
                )}
              >
                @{request.profile.username}
              </Link>
            </p>
            <p className="text-xs text-slate-700">
              <time dateTime={request.createdAt}>{formatDay(request.createdAt)}</time>
            </p>
          </div>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Detail term="Organization">{request.organizationName}</Detail>
          <Detail term="Type">{USER_TYPE_LABELS[request.organizationType]}</Detail>
          <Detail term="Email">{request.email}</Detail>
          {request.phone ? <Detail term="Phone">{request.phone}</Detail> : null}
          {request.website ? (
            <Detail term="Website">
              <a
                href={request.website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="break-all text-blue-800 underline"
              >
                {request.website}
              </a>
            </Detail>
          ) : null}
          {request.officialContact ? (
            <Detail term="Official Contact">{request.officialContact}</Detail>
          ) : null}
          {request.additionalInfo ? (
            <Detail term="Additional Information" wide>
              {request.additionalInfo}
            </Detail>
          ) : null}
        </dl>
        <VerificationActions request={request} />
      </article>
    </Card>
  );
}

function Detail({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}
