import { ShieldCheck } from 'lucide-react';

import { DocumentTitle } from '../../../components/document-title.tsx';
import { ListEmpty } from '../../../components/list-states.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { DecisionCard } from './decision-card.tsx';
import { useMyDecisionsQuery } from './member-queries.ts';

/**
 * /decisions, 'Decisions about you': what moderators decided about the member's posts, messages
 * or account, why, and an appeal of each decision (once). A `moderation` notification leads here.
 */
export function DecisionsPage() {
  const query = useMyDecisionsQuery();
  return (
    <>
      <DocumentTitle title="Decisions about you" />
      <div className="mx-auto flex max-w-2xl flex-col gap-5">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Decisions about you
          </h1>
          <p className="mt-1 text-slate-700">
            What moderators decided after reports, and why. You can appeal each decision once.
          </p>
        </div>
        <PagedList
          query={query}
          label="Decisions"
          loadingLabel="Loading decisions..."
          loadingMoreLabel="Loading more decisions..."
          failedTitle="Failed to load the decisions about you"
          empty={<ListEmpty icon={ShieldCheck} title="No decision has been taken about you." />}
          className="flex flex-col gap-3"
          renderItem={(decision) => <DecisionCard decision={decision} />}
        />
      </div>
    </>
  );
}
