import { PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import { plural } from '@arena/shared/plural';
import type { Offer } from '@arena/shared/offer.schema';
import { format } from 'date-fns';
import { Lock } from 'lucide-react';

import { Badge } from '../../components/ui/badge.tsx';

type ClosedReason = NonNullable<Offer['closedReason']>;

/** Why an offer takes no applications, in a word (cards) and in a sentence (its page). */
const CLOSED_LABELS: Record<ClosedReason, string> = {
  closed: 'Closed',
  deadline: 'Deadline passed',
  full: 'Full',
};

const CLOSED_SENTENCES: Record<ClosedReason, string> = {
  closed: PIPELINE_MESSAGES.offerClosed,
  deadline: PIPELINE_MESSAGES.offerPastDeadline,
  full: PIPELINE_MESSAGES.offerFull,
};

export function ClosedBadge({ reason }: { reason: ClosedReason }) {
  return (
    <Badge variant="outline" className="gap-1 border-slate-400 bg-slate-100 text-slate-900">
      <Lock className="size-3.5" aria-hidden />
      {CLOSED_LABELS[reason]}
    </Badge>
  );
}

export function ClosedNotice({ reason }: { reason: ClosedReason }) {
  return <p className="text-sm font-medium text-slate-800">{CLOSED_SENTENCES[reason]}</p>;
}

/** 'Apply by Mar 4, 2025, 6:00 PM'. */
export function ApplyBy({ deadline }: { deadline: string }) {
  return (
    <>
      Apply by <time dateTime={deadline}>{format(new Date(deadline), 'PPp')}</time>
    </>
  );
}

/** '3 places, 1 signed': how many athletes the offer takes, and how many it has. */
export function placesText(offer: Pick<Offer, 'places' | 'signedCount'>): string | null {
  if (offer.places === null) return null;
  const places = plural(offer.places, 'place');
  return offer.signedCount > 0 ? `${places}, ${offer.signedCount} signed` : places;
}
