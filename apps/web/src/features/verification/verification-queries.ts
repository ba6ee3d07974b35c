import type { VerificationStatus } from '@arena/shared/constants';
import type {
  VerificationDecision,
  VerificationRequestInput,
} from '@arena/shared/verification.schema';
import {
  myVerificationSchema,
  verificationRequestPageSchema,
} from '@arena/shared/verification.schema';
import { MESSAGES } from '@arena/shared/messages';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { authKeys } from '../../lib/session/session-queries.ts';

export const verificationKeys = {
  all: ['verification'] as const,
  /** The signed-in user's own state, for Get Verified. */
  mine: () => [...verificationKeys.all, 'mine'] as const,
  /** The requests, for the admins' /verify; one list per status. */
  requests: () => [...verificationKeys.all, 'requests'] as const,
  requestsOf: (status: VerificationStatus) => [...verificationKeys.requests(), status] as const,
};

export function useMyVerificationQuery(enabled = true) {
  const session = useSessionManager();
  return useQuery({
    queryKey: verificationKeys.mine(),
    queryFn: ({ signal }) =>
      request('/api/me/verification', { session, schema: myVerificationSchema, signal }),
    enabled,
  });
}

export function useRequestVerificationMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerificationRequestInput) =>
      request('/api/me/verification', {
        session,
        schema: myVerificationSchema,
        method: 'POST',
        body: input,
      }),
    onSuccess: (state) => queryClient.setQueryData(verificationKeys.mine(), state),
    // Pending already, or verified meanwhile: the button and the session catch up.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: authKeys.session() }),
      ]),
  });
}

/** The requests of one status, newest first; each page carries the count of every status. */
export function useVerificationRequestsInfiniteQuery(status: VerificationStatus) {
  const session = useSessionManager();
  return useInfiniteQuery({
    queryKey: verificationKeys.requestsOf(status),
    queryFn: ({ pageParam, signal }) =>
      request(
        `/api/admin/verification-requests?status=${status}${
          pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''
        }`,
        { session, schema: verificationRequestPageSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Approve, reject or disapprove; the list reloads whatever the outcome. */
const m = MESSAGES.verification;

const OUTCOMES: Record<VerificationDecision, { done: string; failed: string }> = {
  approve: { done: m.approved, failed: m.approveFailed },
  reject: { done: m.rejected, failed: m.rejectFailed },
  disapprove: { done: m.removed, failed: m.removeFailed },
};

/**
 * An admin's decision on a request, and the toast that says how it went. The toast is the
 * mutation's own: a decided request leaves its tab once the list is reloaded, and the card that
 * asked is gone before a caller's callbacks would run.
 */
export function useDecideVerificationMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: VerificationDecision }) =>
      request(`/api/admin/verification-requests/${encodeURIComponent(id)}/${decision}`, {
        session,
        method: 'POST',
      }),
    onSuccess: (_, { decision }) => void toast.success(OUTCOMES[decision].done),
    onError: (_, { decision }) => void toast.error(OUTCOMES[decision].failed),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.requests() }),
        // The admin may have decided on their own request: their verified flag changed.
        queryClient.invalidateQueries({ queryKey: authKeys.session() }),
      ]),
  });
}
