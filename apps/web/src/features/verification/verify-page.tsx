import { MESSAGES } from '@arena/shared/messages';
import { ShieldCheck } from 'lucide-react';

import { useVerificationRequestsInfiniteQuery } from '../../api/verification.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
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
          <div className="grid place-items-center py-16">
            <Spinner label="Loading verification requests..." showLabel />
          </div>
        ) : !data ? (
          <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <p className="font-semibold text-slate-900">{MESSAGES.verification.loadFailed}</p>
            <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
              {isRefetching ? 'Retrying...' : 'Retry'}
            </Button>
          </Card>
        ) : requests.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-blue-50 text-blue-800">
              <ShieldCheck className="size-6" aria-hidden />
            </span>
            <p className="font-semibold text-slate-900">{MESSAGES.verification.empty}</p>
          </Card>
        ) : (
          <>
            <ul aria-label="Verification requests" className="flex flex-col gap-4">
              {requests.map((request) => (
                <li key={request.id}>
                  <VerificationRequestCard request={request} />
                </li>
              ))}
            </ul>
            <div className="flex min-h-10 justify-center">
              {isFetchingNextPage ? (
                <Spinner label="Loading more requests..." showLabel />
              ) : hasNextPage ? (
                <Button variant="outline" onClick={() => void fetchNextPage()}>
                  Load more
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </>
  );
}
