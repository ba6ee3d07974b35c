import { MESSAGES } from '@arena/shared/messages';
import { reportResultSchema } from '@arena/shared/moderation.schema';
import type { ReportInput } from '@arena/shared/moderation.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { request } from '../../../lib/http/request.ts';
import { useSessionManager } from '../../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../../lib/session/session-queries.ts';
import { blockedInCache } from '../../safety/safety-queries.ts';

/**
 * Sends a report (`POST /api/reports`); reporting the same item again updates the first report.
 * With "Also block", the screens show the block at once, as blocking from the profile does.
 * A refusal (the hourly limit, say) is left to the dialog, which shows it inline.
 */
export function useReportMutation({ username }: { username: string }) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationFn: (input: ReportInput) =>
      request('/api/reports', {
        session,
        schema: reportResultSchema,
        method: 'POST',
        body: input,
        failureMessages: { other: MESSAGES.moderation.reportFailed },
      }),
    onSuccess: async (result, input) => {
      toast.success(
        result.updated ? MESSAGES.moderation.reportUpdated : MESSAGES.moderation.reported,
      );
      if (input.block) await blockedInCache(queryClient, username, me?.profile.username ?? null);
    },
  });
}
