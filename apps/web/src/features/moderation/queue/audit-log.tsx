import { MESSAGES } from '@arena/shared/messages';
import { REPORT_TARGET_LABELS } from '@arena/shared/moderation.schema';
import { format } from 'date-fns';
import { ScrollText } from 'lucide-react';

import {
  ListEmpty,
  ListLoadFailed,
  ListLoading,
  LoadMore,
} from '../../../components/list-states.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx, focusRing } from '../../../components/ui/class-names.ts';
import { AUDIT_EVENT_LABELS } from '../moderation-labels.ts';
import { useAuditQuery } from './queue-queries.ts';

/** Every action, appeal decision and note, newest first, a page at a time; nobody can edit it. */
export function AuditLog() {
  const query = useAuditQuery();
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.status === 'pending') return <ListLoading label="Loading the audit log..." />;
  if (query.status === 'error' && entries.length === 0) {
    return (
      <ListLoadFailed
        title={MESSAGES.moderation.loadFailed}
        retrying={query.isRefetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (entries.length === 0) return <ListEmpty icon={ScrollText} title="No decision yet." />;
  return (
    <div className="flex flex-col gap-3">
      <Card
        // Wider than a phone: it scrolls sideways on its own, reachable by keyboard.
        role="region"
        aria-label="Audit log"
        tabIndex={0}
        className={cx('overflow-x-auto', focusRing)}
      >
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                When
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Admin
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Event
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Member
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-b border-slate-100 align-top last:border-0">
                <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                  <time dateTime={entry.createdAt}>{format(new Date(entry.createdAt), 'PPp')}</time>
                </td>
                <td className="px-3 py-2 text-slate-900">{entry.admin.fullName}</td>
                <td className="px-3 py-2 text-slate-900">
                  {AUDIT_EVENT_LABELS[entry.event]}
                  {entry.suspendDays ? ` (${entry.suspendDays} d)` : ''}
                  {entry.target ? (
                    <span className="block text-xs text-slate-700">
                      {REPORT_TARGET_LABELS[entry.target.type]}
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2 text-slate-900">
                  {entry.member ? `@${entry.member.username}` : '—'}
                </td>
                <td className="px-3 py-2 break-words text-slate-800">{entry.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
        loadingLabel="Loading more entries..."
      />
    </div>
  );
}
