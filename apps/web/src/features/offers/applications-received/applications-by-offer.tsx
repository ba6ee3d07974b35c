import type { Application } from '@arena/shared/offer.schema';
import { plural } from '@arena/shared/plural';
import { useId } from 'react';

import { Badge } from '../../../components/ui/badge.tsx';
import { ApplicationCard } from './application-card.tsx';

interface OfferGroup {
  offerId: string;
  title: string;
  applications: Application[];
}

/** Applications grouped by offer, each group in the order the list came in. */
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

/** One section per offer holding its applications as compact rows, each one selectable. */
export function ApplicationsByOffer({
  applications,
  selected,
  onSelectedChange,
}: {
  applications: Application[];
  selected: ReadonlySet<string>;
  onSelectedChange: (id: string, selected: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-5">
      {groupByOffer(applications).map((group) => (
        <OfferSection
          key={group.offerId}
          group={group}
          selected={selected}
          onSelectedChange={onSelectedChange}
        />
      ))}
    </div>
  );
}

function OfferSection({
  group,
  selected,
  onSelectedChange,
}: {
  group: OfferGroup;
  selected: ReadonlySet<string>;
  onSelectedChange: (id: string, selected: boolean) => void;
}) {
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
            <ApplicationCard
              application={application}
              selected={selected.has(application.id)}
              onSelectedChange={(next) => onSelectedChange(application.id, next)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
