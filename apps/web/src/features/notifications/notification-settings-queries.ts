import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationSettingsSchema } from '@arena/shared/notification.schema';
import type {
  NotificationSettings,
  NoticeKind,
  NoticePreference,
  PushSubscriptionInput,
  UpdateNoticePreferences,
} from '@arena/shared/notification.schema';
import { toast } from 'sonner';

import { ApiRequestError } from '../../lib/http/api-error.ts';
import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { notificationKeys } from './notification-queries.ts';

const SETTINGS_PATH = '/api/settings/notifications';
const PUSH_PATH = '/api/push-subscriptions';

/** Your choice per kind, and the key a browser needs to turn push on. */
export function useNotificationSettingsQuery() {
  const session = useSessionManager();
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) =>
      request(SETTINGS_PATH, { session, schema: notificationSettingsSchema, signal }),
  });
}

/** One kind's change: its email mode or its push, the rest as it was. */
export interface PreferenceChange {
  kind: NoticeKind;
  change: Partial<NoticePreference>;
}

/**
 * Saves one change as it is made: shown at once, confirmed with a toast, put back as it was
 * (with the server's reason) when it fails.
 */
export function useUpdatePreferenceMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const key = notificationKeys.settings();
  return useMutation({
    mutationFn: ({ kind, change }: PreferenceChange) => {
      const body: UpdateNoticePreferences = { [kind]: change };
      return request(SETTINGS_PATH, {
        session,
        schema: notificationSettingsSchema,
        method: 'PUT',
        body,
      });
    },
    onMutate: async ({ kind, change }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) {
        queryClient.setQueryData<NotificationSettings>(key, {
          ...before,
          preferences: {
            ...before.preferences,
            [kind]: { ...before.preferences[kind], ...change },
          },
        });
      }
      return { before };
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(key, settings);
      toast.success('Notification settings saved.');
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(
        error instanceof ApiRequestError
          ? error.message
          : 'Your change could not be saved. Please try again.',
      );
    },
  });
}

/** Tells the server where to push to for this browser. */
export function useSavePushSubscriptionMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationFn: (subscription: PushSubscriptionInput) =>
      request(PUSH_PATH, { session, method: 'POST', body: subscription }),
  });
}

/** Tells the server this browser no longer takes pushes. */
export function useDeletePushSubscriptionMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationFn: (endpoint: string) =>
      request(PUSH_PATH, { session, method: 'DELETE', body: { endpoint } }),
  });
}
