import { CAMP_MESSAGES } from '@arena/shared/camp.schema';
import type { CampClosedReason } from '@arena/shared/camp.schema';
import type { CampRegistrationStatus } from '@arena/shared/constants';
import { Lock } from 'lucide-react';

import { Badge } from '../../components/ui/badge.tsx';
import type { BadgeVariant } from '../../components/ui/badge.tsx';

const CLOSED_LABELS: Record<CampClosedReason, string> = {
  cancelled: 'Cancelled',
  started: 'Started',
  deadline: 'Registration closed',
  paused: 'Paused',
};

/** Why a camp takes no registrations, as a sentence. */
export const CLOSED_SENTENCES: Record<CampClosedReason, string> = {
  cancelled: CAMP_MESSAGES.closedCancelled,
  started: CAMP_MESSAGES.closedStarted,
  deadline: CAMP_MESSAGES.closedDeadline,
  paused: CAMP_MESSAGES.closedPaused,
};

export function CampClosedBadge({ reason }: { reason: CampClosedReason }) {
  return (
    <Badge variant="outline" className="gap-1 border-slate-400 bg-slate-100 text-slate-900">
      <Lock className="size-3.5" aria-hidden />
      {CLOSED_LABELS[reason]}
    </Badge>
  );
}

export const REGISTRATION_LABELS: Record<CampRegistrationStatus, string> = {
  interested: 'Interested',
  booked: 'Booked',
  waitlisted: 'Waiting list',
  cancelled: 'Cancelled',
};

const REGISTRATION_VARIANTS: Record<CampRegistrationStatus, BadgeVariant> = {
  interested: 'secondary',
  booked: 'success',
  waitlisted: 'outline',
  cancelled: 'outline',
};

export function RegistrationBadge({ status }: { status: CampRegistrationStatus }) {
  return <Badge variant={REGISTRATION_VARIANTS[status]}>{REGISTRATION_LABELS[status]}</Badge>;
}
