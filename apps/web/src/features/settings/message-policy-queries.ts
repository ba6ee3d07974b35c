import {
  type MessagePolicy,
  type MessagePolicySetting,
  messagePolicySettingSchema,
} from '@arena/shared/message.schema';
import { settingsPageSchema } from '@arena/shared/settings-page.schema';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { authKeys } from '../../lib/session/session-queries.ts';

const messagePolicyKeys = {
  mine: () => [...authKeys.all, 'message-policy'] as const,
};

/** Fills "Who can message me" from the Settings page's one request. */
export function seedMessagePolicy(queryClient: QueryClient, setting: MessagePolicySetting): void {
  queryClient.setQueryData(messagePolicyKeys.mine(), setting);
}

/**
 * Who can message the member, and whether they are under 18. On /settings the page's request
 * brings it (`enabled` waits for it); asked alone, it comes from the same endpoint.
 */
export function useMessagePolicyQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    enabled,
    queryKey: messagePolicyKeys.mine(),
    queryFn: async ({ signal }) =>
      (await request('/api/me/settings', { session, schema: settingsPageSchema, signal }))
        .messagePolicy,
  });
}

export function useMessagePolicyMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: MessagePolicy) =>
      request('/api/me/message-policy', {
        method: 'PUT',
        body: { policy },
        session,
        schema: messagePolicySettingSchema,
      }),
    onSuccess: (setting) => seedMessagePolicy(queryClient, setting),
  });
}
