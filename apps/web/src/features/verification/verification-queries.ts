import type { VerificationStatus } from '@arena/shared/constants';
import type {
  VerificationDecision,
  VerificationRequestInput,
} from '@arena/shared/verification.schema';
import {
  myVerificationSchema,
  verificationRequestPageSchema,
} from '@arena/shared/verification.schema';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

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
export function useDecideVerificationMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: VerificationDecision }) =>
      request(`/api/admin/verification-requests/${encodeURIComponent(id)}/${decision}`, {
        session,
        method: 'POST',
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.requests() }),
        // The admin may have decided on their own request: their verified flag changed.
        queryClient.invalidateQueries({ queryKey: authKeys.session() }),
      ]),
  });
}
