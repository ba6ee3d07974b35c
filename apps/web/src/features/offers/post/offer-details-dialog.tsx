import { plural } from '@arena/shared/plural';
import type { Offer } from '@arena/shared/offer.schema';
import { format } from 'date-fns';
import { Eye, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';

import { PausedBadge } from '../paused-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { formatDay } from '../offer-date.tsx';
import { OfferSportBadge } from '../offer-sport-badge.tsx';
import { DeleteOfferDialog } from './delete-offer-dialog.tsx';
import { offerState } from './post-offer-values.ts';

/** Everything about one posted offer, with Delete Offer and Close. */
export function OfferDetailsDialog({ offer }: { offer: Offer }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`View details of ${offer.title}`}
        >
          <Eye className="size-4" aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent title={offer.title} description={offer.organizationName}>
        <div className="flex flex-wrap gap-2">
          <OfferSportBadge sport={offer.sport} />
          <Badge variant="outline">{offer.contractType}</Badge>
          <Badge variant="secondary">{plural(offer.applicationCount, 'Application')}</Badge>
          {offer.paused ? <PausedBadge /> : null}
          <Badge variant={offer.closedReason === null ? 'success' : 'outline'}>
            {offerState(offer)}
          </Badge>
        </div>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <Detail term="Organization">{offer.organizationName}</Detail>
          <Detail term="Location">{offer.location}</Detail>
          <Detail term="League Level">{offer.leagueLevel ?? 'N/A'}</Detail>
          <Detail term="Position(s)">{offer.positions}</Detail>
          <Detail term="Salary / Compensation">{offer.salary}</Detail>
          <Detail term="Posted">{formatDay(offer.createdAt)}</Detail>
          {offer.deadline ? (
            <Detail term="Application deadline">{format(new Date(offer.deadline), 'PPp')}</Detail>
          ) : null}
          {offer.places === null ? null : (
            <Detail term="Places">
              {offer.signedCount} of {plural(offer.places, 'place')} signed
            </Detail>
          )}
          {offer.description ? (
            <Detail term="Description" wide>
              {offer.description}
            </Detail>
          ) : null}
          {offer.requirements ? (
            <Detail term="Requirements" wide>
              {offer.requirements}
            </Detail>
          ) : null}
        </dl>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
          <DeleteOfferDialog offerId={offer.id} onDeleted={() => setOpen(false)}>
            <Button className="bg-red-700 hover:bg-red-800 active:bg-red-900">
              <Trash2 className="size-4" aria-hidden />
              Delete Offer
            </Button>
          </DeleteOfferDialog>
        </div>
      </DialogContent>
    </Dialog>
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
