import type { Session, SessionUser } from '@arena/shared/auth.schema';
import type { Role, UserType } from '@arena/shared/constants';
import type { Aal, Factor } from '@arena/shared/factor.schema';
import { TOKEN_LIFETIMES } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type { z } from 'zod';
import type { signInSchema, signUpSchema } from '@arena/shared/auth.schema';

import { uniqueViolation } from '../../db/errors.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createAccessTokenChecks } from './access-token-checks.ts';
import { createAdminRoles } from './admin-emails.ts';
import type { AuthRepository } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { hashRefreshToken, newRefreshToken } from './refresh-token.ts';
import type { SecondFactorChanges } from './second-factor-changes.ts';
import type { SessionRevocations } from './session-revocations.ts';
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

/** The unique index a taken email or username breaks, and which one it is. */
const TAKEN_BY_CONSTRAINT: Partial<Record<string, 'email' | 'username'>> = {
  users_email_lower_key: 'email',
  profiles_username_lower_key: 'username',
};

/** The 409 for a taken email or username. */
function taken(field: 'email' | 'username'): AppError {
  return new AppError(
    'conflict',
    field === 'email' ? MESSAGES.auth.emailTaken : MESSAGES.auth.usernameTaken,
  );
}

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

  async function issue(
    ex: Executor,
    user: SessionUser['user'],
    profile: SessionUser['profile'],
    roles: Role[],
    family: { id: string; persistent: boolean },
    client: ClientInfo,
    aal: Aal,
  ): Promise<IssuedSession> {
    const refreshToken = newRefreshToken();
    const lifetime = family.persistent
      ? TOKEN_LIFETIMES.refreshTokenRememberedSeconds
      : TOKEN_LIFETIMES.refreshTokenSessionSeconds;
    await repo.insertRefreshToken(ex, {
      userId: user.id,
      familyId: family.id,
      tokenHash: hashRefreshToken(refreshToken),
      persistent: family.persistent,
      expiresAt: new Date(Date.now() + lifetime * 1000),
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip,
      aal,
    });
    // Below aal2 with a verified factor, the token is good only for the second step. Read before
    // signing: the token says what was read (second-factor-changes.ts).
    const factors = aal === 'aal1' ? await secondFactors.verifiedFactors(user.id, ex) : [];
    const access = await signer.sign({
      userId: user.id,
      profileId: profile.id,
      aal,
      sessionId: family.id,
      hadSecondFactor: aal === 'aal1' ? factors.length > 0 : undefined,
    });
    return {
      session: {
        user,
        profile,
        roles,
        accessToken: access.token,
        expiresAt: access.expiresAt.toISOString(),
        aal,
        ...(factors.length > 0 ? { mfaRequired: { factors } } : {}),
      },
      refreshToken,
      persistent: family.persistent,
    };
  }

  /**
   * A taken email or username is a 409: checked first for a clear message (`ex` the caller's
   * transaction, or none), and settled by the unique indexes in any race (`insertAccount`).
   */
  async function refuseTaken(account: { email: string; username: string }, ex?: Executor) {
    if (await repo.emailExists(account.email, ex)) throw taken('email');
    if (await repo.usernameExists(account.username, ex)) throw taken('username');
  }

  /**
   * The user, their profile and, for a confirmed address in ADMIN_EMAILS, the admin role; a taken
   * email or username is a 409.
   */
  async function insertAccount(tx: Executor, account: NewAccount) {
    try {
      const user = await repo.insertUser(tx, {
        email: account.email,
        passwordHash: account.passwordHash,
        emailConfirmedAt: account.emailConfirmedAt ?? null,
      });
      const profile = await repo.insertProfile(tx, {
        userId: user.id,
        username: account.username,
        fullName: account.fullName,
        userType: account.userType,
      });
      // An unconfirmed address proves nothing: its role comes with the link (or never).
      const roles: Role[] =
        account.emailConfirmedAt && (await grantForConfirmedEmail(tx, user)) ? ['admin'] : [];
      return { user, profile, roles };
    } catch (error) {
      const field = TAKEN_BY_CONSTRAINT[uniqueViolation(error) ?? ''];
      throw field ? taken(field) : error;
    }
  }

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
