import type { Session, SessionUser } from '@arena/shared/auth.schema';
import type { UserType } from '@arena/shared/constants';
import type { Aal, Factor } from '@arena/shared/factor.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { z } from 'zod';
import type { signInSchema, signUpSchema } from '@arena/shared/auth.schema';

import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createAccessTokenChecks } from './access-token-checks.ts';
import { createAccountWriter } from './account-writer.ts';
import { createAdminRoles } from './admin-emails.ts';
import type { AuthRepository } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { hashRefreshToken } from './refresh-token.ts';
import type { SecondFactorChanges } from './second-factor-changes.ts';
import type { SessionRevocations } from './session-revocations.ts';
import { createSessionIssuer } from './session-issuer.ts';
import type { Signer } from './signing-keys.ts';

export type SignUp = z.output<typeof signUpSchema>;
export type SignIn = z.output<typeof signInSchema>;

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /** The device cookie of a browser that signed in before, if it sent one. */
  deviceToken?: string | null;
}

/** How long a browser stays known to the account it signed in to (its device cookie). */
export const DEVICE_TRUST_SECONDS = 365 * 24 * 60 * 60;

/** A session handed to the client: the access token in the body, the refresh token in a cookie. */
export interface IssuedSession {
  session: Session;
  refreshToken: string;
  /** Remember me: a persistent cookie rather than a session cookie. */
  persistent: boolean;
  /** After a sign-up or sign-in: marks this browser as known to the account. */
  deviceToken?: string;
}

/** A new user and their profile; `passwordHash` null for an account without a password. */
export interface NewAccount {
  email: string;
  passwordHash: string | null;
  emailConfirmedAt?: Date | null;
  username: string;
  fullName: string;
  userType: UserType;
  /** A player's birthdate (sign-up asks it; the schema refused anyone under 13). */
  birthdate?: string | undefined;
}

export interface AuthPolicy {
  adminEmails: string[];
  /** Failed sign-ins allowed per account within `failedSignInWindowMs` before it is paused. */
  failedSignInsPerAccount: number;
  failedSignInWindowMs: number;
  /** REQUIRE_EMAIL_CONFIRMATION: sign-up starts no session, sign-in waits for the link. */
  requireEmailConfirmation?: boolean;
}

/** Who a confirmation link is sent to. */
export interface ConfirmationRecipient {
  id: string;
  email: string;
  fullName: string;
}

/** Sign-up when the email must be confirmed first: the account exists, no session yet. */
export interface PendingConfirmation {
  confirmationRequired: true;
  account: ConfirmationRecipient;
}

/** Sign-up that starts a session. */
export interface SignedUpSession extends IssuedSession {
  /**
   * Send this account a confirmation link although confirmation is not required: its address is
   * in ADMIN_EMAILS, and the admin role waits for the link to be used.
   */
  confirmationLink?: ConfirmationRecipient;
}

