import { MESSAGES } from '@arena/shared/messages';
import type { ModerationCaseSummary } from '@arena/shared/moderation.schema';
import { Inbox } from 'lucide-react';

import { ListEmpty } from '../../../components/list-states.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import type { PagedQuery } from '../../../components/paged-list.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/class-names.ts';
import { CaseSummaryCard } from './case-summary-card.tsx';
import { CaseView } from './case-view.tsx';
import type { QueueList } from './queue-queries.ts';

const LIST_LABELS: Record<QueueList, string> = {
  open: 'Open cases',
  appeals: 'Appeals',
  closed: 'Closed cases',
};

const EMPTY: Record<QueueList, string> = {
  open: MESSAGES.moderation.queueEmpty,
  appeals: 'No appeals are waiting for a decision.',
  closed: 'No case has been closed yet.',
};

/** The case after `id` in the list (or before it, when it was the last): where to go next. */
function nextCase(items: readonly ModerationCaseSummary[], id: string): string | null {
  const index = items.findIndex((item) => item.id === id);
  if (index === -1) return items[0]?.id ?? null;
  return items[index + 1]?.id ?? items[index - 1]?.id ?? null;
}

/**
 * One list of the queue beside the open case; on a narrow screen, one after the other: the list,
 * or the case with a link back to it.
 */
export function QueuePanel({
  list,
  query,
  caseId,
  onOpenCase,
}: {
  list: QueueList;
  query: PagedQuery<ModerationCaseSummary>;
  caseId: string | null;
  onOpenCase: (id: string | null) => void;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
      <div className={cx('flex flex-col gap-3', caseId && 'max-lg:hidden')}>
        <PagedList
          query={query}
          label={LIST_LABELS[list]}
          loadingLabel="Loading cases..."
          loadingMoreLabel="Loading more cases..."
          failedTitle={MESSAGES.moderation.loadFailed}
          empty={<ListEmpty icon={Inbox} title={EMPTY[list]} />}
          className="flex flex-col gap-3"
          renderItem={(summary) => (
            <CaseSummaryCard
              summary={summary}
              selected={summary.id === caseId}
              href={`?${new URLSearchParams({ ...(list === 'open' ? {} : { tab: list }), case: summary.id }).toString()}`}
            />
          )}
        />
      </div>
      {caseId ? (
        <CaseView
          key={caseId}
          caseId={caseId}
          backHref={list === 'open' ? '/moderation' : `/moderation?tab=${list}`}
          onDecided={() => onOpenCase(nextCase(items, caseId))}
        />
      ) : (
        <Card className="px-6 py-12 text-center text-slate-700 max-lg:hidden">
          Choose a case to see the item, its reports and the member’s history.
        </Card>
      )}
    </div>
  );
}
