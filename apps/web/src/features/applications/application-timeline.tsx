import { APPLICATION_STAGE_LABELS } from '@arena/shared/application.schema';
import type { StageEvent } from '@arena/shared/application.schema';
import { format } from 'date-fns';

/** 'Mar 4, 2025, 10:00 AM': when a stage was reached, or a trial takes place. */
export function formatMoment(iso: string): string {
  return format(new Date(iso), 'PPp');
}

/** How the application got where it is, oldest change first, with what the poster said. */
export function ApplicationTimeline({ history, label }: { history: StageEvent[]; label: string }) {
  return (
    <ol aria-label={label} className="flex flex-col gap-3 border-l-2 border-slate-200 pl-4">
      {history.map((event) => (
        <li key={event.id} className="relative min-w-0">
          <span
            className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-blue-700"
            aria-hidden
          />
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-slate-900">
              {APPLICATION_STAGE_LABELS[event.stage]}
            </span>
            <time dateTime={event.createdAt} className="text-slate-700">
              {formatMoment(event.createdAt)}
            </time>
          </p>
          {event.stage === 'trial' && event.trialAt ? (
            <p className="mt-1 text-sm break-words text-slate-800">
              Trial on <time dateTime={event.trialAt}>{formatMoment(event.trialAt)}</time>
              {event.trialPlace ? ` at ${event.trialPlace}` : null}
            </p>
          ) : null}
          {event.message ? (
            <blockquote className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800">
              {event.message}
            </blockquote>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