/** What sign-in needs to know of second factors (implemented by the mfa module). */
export interface SecondFactors {
  /** The member's verified factors: a session below aal2 must use one of them. */
  verifiedFactors(userId: string, ex?: Executor): Promise<Factor[]>;
  hasVerifiedFactor(userId: string): Promise<boolean>;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(
  repo: AuthRepository,
  signer: Signer,
  policy: AuthPolicy,
  secondFactors: SecondFactors,
  /** Where ended sessions are announced; absent in the command-line tools, which end none. */
  revocations?: SessionRevocations,
  /**
   * Members whose second factors changed lately: while a member's have not, their aal1 token's
   * own claim answers whether they have one. Absent, every aal1 request asks the database.
   */
  factorChanges?: SecondFactorChanges,
) {
  const { isAdminEmail, setAdmin, applyAdminEmails, grantForConfirmedEmail } = createAdminRoles(
    repo,
    policy.adminEmails,
  );

  const issue = createSessionIssuer(repo, signer, secondFactors);
  const { refuseTaken, insertAccount } = createAccountWriter(repo, grantForConfirmedEmail);

  return {
    async signUp(
      input: SignUp,
      client: ClientInfo,
    ): Promise<SignedUpSession | PendingConfirmation> {
      await refuseTaken(input);
      const passwordHash = await hashPassword(input.password);
      return repo.transaction(async (tx) => {
        const { user, profile, roles } = await insertAccount(tx, { ...input, passwordHash });
        const recipient = { id: user.id, email: user.email, fullName: profile.fullName };
        if (policy.requireEmailConfirmation) {
          return { confirmationRequired: true as const, account: recipient };
        }
        const issued = await issue(
          tx,
          user,
          profile,
          roles,
          { id: crypto.randomUUID(), persistent: input.remember },
          client,
          'aal1',
        );
        return {
          ...issued,
          deviceToken: await signer.signDevice(user.id, DEVICE_TRUST_SECONDS),
          ...(isAdminEmail(user.email) ? { confirmationLink: recipient } : {}),
        };
      });
    },

    /**
     * Creates an account inside the caller's transaction, without starting a session: for
     * sign-ups proven another way than a password (a third-party provider; `passwordHash` null).
     */
    async createAccount(tx: Executor, account: NewAccount): Promise<{ userId: string }> {
      await refuseTaken(account, tx);
      const { user } = await insertAccount(tx, account);
      return { userId: user.id };
    },

    async signIn(input: SignIn, client: ClientInfo): Promise<IssuedSession> {
      const emailLower = input.email.toLowerCase();
      const windowStart = new Date(Date.now() - policy.failedSignInWindowMs);
      const user = await repo.findUserByEmail(input.email);
      // A browser that signed in to this account before counts its failures apart, so that
      // failures from anywhere else (an attacker) cannot lock the owner out of their devices.
      const device = client.deviceToken ? await signer.verifyDevice(client.deviceToken) : null;
      const deviceId = device && user && device.userId === user.id ? device.deviceId : null;
      const failures = await repo.countRecentSignInFailures(emailLower, deviceId, windowStart);
      if (failures >= policy.failedSignInsPerAccount) {
        throw new AppError('rate_limited', MESSAGES.auth.tooManyFailedSignIns);
      }

      const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !valid) {
        await repo.recordSignInFailure(emailLower, client.ip, deviceId, windowStart);
        throw new AppError('unauthorized', MESSAGES.auth.invalidCredentials);
      }
      if (failures > 0) await repo.clearSignInFailures(emailLower, deviceId);
      // Told only to whoever knows the password, so it reveals nothing to anyone else.
      if (policy.requireEmailConfirmation && !user.emailConfirmedAt) {
        throw new AppError('forbidden', MESSAGES.account.emailNotConfirmed);
      }

      const found = await repo.findSessionUser(user.id);
      if (!found) throw new AppError('unauthorized', MESSAGES.auth.invalidCredentials);
      const issued = await repo.transaction(async (tx) => {
        const roles = await repo.rolesOf(user.id, tx);
        return issue(
          tx,
          found.user,
          found.profile,
          roles,
          { id: crypto.randomUUID(), persistent: input.remember },
          client,
          'aal1',
        );
      });
      return { ...issued, deviceToken: await signer.signDevice(user.id, DEVICE_TRUST_SECONDS) };
    },

    /**
     * Spends the presented refresh token and issues the next one in its family. A token that was
     * already spent means it was stolen or replayed: the whole family is revoked.
     */
    async refresh(token: string | undefined, client: ClientInfo): Promise<IssuedSession> {
      if (!token) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
      const outcome = await repo.transaction(async (tx) => {
        const row = await repo.findRefreshTokenForUpdate(tx, hashRefreshToken(token));
        if (!row || row.revokedAt) return { kind: 'invalid' as const };
        if (row.spentAt) {
          await repo.revokeFamily(tx, row.familyId);
          return { kind: 'reused' as const, familyId: row.familyId };
        }
        if (row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' as const };
        await repo.markRefreshTokenSpent(tx, row.id);
        const found = await repo.findSessionUser(row.userId, tx);
        if (!found) return { kind: 'invalid' as const };
        const roles = await repo.rolesOf(row.userId, tx);
        const issued = await issue(
          tx,
          found.user,
          found.profile,
          roles,
          { id: row.familyId, persistent: row.persistent },
          client,
          row.aal,
        );
        return { kind: 'issued' as const, issued };
      });
      if (outcome.kind === 'reused') await revocations?.announce([outcome.familyId]);
      if (outcome.kind !== 'issued')
        throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
      return outcome.issued;
    },

    /**
     * Ends the session the refresh token belongs to and the one the caller's access token belongs
     * to (each a whole family; usually the same one), and refuses their access tokens at once.
     */
    async signOut(token: string | undefined, callerSessionId: string | null): Promise<void> {
      const families = new Set<string>();
      const row = token ? await repo.findRefreshToken(hashRefreshToken(token)) : undefined;
      if (row) families.add(row.familyId);
      if (callerSessionId) families.add(callerSessionId);
      if (families.size === 0) return;
      await repo.transaction(async (tx) => {
        for (const familyId of families) await repo.revokeFamily(tx, familyId);
      });
      await revocations?.announce([...families]);
    },

    async sessionUser(userId: string): Promise<SessionUser> {
      const found = await repo.findSessionUser(userId);
      if (!found) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
      return { ...found, roles: await repo.rolesOf(userId) };
    },

    /**
     * Raises the caller's session to aal2 after a second factor succeeded. The presented refresh
     * token (when it is the caller's and still live) is spent and its family continues at aal2;
     * otherwise a new session starts.
     */
    async elevate(
      userId: string,
      token: string | undefined,
      client: ClientInfo,
    ): Promise<IssuedSession> {
      return repo.transaction(async (tx) => {
        const row = token
          ? await repo.findRefreshTokenForUpdate(tx, hashRefreshToken(token))
          : null;
        const live =
          row &&
          row.userId === userId &&
          !row.spentAt &&
          !row.revokedAt &&
          row.expiresAt.getTime() > Date.now();
        if (live) await repo.markRefreshTokenSpent(tx, row.id);
        const found = await repo.findSessionUser(userId, tx);
        if (!found) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
        const roles = await repo.rolesOf(userId, tx);
        const family = live
          ? { id: row.familyId, persistent: row.persistent }
          : { id: crypto.randomUUID(), persistent: false };
        return issue(tx, found.user, found.profile, roles, family, client, 'aal2');
      });
    },

    /**
     * A new session for an account that proved itself another way: a passkey (aal2), an emailed
     * link or a third-party sign-in (aal1: a member with a second factor must still use it).
     */
    async startSession(
      userId: string,
      options: { persistent: boolean; aal: Aal },
      client: ClientInfo,
    ): Promise<IssuedSession> {
      return repo.transaction(async (tx) => {
        const found = await repo.findSessionUser(userId, tx);
        if (!found) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
        const roles = await repo.rolesOf(userId, tx);
        const family = { id: crypto.randomUUID(), persistent: options.persistent };
        return issue(tx, found.user, found.profile, roles, family, client, options.aal);
      });
    },

    jwks: () => signer.jwks(),

    isAdminEmail,
    setAdmin,
    applyAdminEmails,
    grantForConfirmedEmail,
    ...createAccessTokenChecks(signer, secondFactors, revocations, factorChanges),
  };
}
