import { MESSAGES } from '@arena/shared/messages';
import { reportResultSchema } from '@arena/shared/moderation.schema';
import type { ReportInput } from '@arena/shared/moderation.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { request } from '../../../lib/http/request.ts';
import { useSessionManager } from '../../../lib/session/session-context.tsx';
import { postKeys } from '../../posts/post-queries.ts';
import { profileKeys } from '../../profile/profile-queries.ts';

/**
 * Sends a report (`POST /api/reports`); reporting the same item again updates the first report.
 * With "Also block", the member's profile and the lists their posts were in are fetched again.
 * A refusal (the hourly limit, say) is left to the dialog, which shows it inline.
 */
export function useReportMutation({ username }: { username: string }) {
  const session = useSessionManager();
  const queryClient = useQueryClient();
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
      if (!input.block) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.detail(username) }),
        queryClient.invalidateQueries({ queryKey: postKeys.lists(), refetchType: 'none' }),
      ]);
    },
  });
}
