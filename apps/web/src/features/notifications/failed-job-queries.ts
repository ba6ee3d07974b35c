import { failedJobListSchema } from '@arena/shared/notification.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { ApiRequestError } from '../../lib/http/api-error.ts';
import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { notificationKeys } from './notification-queries.ts';

/** The jobs that used up their tries (admins). */
export function useFailedJobsQuery() {
  const session = useSessionManager();
  return useQuery({
    queryKey: notificationKeys.failedJobs(),
    queryFn: ({ signal }) =>
      request('/api/admin/jobs/failed', { session, schema: failedJobListSchema, signal }),
  });
}

/** Puts a job back in its queue; it leaves the list. */
export function useRetryJobMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request(`/api/admin/jobs/${encodeURIComponent(id)}/retry`, { session, method: 'POST' }),
    onSuccess: () => {
      toast.success('The job is queued again.');
    },
    onError: (error) =>
      toast.error(
        error instanceof ApiRequestError ? error.message : 'The job could not be retried.',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.failedJobs() }),
  });
}
