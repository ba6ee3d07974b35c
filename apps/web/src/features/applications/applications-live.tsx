import { useQueryClient } from '@tanstack/react-query';

import { useRealtime } from '../../lib/realtime/use-realtime.ts';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { refreshApplications } from './my-application-queries.ts';

/**
 * Keeps both sides of the pipeline live on every in-app screen: the server tells the athlete and
 * the poster of each change on their inbox topic (the one the badges already listen to), and the
 * lists are fetched again, so a stage moves without a reload. Renders nothing.
 */
export function ApplicationsLive() {
  const me = useCurrentUser()?.profile.id ?? null;
  const queryClient = useQueryClient();
  useRealtime(
    me === null ? null : `inbox:${me}`,
    (event) => {
      if (event.type === 'application.changed') refreshApplications(queryClient);
    },
    // A change may have come while the socket was down.
    () => refreshApplications(queryClient),
  );
  return null;
}
