import { MESSAGES } from '@arena/shared/messages';
import {
  birthdateResultSchema,
  guardianConfirmResultSchema,
  guardianStateSchema,
} from '@arena/shared/minors.schema';
import type { GuardianState } from '@arena/shared/minors.schema';
import { settingsPageSchema } from '@arena/shared/settings-page.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';

/** Settings → Guardian (an under-18 athlete's) and the guardian's confirmation page. */
const guardianKeys = {
  state: () => ['guardian', 'state'] as const,
};

/** Fills the section from the Settings page's one request (`GET /api/me/settings`). */
export function seedGuardian(queryClient: QueryClient, state: GuardianState): void {
  queryClient.setQueryData(guardianKeys.state(), state);
}

/**
 * The guardian state. On /settings the page's request brings it (`enabled` waits for it); the
 * section's changes answer with the new state, so it is asked for again only if it was lost.
 */
export function useGuardianQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    enabled,
    staleTime: Infinity,
    queryKey: guardianKeys.state(),
    queryFn: async ({ signal }) =>
      (await request('/api/me/settings', { session, schema: settingsPageSchema, signal })).guardian,
  });
}

/** Adds or changes the guardian's email (`email`), or removes the guardian (`null`). */
export function useGuardianMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string | null) =>
      request('/api/me/guardian', {
        session,
        schema: guardianStateSchema,
        ...(email === null ? { method: 'DELETE' } : { method: 'PUT', body: { email } }),
      }),
    onSuccess: (state, email) => {
      queryClient.setQueryData(guardianKeys.state(), state);
      toast.success(
        email === null ? MESSAGES.minors.guardianRemoved : MESSAGES.minors.guardianAdded,
      );
    },
    onError: (error) => toast.error(error.message),
  });
}

/** The guardian's link: `POST /api/guardians/confirm` (no session: the guardian has none). */
export function useConfirmGuardianMutation() {
  return useMutation({
    mutationFn: (token: string) =>
      request('/api/guardians/confirm', {
        method: 'POST',
        body: { token },
        schema: guardianConfirmResultSchema,
      }),
  });
}

/** A player who signed up before it was asked gives their birthdate (`PUT /api/me/birthdate`). */
export function useGiveBirthdateMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationFn: (birthdate: string) =>
      request('/api/me/birthdate', {
        session,
        method: 'PUT',
        body: { birthdate },
        schema: birthdateResultSchema,
      }),
  });
}
