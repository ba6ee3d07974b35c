import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';

import { MFA_LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type { PasskeyOptionsResponse, passkeySignInSchema } from '@arena/shared/mfa.schema';

import { AppError } from '../../http/app-error.ts';
import type { AuthService, ClientInfo, IssuedSession } from '../auth/auth.service.ts';
import type { MfaRepository } from './mfa.repository.ts';
import type { RelyingParty } from './relying-party.ts';
import { authenticationOptions, userIdOfHandle, verifyAuthentication } from './webauthn.ts';

export type PasskeySignIn = z.output<typeof passkeySignInSchema>;
export type PasskeysService = ReturnType<typeof createPasskeysService>;

const m = MESSAGES.mfa;

/**
 * Signing in with a passkey alone: the authenticator proves possession and verifies the user
 * (PIN or biometrics), so the session starts at aal2.
 */
export function createPasskeysService({
  repo,
  auth,
  relyingParty,
  now = () => new Date(),
}: {
  repo: MfaRepository;
  auth: AuthService;
  relyingParty: RelyingParty;
  now?: () => Date;
}) {
  return {
    async options(client: ClientInfo): Promise<PasskeyOptionsResponse> {
      const at = now();
      await repo.deleteStaleChallenges(
        null,
        new Date(at.getTime() - MFA_LIMITS.failedCodeWindowMs),
      );
      // No allowCredentials: the browser offers the passkeys it holds for this site.
      const options = await authenticationOptions(relyingParty, null, 'required');
      const challenge = await repo.insertChallenge({
        factorId: null,
        webauthnChallenge: options.challenge,
        ip: client.ip,
        createdAt: at,
        expiresAt: new Date(at.getTime() + MFA_LIMITS.challengeSeconds * 1000),
      });
      return { challengeId: challenge.id, options };
    },

    async signIn(input: PasskeySignIn, client: ClientInfo): Promise<IssuedSession> {
      const at = now();
      const challenge = await repo.findChallenge(input.challengeId);
      if (
        !challenge ||
        challenge.factorId !== null ||
        !challenge.webauthnChallenge ||
        challenge.usedAt ||
        challenge.expiresAt.getTime() <= at.getTime()
      ) {
        throw new AppError('bad_request', m.challengeExpired);
      }
      // One answer per challenge, right or wrong.
      if (!(await repo.transaction((tx) => repo.consumeChallenge(tx, challenge.id, at))))
        throw new AppError('bad_request', m.challengeExpired);

      const found = await repo.findCredential(input.credential.id);
      if (!found || found.factor.status !== 'verified')
        throw new AppError('unauthorized', m.passkeyUnknown);
      const response = input.credential as unknown as AuthenticationResponseJSON;
      const handle = response.response.userHandle;
      if (handle && userIdOfHandle(handle) !== found.credential.userId)
        throw new AppError('unauthorized', m.passkeyFailed);

      const counter = await verifyAuthentication(
        relyingParty,
        challenge.webauthnChallenge,
        response,
        found.credential,
        true,
      );
      if (counter === null) throw new AppError('unauthorized', m.passkeyFailed);
      const advanced = await repo.transaction(async (tx) => {
        if (!(await repo.advanceCounter(tx, found.credential.id, counter, at))) return false;
        await repo.touchFactor(tx, found.factor.id, at);
        return true;
      });
      if (!advanced) throw new AppError('unauthorized', m.passkeyFailed);
      return auth.startSession(
        found.credential.userId,
        { persistent: input.remember, aal: 'aal2' },
        client,
      );
    },
  };
}
