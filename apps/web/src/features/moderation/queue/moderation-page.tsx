import { useSearchParams } from 'react-router';

import { DocumentTitle } from '../../../components/document-title.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { AuditLog } from './audit-log.tsx';
import { QueuePanel } from './queue-panel.tsx';
import { useCaseListQuery } from './queue-queries.ts';
import type { QueueList } from './queue-queries.ts';

const TABS = ['open', 'appeals', 'closed', 'audit'] as const;
type Tab = (typeof TABS)[number];

const TAB_LABELS: Record<Tab, string> = {
  open: 'Open',
  appeals: 'Appeals',
  closed: 'Closed',
  audit: 'Audit log',
};

const isTab = (value: string | null): value is Tab =>
  (TABS as readonly (string | null)[]).includes(value);

/**
 * /moderation (admins; RequireAdmin): the reports waiting for a decision ("a minor at risk"
 * first), the appeals, the closed cases and the audit log. The tab and the open case live in the
 * address (`?tab=appeals&case=…`). It opens with one request, the Open list with both counts.
 */
export function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const tab: Tab = isTab(rawTab) ? rawTab : 'open';
  const caseId = params.get('case');
  const open = useCaseListQuery('open', { enabled: tab === 'open' });
  const appeals = useCaseListQuery('appeals', { enabled: tab === 'appeals' });
  const closed = useCaseListQuery('closed', { enabled: tab === 'closed' });
  const queries: Record<QueueList, typeof open> = { open, appeals, closed };
  // Every list's pages carry the counts: the tab's own first, else any list already loaded.
  const counts = [tab === 'audit' ? null : queries[tab], open, appeals, closed]
    .map((query) => query?.data?.pages[0]?.counts)
    .find(Boolean);

  const show = (next: { tab?: Tab; case?: string | null }) => {
    const search = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab !== 'open') search.set('tab', nextTab);
    const nextCase = next.case === undefined ? caseId : next.case;
    if (nextCase) search.set('case', nextCase);
    setParams(search);
  };

  return (
    <>
      <DocumentTitle title="Moderation" />
      <div className="mx-auto flex max-w-6xl flex-col gap-5">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Moderation
          </h1>
          <p className="mt-1 text-slate-700">
            Reports and appeals from members, and every decision taken.
          </p>
        </div>
        <Tabs
          className="flex flex-col gap-4"
          value={tab}
          onValueChange={(next) => {
            if (isTab(next)) show({ tab: next, case: null });
          }}
        >
          <TabsList
            aria-label="Moderation"
            className="grid-flow-row grid-cols-2 self-stretch rounded-2xl sm:grid-flow-col sm:grid-cols-none sm:self-start sm:rounded-full"
          >
            {TABS.map((value) => {
              const count = value === 'open' || value === 'appeals' ? counts?.[value] : undefined;
              return (
                <TabsTrigger key={value} value={value} className="px-3">
                  {TAB_LABELS[value]}
                  {count === undefined ? null : ' '}
                  {count === undefined ? null : (
                    <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-800">
                      {count}
                    </span>
                  )}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <TabsContent value={tab}>
            {tab === 'audit' ? (
              <AuditLog />
            ) : (
              <QueuePanel
                list={tab}
                query={queries[tab]}
                caseId={caseId}
                onOpenCase={(id) => show({ case: id })}
              />
            )}
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
