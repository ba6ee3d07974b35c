import { MESSAGES } from '@arena/shared/messages';
import { ShieldCheck } from 'lucide-react';

import { useVerificationRequestsInfiniteQuery } from './verification-queries.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty, ListLoadFailed, ListLoading, LoadMore } from '../../components/list-states.tsx';
import { VerificationRequestCard } from './verification-request-card.tsx';

/** /verify, 'Verification Management': every request, newest first (admins; RequireAdmin). */
export function VerifyPage() {
  const { data, status, hasNextPage, isFetchingNextPage, fetchNextPage, refetch, isRefetching } =
    useVerificationRequestsInfiniteQuery();
  const requests = data?.pages.flatMap((page) => page.items) ?? [];

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
        {status === 'pending' ? (
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
            <ul aria-label="Verification requests" className="flex flex-col gap-4">
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
      </div>
    </>
  );
}
