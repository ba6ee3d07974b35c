import { and, count, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';

import type { Role, UserType } from '@arena/shared/constants';
import type { Aal } from '@arena/shared/factor.schema';

import type { Database, Executor } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { adminActions } from '../admin/admin.tables.ts';
import { athleteProfiles } from '../cv/cv.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { refreshTokens, signInFailures, signingKeys, userRoles, users } from './auth.tables.ts';

export type AuthRepository = ReturnType<typeof createAuthRepository>;

const sessionProfileColumns = {
  id: profiles.id,
  username: profiles.username,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  bio: profiles.bio,
  verified: profiles.verified,
  userType: profiles.userType,
};

/** A player without a birthdate on their CV: asked for it, and a minor until they answer. */
const birthdateMissing = sql<boolean>`(${profiles.userType} = 'player' AND NOT EXISTS (
  SELECT 1 FROM athlete_profiles bd WHERE bd.profile_id = ${profiles.id} AND bd.birthdate IS NOT NULL))`;

const sameDevice = (deviceId: string | null) =>
  deviceId === null ? isNull(signInFailures.deviceId) : eq(signInFailures.deviceId, deviceId);

export function createAuthRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    async findUserByEmail(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          passwordHash: users.passwordHash,
          emailConfirmedAt: users.emailConfirmedAt,
        })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row;
    },

    async emailExists(email: string, ex: Executor = db) {
      const [row] = await ex
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row !== undefined;
    },

    async usernameExists(username: string, ex: Executor = db) {
      const [row] = await ex
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()));
      return row !== undefined;
    },

    async insertUser(
      ex: Executor,
      input: { email: string; passwordHash: string | null; emailConfirmedAt?: Date | null },
    ) {
      const [row] = await ex
        .insert(users)
        .values(input)
        .returning({ id: users.id, email: users.email });
      if (!row) throw new Error('The user insert returned no row');
      return row;
    },

    async insertProfile(
      ex: Executor,
      input: { userId: string; username: string; fullName: string; userType: UserType },
    ) {
      const [row] = await ex.insert(profiles).values(input).returning(sessionProfileColumns);
      if (!row) throw new Error('The profile insert returned no row');
      return row;
    },

    /** A player's birthdate, given at sign-up: it lives on their CV. */
    async insertBirthdate(ex: Executor, profileId: string, birthdate: string) {
      await ex
        .insert(athleteProfiles)
        .values({ profileId, birthdate })
        .onConflictDoUpdate({ target: athleteProfiles.profileId, set: { birthdate } });
    },

    async findSessionUser(userId: string, ex: Executor = db) {
      const [row] = await ex
        .select({
          user: { id: users.id, email: users.email },
          profile: { ...sessionProfileColumns, birthdateMissing },
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    async rolesOf(userId: string, ex: Executor = db): Promise<Role[]> {
      const rows = await ex
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(eq(userRoles.userId, userId));
      return rows.map((row) => row.role);
    },

    /** Returns true when the role was newly granted. */
    async grantRole(ex: Executor, userId: string, role: Role) {
      const rows = await ex
        .insert(userRoles)
        .values({ userId, role })
        .onConflictDoNothing()
        .returning({ userId: userRoles.userId });
      return rows.length > 0;
    },

    /** Returns true when the role was held and is now revoked. */
    async revokeRole(ex: Executor, userId: string, role: Role) {
      const rows = await ex
        .delete(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
        .returning({ userId: userRoles.userId });
      return rows.length > 0;
    },

    async recordAdminAction(
      ex: Executor,
      input: {
        actorUserId: string | null;
        action: string;
        targetType: string;
        targetId: string;
        details?: unknown;
      },
    ) {
      await ex.insert(adminActions).values(input);
    },

    /** A moderator's suspension or ban of the account, if one is in force. */
    async sanctionOf(
      ex: Executor,
      userId: string,
    ): Promise<{ suspendedUntil: Date | null; bannedAt: Date | null }> {
      const [row] = await ex
        .select({ suspendedUntil: users.suspendedUntil, bannedAt: users.bannedAt })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? { suspendedUntil: null, bannedAt: null };
    },

    async insertRefreshToken(
      ex: Executor,
      input: {
        userId: string;
        familyId: string;
        tokenHash: string;
        persistent: boolean;
        expiresAt: Date;
        userAgent: string | null;
        ip: string | null;
        aal: Aal;
      },
    ) {
      await ex.insert(refreshTokens).values(input);
    },

    /** Locks the token's row so two refreshes with one token cannot both succeed. */
    async findRefreshTokenForUpdate(ex: Executor, tokenHash: string) {
      const [row] = await ex
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('update');
      return row;
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    async markRefreshTokenSpent(ex: Executor, id: string) {
      await ex.update(refreshTokens).set({ spentAt: new Date() }).where(eq(refreshTokens.id, id));
    },

    async revokeFamily(ex: Executor, familyId: string) {
      await ex
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /** Failures in the window from the same kind of client: one known browser, or all unknown ones. */
    async countRecentSignInFailures(emailLower: string, deviceId: string | null, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(signInFailures)
        .where(
          and(
            eq(signInFailures.emailLower, emailLower),
            sameDevice(deviceId),
            gt(signInFailures.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    async recordSignInFailure(
      emailLower: string,
      ip: string | null,
      deviceId: string | null,
      forgetBefore: Date,
    ) {
      await db.transaction(async (tx) => {
        // The server's clock, the one the window is measured with (not the database's).
        await tx.insert(signInFailures).values({ emailLower, ip, deviceId, createdAt: new Date() });
        await tx
          .delete(signInFailures)
          .where(
            and(
              eq(signInFailures.emailLower, emailLower),
              lt(signInFailures.createdAt, forgetBefore),
            ),
          );
      });
    },

    /** A successful sign-in forgets the failures of its own kind of client only. */
    async clearSignInFailures(emailLower: string, deviceId: string | null) {
      await db
        .delete(signInFailures)
        .where(and(eq(signInFailures.emailLower, emailLower), sameDevice(deviceId)));
    },

    async listSigningKeys() {
      return db
        .select()
        .from(signingKeys)
        .orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
    },

    async insertSigningKeyIfNone(input: { kid: string; privateJwk: unknown; publicJwk: unknown }) {
      await db.transaction(async (tx) => {
        // Serialise first-start key creation across instances.
        await tx.execute(sql`LOCK TABLE ${signingKeys} IN EXCLUSIVE MODE`);
        const [existing] = await tx.select({ kid: signingKeys.kid }).from(signingKeys).limit(1);
        if (!existing) await tx.insert(signingKeys).values(input);
      });
    },

    /** The accounts with these emails whose address is confirmed. */
    async findConfirmedUsersByEmails(emails: string[]) {
      if (emails.length === 0) return [];
      return db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) IN (${sql.join(
              emails.map((e) => sql`${e.toLowerCase()}`),
              sql`, `,
            )})`,
            isNotNull(users.emailConfirmedAt),
          ),
        );
    },
  };
}
