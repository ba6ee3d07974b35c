import type { FailedJob } from '@arena/shared/notification.schema';
import { CircleCheck } from 'lucide-react';

import { DocumentTitle } from '../../components/document-title.tsx';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/list-states.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { exactMoment } from '../posts/relative-time.tsx';
import { useFailedJobsQuery, useRetryJobMutation } from './failed-job-queries.ts';

function FailedJobCard({ job }: { job: FailedJob }) {
  const retry = useRetryJobMutation();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
      <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">Purpose</dt>
        <dd className="font-semibold break-words text-slate-900">{job.purpose}</dd>
        <dt className="font-medium text-slate-700">Queue</dt>
        <dd className="break-words text-slate-900">{job.queue}</dd>
        <dt className="font-medium text-slate-700">Attempts</dt>
        <dd className="text-slate-900">{job.attempts}</dd>
        <dt className="font-medium text-slate-700">Failed at</dt>
        <dd className="text-slate-900">
          <time dateTime={job.failedAt}>{exactMoment(new Date(job.failedAt))}</time>
        </dd>
        <dt className="font-medium text-slate-700">Error</dt>
        <dd className="font-mono text-xs break-all whitespace-pre-wrap text-red-800">
          {job.error}
        </dd>
      </dl>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={retry.isPending}
        aria-label={`Retry ${job.purpose}`}
        onClick={() => retry.mutate(job.id)}
      >
        {retry.isPending ? 'Retrying...' : 'Retry'}
      </Button>
    </Card>
  );
}

/**
 * /admin/jobs (admins; RequireAdmin): the jobs that used up their tries, emails mostly, with why
 * the last one failed; Retry queues one again.
 */
export function FailedJobsPage() {
  const jobs = useFailedJobsQuery();
  return (
    <>
      <DocumentTitle title="Failed jobs" />
      <div className="mx-auto flex max-w-4xl flex-col gap-5">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Failed jobs
          </h1>
          <p className="mt-1 text-slate-700">
            Emails and other background work that failed after every retry.
          </p>
        </div>
        {jobs.status === 'pending' ? (
          <ListLoading label="Loading failed jobs..." />
        ) : jobs.status === 'error' ? (
          <ListLoadFailed
            title="The failed jobs could not be loaded."
            retrying={jobs.isRefetching}
            onRetry={() => void jobs.refetch()}
          />
        ) : jobs.data.items.length === 0 ? (
          <ListEmpty icon={CircleCheck} title="No failed jobs." />
        ) : (
          <ul aria-label="Failed jobs" className="flex flex-col gap-3">
            {jobs.data.items.map((job) => (
              <li key={job.id}>
                <FailedJobCard job={job} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
