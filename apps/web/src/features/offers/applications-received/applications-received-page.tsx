import { plural } from '@arena/shared/plural';
import { MESSAGES } from '@arena/shared/messages';
import { Inbox } from 'lucide-react';
import { APPLICATION_STAGES, RECEIVED_SORTS } from '@arena/shared/application.schema';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';

import { useApplicationsReceivedQuery } from '../application-queries.ts';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PosterOnly } from '../post/poster-only.tsx';
import { ApplicationsByOffer } from './applications-by-offer.tsx';
import { BulkDeclineDialog } from './bulk-decline-dialog.tsx';
import { ReceivedFiltersBar } from './received-filters.tsx';
import type { ReceivedFilters } from './received-filters.tsx';

/**
 * /applications-received: applications to the signed-in user's own offers, newest first, or
 * filtered (`?offer=`, which notification links use, `?stage=`) and sorted (`?sort=`).
 */
export function ApplicationsReceivedPage() {
  return (
    <PosterOnly page="applications-received">
      <ApplicationsReceived />
    </PosterOnly>
  );
}

/** The filters in the address; anything unknown there counts as unset. */
function useReceivedFilters(): [ReceivedFilters, (filters: ReceivedFilters) => void] {
  const [search, setSearch] = useSearchParams();
  const filters: ReceivedFilters = {
    offer: search.get('offer') || null,
    stage: APPLICATION_STAGES.find((stage) => stage === search.get('stage')) ?? null,
    sort: RECEIVED_SORTS.find((sort) => sort === search.get('sort')) ?? 'newest',
  };
  function setFilters({ offer, stage, sort }: ReceivedFilters) {
    const next = new URLSearchParams();
    if (offer) next.set('offer', offer);
    if (stage) next.set('stage', stage);
    if (sort !== 'newest') next.set('sort', sort);
    setSearch(next, { replace: true });
  }
  return [filters, setFilters];
}

function ApplicationsReceived() {
  const [filters, setFilters] = useReceivedFilters();
  const { data, status, error, refetch, isRefetching } = useApplicationsReceivedQuery({
    ...(filters.offer ? { offer: filters.offer } : {}),
    ...(filters.stage ? { stage: filters.stage } : {}),
    sort: filters.sort,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Only what is on screen stays selected.
  const shownSelected = data ? data.filter((a) => selected.has(a.id)).map((a) => a.id) : [];

  function select(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

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
        <ReceivedFiltersBar filters={filters} onChange={setFilters} />
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
            <p className="font-semibold text-slate-900">
              {filters.offer || filters.stage
                ? 'No applications match these filters.'
                : MESSAGES.offer.noApplications}
            </p>
          </Card>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <BulkDeclineDialog ids={shownSelected} onDeclined={() => setSelected(new Set())} />
            </div>
            <ApplicationsByOffer
              applications={data}
              selected={selected}
              onSelectedChange={select}
            />
          </>
        )}
      </div>
    </>
  );
}
