import type { Session } from '@arena/shared/auth.schema';
import type { Factor } from '@arena/shared/factor.schema';
import {
  type EnrolFactorInput,
  challengeResponseSchema,
  enrolFactorResponseSchema,
  factorListSchema,
  passkeyOptionsResponseSchema,
  recoveryCodesSchema,
  recoverySignInResponseSchema,
  verifiedFactorResponseSchema,
} from '@arena/shared/mfa.schema';
import { sessionSchema } from '@arena/shared/auth.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import type { SessionManager } from '../../lib/session/session-manager.ts';
import { createPasskey, getPasskey } from './webauthn.ts';

export const mfaKeys = {
  all: ['mfa'] as const,
  factors: () => [...mfaKeys.all, 'factors'] as const,
};

const factorPath = (factorId: string, action?: 'challenge' | 'verify') =>
  `/api/auth/factors/${encodeURIComponent(factorId)}${action ? `/${action}` : ''}`;

/** The answer to a factor's challenge: a code (TOTP, phone) or a passkey's response. */
export type FactorAnswer = { code: string } | { webauthn: object };

function challenge(manager: SessionManager, factorId: string) {
  return request(factorPath(factorId, 'challenge'), {
    session: manager,
    schema: challengeResponseSchema,
    method: 'POST',
  });
}

/** Answers a challenge; the server answers with the session, now aal2, which replaces this one. */
function verify(
  manager: SessionManager,
  factorId: string,
  challengeId: string,
  answer: FactorAnswer,
) {
  return manager.replaceSession((accessToken) =>
    request(factorPath(factorId, 'verify'), {
      schema: verifiedFactorResponseSchema,
      method: 'POST',
      body: { challengeId, ...answer },
      accessToken,
    }),
  );
}

/**
 * Proves a factor from start to end: a code is checked against a new challenge; a passkey gets
 * its options from the challenge, and the browser's answer is checked.
 */
async function prove(
  manager: SessionManager,
  factor: Pick<Factor, 'id' | 'factorType'>,
  code?: string,
) {
  const started = await challenge(manager, factor.id);
  if (factor.factorType !== 'webauthn')
    return verify(manager, factor.id, started.id, { code: code ?? '' });
  if (!started.webauthn) throw new Error('The server sent no passkey options');
  const response =
    started.webauthn.type === 'create'
      ? await createPasskey(started.webauthn.options)
      : await getPasskey(started.webauthn.options);
  return verify(manager, factor.id, started.id, { webauthn: response });
}

/** `enabled: false` while the Settings page's own request may still bring the list. */
export function useFactorsQuery({ enabled = true } = {}) {
  const session = useSessionManager();
  return useQuery({
    queryKey: mfaKeys.factors(),
    queryFn: ({ signal }) =>
      request('/api/auth/factors', { session, schema: factorListSchema, signal }),
    enabled,
  });
}

export function useEnrolFactorMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationFn: (input: EnrolFactorInput) =>
      request('/api/auth/factors', {
        session,
        schema: enrolFactorResponseSchema,
        method: 'POST',
        body: input,
      }),
  });
}

/** Sends a text (phone factors); the code is then checked with `useProveFactorMutation`. */
export function useSendCodeMutation() {
  const manager = useSessionManager();
  return useMutation({ mutationFn: (factorId: string) => challenge(manager, factorId) });
}

/** Checks a texted code against the challenge that sent it. */
export function useVerifyTextedCodeMutation() {
  const manager = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      factorId,
      challengeId,
      code,
    }: {
      factorId: string;
      challengeId: string;
      code: string;
    }) => verify(manager, factorId, challengeId, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}

/** TOTP with a code, or a passkey (registering it when the factor is new). */
export function useProveFactorMutation() {
  const manager = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ factor, code }: { factor: Pick<Factor, 'id' | 'factorType'>; code?: string }) =>
      prove(manager, factor, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}

export function useRemoveFactorMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (factorId: string) => request(factorPath(factorId), { session, method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}

export function useRenewRecoveryCodesMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request('/api/auth/recovery-codes', { session, schema: recoveryCodesSchema, method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}

export function useRecoveryCodeMutation() {
  const manager = useSessionManager();
  return useMutation({
    mutationFn: (code: string) =>
      manager.replaceSession((accessToken) =>
        request('/api/auth/recovery-codes/verify', {
          schema: recoverySignInResponseSchema,
          method: 'POST',
          body: { code },
          accessToken,
        }),
      ),
  });
}

/** Signs in with a passkey alone: the browser offers the passkeys it holds for Arena. */
export function usePasskeySignInMutation() {
  const manager = useSessionManager();
  return useMutation({
    mutationFn: async ({ remember }: { remember: boolean }): Promise<Session> => {
      const { challengeId, options } = await request('/api/auth/passkeys/options', {
        schema: passkeyOptionsResponseSchema,
        method: 'POST',
      });
      const credential = await getPasskey(options);
      await manager.readyForNewSession();
      const session = await request('/api/auth/passkeys/sign-in', {
        schema: sessionSchema,
        method: 'POST',
        body: { challengeId, credential, remember },
      });
      manager.acceptNewSession(session, remember);
      return session;
    },
  });
}
