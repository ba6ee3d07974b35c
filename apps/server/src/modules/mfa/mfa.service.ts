import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';

import type { Aal } from '@arena/shared/factor.schema';
import { MFA_LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type {
  ChallengeResponse,
  EnrolFactorResponse,
  FactorList,
  enrolFactorSchema,
  verifyFactorSchema,
} from '@arena/shared/mfa.schema';

import { uniqueViolation } from '../../db/errors.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthService, ClientInfo, IssuedSession } from '../auth/auth.service.ts';
import type { AalGate } from './aal-gate.ts';
import { toFactor } from './factor-view.ts';
import type { ChallengeRow, FactorRow, MfaRepository } from './mfa.repository.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import type { RelyingParty } from './relying-party.ts';
import type { SmsProvider } from './sms.ts';
import { newTotpSecret, totpProvisioning, totpStep } from './totp.ts';
import {
  authenticationOptions,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
} from './webauthn.ts';

export type EnrolFactor = z.output<typeof enrolFactorSchema>;
export type VerifyFactor = z.output<typeof verifyFactorSchema>;

/** The caller as the second-step routes see them: any valid access token, aal1 included. */
export interface Caller {
  userId: string;
  aal: Aal;
}

export interface MfaDependencies {
  repo: MfaRepository;
  auth: AuthService;
  gate: AalGate;
  sms: SmsProvider;
  relyingParty: RelyingParty;
  now?: () => Date;
}

export type MfaService = ReturnType<typeof createMfaService>;

const m = MESSAGES.mfa;

function hashCode(challengeId: string, code: string): string {
  return createHash('sha256').update(`${challengeId}:${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createMfaService({
  repo,
  auth,
  gate,
  sms,
  relyingParty,
  now = () => new Date(),
}: MfaDependencies) {
  const windowStart = (at: Date) => new Date(at.getTime() - MFA_LIMITS.failedCodeWindowMs);

  async function ownFactor(userId: string, factorId: string): Promise<FactorRow> {
    const factor = await repo.findFactor(userId, factorId);
    if (!factor) throw new AppError('not_found', m.factorNotFound);
    return factor;
  }

  /**
   * Finishing an enrolment adds a way in: with a verified factor already, only an aal2 session
   * may do it (someone holding just the password must not add their own authenticator).
   */
  async function mayUse(caller: Caller, factor: FactorRow): Promise<void> {
    if (factor.status === 'unverified') await gate.require(caller);
  }

  async function refuseWhenPaused(userId: string, factorId: string | null, at: Date) {
    const failures = await repo.countFailuresSince(userId, factorId, windowStart(at));
    if (failures >= MFA_LIMITS.failedCodesPerFactor)
      throw new AppError('rate_limited', m.tooManyAttempts);
  }

  async function fail(
    userId: string,
    factorId: string | null,
    client: ClientInfo,
    at: Date,
    message: string,
  ): Promise<never> {
    await repo.recordFailure({
      userId,
      factorId,
      ip: client.ip,
      createdAt: at,
      forgetBefore: windowStart(at),
    });
    throw new AppError('bad_request', message);
  }

  /** The challenge, if it belongs to this factor and may still be answered. */
  function liveChallenge(challenge: ChallengeRow | undefined, factorId: string, at: Date) {
    if (!challenge || challenge.factorId !== factorId || challenge.usedAt)
      throw new AppError('bad_request', m.challengeExpired);
    if (challenge.expiresAt.getTime() <= at.getTime())
      throw new AppError('bad_request', challenge.codeHash ? m.codeExpired : m.challengeExpired);
    return challenge;
  }

  async function spend(ex: Executor, challengeId: string, at: Date) {
    if (!(await repo.consumeChallenge(ex, challengeId, at)))
      throw new AppError('bad_request', m.challengeExpired);
  }

  /** Checks the answer to a challenge; throws on a wrong one. Runs the state changes in `tx`. */
  async function checkAnswer(
    tx: Executor,
    factor: FactorRow,
    challenge: ChallengeRow,
    input: VerifyFactor,
    at: Date,
  ): Promise<'ok' | 'wrong'> {
    switch (factor.factorType) {
      case 'totp': {
        if (input.code === undefined || !factor.totpSecret)
          throw new AppError('bad_request', m.codeFormat);
        const step = totpStep(factor.totpSecret, input.code, at.getTime());
        if (step === null) return 'wrong';
        await spend(tx, challenge.id, at);
        if (!(await repo.acceptTotpStep(tx, factor.id, step)))
          throw new AppError('bad_request', m.codeReused);
        return 'ok';
      }
      case 'phone': {
        if (input.code === undefined || !challenge.codeHash)
          throw new AppError('bad_request', m.codeFormat);
        if (!sameHash(hashCode(challenge.id, input.code), challenge.codeHash)) return 'wrong';
        await spend(tx, challenge.id, at);
        return 'ok';
      }
      case 'webauthn': {
        if (input.webauthn === undefined || !challenge.webauthnChallenge)
          throw new AppError('bad_request', m.wrongFactorType);
        if (factor.status === 'unverified') {
          const created = await verifyRegistration(
            relyingParty,
            challenge.webauthnChallenge,
            input.webauthn as unknown as RegistrationResponseJSON,
          );
          if (!created) return 'wrong';
          await spend(tx, challenge.id, at);
          try {
            await repo.insertCredential(tx, {
              ...created,
              factorId: factor.id,
              userId: factor.userId,
              createdAt: at,
            });
          } catch (error) {
            if (uniqueViolation(error)) throw new AppError('conflict', m.passkeyFailed);
            throw error;
          }
          return 'ok';
        }
        const stored = await repo.credentialOfFactor(factor.id, tx);
        if (!stored || stored.id !== input.webauthn.id) return 'wrong';
        const counter = await verifyAuthentication(
          relyingParty,
          challenge.webauthnChallenge,
          input.webauthn as unknown as AuthenticationResponseJSON,
          stored,
          false,
        );
        if (counter === null) return 'wrong';
        await spend(tx, challenge.id, at);
        if (!(await repo.advanceCounter(tx, stored.id, counter, at)))
          throw new AppError('bad_request', m.passkeyFailed);
        return 'ok';
      }
    }
  }

  return {
    async list(userId: string): Promise<FactorList> {
      const [factors, recoveryCodesRemaining] = await Promise.all([
        repo.listFactors(userId),
        repo.countUnusedRecoveryCodes(userId),
      ]);
      return { factors: factors.map(toFactor), recoveryCodesRemaining };
    },

    /** Starts an enrolment: the factor stays 'unverified' until a first challenge is answered. */
    async enrol(caller: Caller, input: EnrolFactor): Promise<EnrolFactorResponse> {
      await gate.require(caller);
      const account = await repo.account(caller.userId);
      if (!account) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
      const at = now();
      const totpSecret = input.factorType === 'totp' ? newTotpSecret() : undefined;
      let factor: FactorRow;
      try {
        factor = await repo.transaction(async (tx) => {
          await repo.lockFactors(tx, caller.userId);
          await repo.deleteUnverifiedNamed(tx, caller.userId, input.friendlyName);
          if ((await repo.countFactors(tx, caller.userId)) >= MFA_LIMITS.factorsPerUser)
            throw new AppError('bad_request', m.tooManyFactors);
          return repo.insertFactor(tx, {
            userId: caller.userId,
            factorType: input.factorType,
            friendlyName: input.friendlyName,
            ...(totpSecret ? { totpSecret } : {}),
            ...(input.factorType === 'phone' ? { phone: input.phone } : {}),
            createdAt: at,
          });
        });
      } catch (error) {
        if (uniqueViolation(error) === 'mfa_factors_user_name_key')
          throw new AppError('conflict', m.nameTaken, { friendlyName: m.nameTaken });
        throw error;
      }
      if (!totpSecret) return { factor: toFactor(factor) };
      const issuer = input.factorType === 'totp' && input.issuer ? input.issuer : 'Arena';
      return {
        factor: toFactor(factor),
        totp: {
          secret: totpSecret,
          ...(await totpProvisioning(totpSecret, issuer, account.email)),
        },
      };
    },

    /** Removes a factor (aal2 needed while any factor is verified); the last one takes the recovery codes with it. */
    async remove(caller: Caller, factorId: string): Promise<void> {
      await gate.require(caller);
      await auth.secondFactorsChanging(caller.userId);
      await repo.transaction(async (tx) => {
        await repo.lockFactors(tx, caller.userId);
        if (!(await repo.deleteFactor(tx, caller.userId, factorId)))
          throw new AppError('not_found', m.factorNotFound);
        if (!(await repo.hasVerifiedFactor(caller.userId, tx)))
          await repo.deleteRecoveryCodes(tx, caller.userId);
      });
    },

    async challenge(
      caller: Caller,
      factorId: string,
      client: ClientInfo,
    ): Promise<ChallengeResponse> {
      const factor = await ownFactor(caller.userId, factorId);
      await mayUse(caller, factor);
      const at = now();
      const expiresAt = new Date(at.getTime() + MFA_LIMITS.challengeSeconds * 1000);
      const base = { factorId: factor.id, ip: client.ip, createdAt: at, expiresAt };
      const answer = (row: ChallengeRow): ChallengeResponse => ({
        id: row.id,
        factorId: factor.id,
        factorType: factor.factorType,
        expiresAt: row.expiresAt.toISOString(),
      });
      await repo.deleteStaleChallenges(factor.id, windowStart(at));

      switch (factor.factorType) {
        case 'totp':
          return answer(await repo.insertChallenge(base));
        case 'phone': {
          if (!factor.phone) throw new AppError('bad_request', m.wrongFactorType);
          const sent = await repo.countTextsSince(factor.id, windowStart(at));
          if (sent >= MFA_LIMITS.textsPerFactor) throw new AppError('rate_limited', m.tooManyTexts);
          const code = randomInt(0, 10 ** MFA_LIMITS.totpDigits)
            .toString()
            .padStart(MFA_LIMITS.totpDigits, '0');
          const id = crypto.randomUUID();
          const row = await repo.insertChallenge({ ...base, id, codeHash: hashCode(id, code) });
          const minutes = MFA_LIMITS.challengeSeconds / 60;
          await sms.send(
            factor.phone,
            `${code} is your Arena verification code. It expires in ${minutes} minutes.`,
          );
          return answer(row);
        }
        case 'webauthn': {
          const credentials = await repo.credentialsOfUser(caller.userId);
          if (factor.status === 'unverified') {
            const account = await repo.account(caller.userId);
            if (!account) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
            const options = await registrationOptions(
              relyingParty,
              { id: caller.userId, name: account.email, displayName: account.fullName },
              credentials,
            );
            const row = await repo.insertChallenge({
              ...base,
              webauthnChallenge: options.challenge,
            });
            return { ...answer(row), webauthn: { type: 'create', options } };
          }
          const own = credentials.filter((row) => row.factorId === factor.id);
          const options = await authenticationOptions(relyingParty, own, 'preferred');
          const row = await repo.insertChallenge({ ...base, webauthnChallenge: options.challenge });
          return { ...answer(row), webauthn: { type: 'request', options } };
        }
      }
    },

    /**
     * Answers a challenge. The factor becomes verified if it was not (recovery codes come with
     * the first one), and the caller's session is raised to aal2.
     */
    async verify(
      caller: Caller,
      factorId: string,
      input: VerifyFactor,
      client: ClientInfo,
      refreshToken: string | undefined,
    ): Promise<{ issued: IssuedSession; factor: FactorRow; recoveryCodes: string[] | null }> {
      const factor = await ownFactor(caller.userId, factorId);
      await mayUse(caller, factor);
      const at = now();
      await refuseWhenPaused(caller.userId, factor.id, at);
      const challenge = liveChallenge(await repo.findChallenge(input.challengeId), factor.id, at);
      const wrongMessage = factor.factorType === 'webauthn' ? m.passkeyFailed : m.invalidCode;

      const outcome = await repo.transaction(async (tx) => {
        if ((await checkAnswer(tx, factor, challenge, input, at)) === 'wrong')
          return { kind: 'wrong' as const };
        await repo.clearFailures(tx, caller.userId, factor.id);
        if (factor.status === 'verified') {
          const touched = await repo.touchFactor(tx, factor.id, at);
          return { kind: 'ok' as const, factor: touched ?? factor, recoveryCodes: null };
        }
        const firstFactor = !(await repo.hasVerifiedFactor(caller.userId, tx));
        await auth.secondFactorsChanging(caller.userId);
        const verified = await repo.markVerified(tx, factor.id, at);
        if (!verified) throw new AppError('conflict', m.factorAlreadyVerified);
        let recoveryCodes: string[] | null = null;
        if (firstFactor) {
          recoveryCodes = newRecoveryCodes();
          await repo.replaceRecoveryCodes(
            tx,
            caller.userId,
            recoveryCodes.map(hashRecoveryCode),
            at,
          );
        }
        return { kind: 'ok' as const, factor: verified, recoveryCodes };
      });
      if (outcome.kind === 'wrong') return fail(caller.userId, factor.id, client, at, wrongMessage);

      const issued = await auth.elevate(caller.userId, refreshToken, client);
      return { issued, factor: outcome.factor, recoveryCodes: outcome.recoveryCodes };
    },

    /** The second step with a recovery code instead of a factor; each code works once. */
    async useRecoveryCode(
      caller: Caller,
      code: string,
      client: ClientInfo,
      refreshToken: string | undefined,
    ): Promise<{ issued: IssuedSession; recoveryCodesRemaining: number }> {
      const at = now();
      await refuseWhenPaused(caller.userId, null, at);
      const used = await repo.transaction(async (tx) => {
        if (!(await repo.hasVerifiedFactor(caller.userId, tx))) return false;
        const spent = await repo.useRecoveryCode(tx, caller.userId, hashRecoveryCode(code), at);
        if (spent) await repo.clearFailures(tx, caller.userId, null);
        return spent;
      });
      if (!used) return fail(caller.userId, null, client, at, m.recoveryCodeInvalid);
      const issued = await auth.elevate(caller.userId, refreshToken, client);
      return { issued, recoveryCodesRemaining: await repo.countUnusedRecoveryCodes(caller.userId) };
    },

    /** New recovery codes replace every old one (aal2 only). */
    async renewRecoveryCodes(caller: Caller): Promise<string[]> {
      await gate.require(caller);
      if (!(await repo.hasVerifiedFactor(caller.userId)))
        throw new AppError('bad_request', m.noRecoveryCodes);
      const codes = newRecoveryCodes();
      await repo.transaction((tx) =>
        repo.replaceRecoveryCodes(tx, caller.userId, codes.map(hashRecoveryCode), now()),
      );
      return codes;
    },
  };
}
