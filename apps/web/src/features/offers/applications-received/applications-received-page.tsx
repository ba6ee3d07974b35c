import { plural } from '@arena/shared/plural';
import { MESSAGES } from '@arena/shared/messages';
import { Inbox } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';

import { useApplicationsReceivedQuery } from '../application-queries.ts';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PosterOnly } from '../post/poster-only.tsx';
import { ApplicationsByOffer } from './applications-by-offer.tsx';

/** /applications-received: applications to the signed-in user's own offers, newest first. */
export function ApplicationsReceivedPage() {
  return (
    <PosterOnly page="applications-received">
      <ApplicationsReceived />
    </PosterOnly>
  );
}

function ApplicationsReceived() {
  const { data, status, error, refetch, isRefetching } = useApplicationsReceivedQuery();

  useEffect(() => {
    if (error) toast.error('Error', { description: error.message, id: 'applications-error' });
  }, [error]);

  return (
    <>
      <DocumentTitle title="Applications Received" />
      <div className="mx-auto flex max-w-4xl flex-col gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Applications Received
          </h1>
          {data ? <Badge variant="secondary">{plural(data.length, 'Application')}</Badge> : null}
        </div>
        {status === 'pending' ? (
          <div className="grid place-items-center py-16">
            <Spinner label="Loading applications..." showLabel />
          </div>
        ) : !data ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <p className="font-semibold text-slate-900">Couldn't load applications</p>
            <p className="text-sm text-slate-700">{error.message}</p>
            <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
              {isRefetching ? 'Retrying...' : 'Retry'}
            </Button>
          </Card>
        ) : data.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-blue-50 text-blue-800">
              <Inbox className="size-6" aria-hidden />
            </span>
            <p className="font-semibold text-slate-900">{MESSAGES.offer.noApplications}</p>
          </Card>
        ) : (
          <ApplicationsByOffer applications={data} />
        )}
      </div>
    </>
  );
}
