import type { VerificationStatus } from '@arena/shared/constants';
import { VERIFICATION_STATUSES } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';

import { useVerificationRequestsInfiniteQuery } from './verification-queries.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty } from '../../components/list-states.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { VerificationRequestCard } from './verification-request-card.tsx';

const TAB_LABELS: Record<VerificationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

function isStatus(value: string): value is VerificationStatus {
  return (VERIFICATION_STATUSES as readonly string[]).includes(value);
}

/**
 * /verify, 'Verification Management' (admins; RequireAdmin): the requests waiting for review
 * first, then the approved and the rejected ones, each tab with its count, newest first.
 */
export function VerifyPage() {
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const query = useVerificationRequestsInfiniteQuery(status);
  const counts = query.data?.pages[0]?.counts;

  return (
    <>
      <DocumentTitle title="Verification Management" />
      <div className="mx-auto flex max-w-4xl flex-col gap-5">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Verification Management
          </h1>
          <p className="mt-1 text-slate-700">
            Review verification requests from agents, coaches and clubs.
          </p>
        </div>
        <Tabs
          className="flex flex-col gap-4"
          value={status}
          onValueChange={(next) => {
            if (isStatus(next)) setStatus(next);
          }}
        >
          <TabsList aria-label="Requests by status" className="self-start sm:max-w-md">
            {VERIFICATION_STATUSES.map((tab) => (
              <TabsTrigger key={tab} value={tab} className="px-3">
                {TAB_LABELS[tab]}
                {counts ? (
                  <span className="ml-1.5 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-800">
                    {counts[tab]}
                  </span>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={status} className="flex flex-col gap-4">
            <PagedList
              query={query}
              label={`${TAB_LABELS[status]} verification requests`}
              loadingLabel="Loading verification requests..."
              loadingMoreLabel="Loading more requests..."
              failedTitle={MESSAGES.verification.loadFailed}
              empty={<ListEmpty icon={ShieldCheck} title={MESSAGES.verification.empty} />}
              className="flex flex-col gap-4"
              renderItem={(request) => <VerificationRequestCard request={request} />}
            />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
