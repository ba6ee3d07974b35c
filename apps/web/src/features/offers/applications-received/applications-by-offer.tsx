import type { Application } from '@arena/shared/offer.schema';
import { plural } from '@arena/shared/plural';
import { useId, useState } from 'react';

import { Badge } from '../../../components/ui/badge.tsx';
import { cx, focusRing } from '../../../components/ui/class-names.ts';
import { ApplicationCard } from './application-card.tsx';

interface OfferGroup {
  offerId: string;
  title: string;
  applications: Application[];
}

/** Applications grouped by offer, in the order of each offer's newest application. */
function groupByOffer(applications: Application[]): OfferGroup[] {
  const groups = new Map<string, OfferGroup>();
  for (const application of applications) {
    let group = groups.get(application.offerId);
    if (!group) {
      group = { offerId: application.offerId, title: application.offer.title, applications: [] };
      groups.set(application.offerId, group);
    }
    group.applications.push(application);
  }
  return [...groups.values()];
}

/** A filter by offer, then one section per offer holding its applications as compact rows. */
export function ApplicationsByOffer({ applications }: { applications: Application[] }) {
  const filterId = useId();
  const [offerId, setOfferId] = useState('');
  const groups = groupByOffer(applications);
  const shown = groups.filter((group) => !offerId || group.offerId === offerId);
  return (
    <div className="flex flex-col gap-5">
      {groups.length > 1 ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
            Filter by offer
          </label>
          <select
            id={filterId}
            value={offerId}
            onChange={(event) => setOfferId(event.target.value)}
            className={cx(
              'h-10 max-w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900',
              focusRing,
            )}
          >
            <option value="">All offers ({applications.length})</option>
            {groups.map((group) => (
              <option key={group.offerId} value={group.offerId}>
                {group.title} ({group.applications.length})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {shown.map((group) => (
        <OfferSection key={group.offerId} group={group} />
      ))}
    </div>
  );
}

function OfferSection({ group }: { group: OfferGroup }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {group.title}
        </h2>
        <Badge variant="outline">{plural(group.applications.length, 'Application')}</Badge>
      </div>
      <ul aria-label={`Applications to ${group.title}`} className="flex flex-col gap-2">
        {group.applications.map((application) => (
          <li key={application.id}>
            <ApplicationCard application={application} />
          </li>
        ))}
      </ul>
    </section>
  );
}
