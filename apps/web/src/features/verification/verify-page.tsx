import type { VerificationStatus } from '@arena/shared/constants';
import { VERIFICATION_STATUSES } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';

import { useVerificationRequestsInfiniteQuery } from './verification-queries.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty, ListLoadFailed, ListLoading, LoadMore } from '../../components/list-states.tsx';
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
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, refetch, isRefetching, ...query } =
    useVerificationRequestsInfiniteQuery(status);
  const requests = data?.pages.flatMap((page) => page.items) ?? [];
  const counts = data?.pages[0]?.counts;

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
            {query.status === 'pending' ? (
              <ListLoading label="Loading verification requests..." />
            ) : !data ? (
              <ListLoadFailed
                title={MESSAGES.verification.loadFailed}
                retrying={isRefetching}
                onRetry={() => void refetch()}
              />
            ) : requests.length === 0 ? (
              <ListEmpty icon={ShieldCheck} title={MESSAGES.verification.empty} />
            ) : (
              <>
                <ul
                  aria-label={`${TAB_LABELS[status]} verification requests`}
                  className="flex flex-col gap-4"
                >
                  {requests.map((request) => (
                    <li key={request.id}>
                      <VerificationRequestCard request={request} />
                    </li>
                  ))}
                </ul>
                <LoadMore
                  hasNextPage={hasNextPage}
                  isFetchingNextPage={isFetchingNextPage}
                  fetchNextPage={fetchNextPage}
                  loadingLabel="Loading more requests..."
                />
              </>
            )}
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
