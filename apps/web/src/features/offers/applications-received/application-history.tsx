import { APPLICATION_STAGE_LABELS } from '@arena/shared/application.schema';
import type { StageEvent } from '@arena/shared/application.schema';
import { format } from 'date-fns';

import { OfferDate } from '../offer-date.tsx';

const BY: Record<StageEvent['by'], string> = {
  poster: 'by you',
  athlete: 'by the athlete',
  system: 'automatically',
};

/** How the application got where it is, oldest first. */
export function ApplicationHistory({ history }: { history: StageEvent[] }) {
  return (
    <ol aria-label="History" className="grid gap-2 border-l-2 border-slate-200 pl-4">
      {history.map((event) => (
        <li key={event.id} className="relative text-sm">
          <span
            className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-blue-700"
            aria-hidden
          />
          <p className="text-slate-900">
            <span className="font-semibold">{APPLICATION_STAGE_LABELS[event.stage]}</span>{' '}
            <span className="text-slate-700">
              {BY[event.by]} · <OfferDate iso={event.createdAt} />
            </span>
          </p>
          {event.trialAt ? (
            <p className="text-slate-800">
              Trial on{' '}
              <time dateTime={event.trialAt}>{format(new Date(event.trialAt), 'PPp')}</time>
              {event.trialPlace ? ` at ${event.trialPlace}` : null}
            </p>
          ) : null}
          {event.message ? (
            <p className="mt-0.5 break-words whitespace-pre-line text-slate-800">
              “{event.message}”
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
