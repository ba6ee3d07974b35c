import { and, asc, count, eq, gt, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';

import type { FactorType } from '@arena/shared/factor.schema';

import type { Database, Executor } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { users } from '../auth/auth.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import {
  mfaChallenges,
  mfaFactors,
  mfaFailures,
  mfaRecoveryCodes,
  webauthnCredentials,
} from './mfa.tables.ts';

export type MfaRepository = ReturnType<typeof createMfaRepository>;
export type FactorRow = typeof mfaFactors.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;
export type CredentialRow = typeof webauthnCredentials.$inferSelect;

export function createMfaRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    async account(userId: string) {
      const [row] = await db
        .select({ email: users.email, username: profiles.username, fullName: profiles.fullName })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    listFactors(userId: string, ex: Executor = db): Promise<FactorRow[]> {
      return ex
        .select()
        .from(mfaFactors)
        .where(eq(mfaFactors.userId, userId))
        .orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));
    },

    verifiedFactors(userId: string, ex: Executor = db): Promise<FactorRow[]> {
      return ex
        .select()
        .from(mfaFactors)
        .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')))
        .orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));
    },

    /** Asked on every request with an aal1 token: served by the partial index on verified factors. */
    /** Members whose factors were verified after `since`, and when (for a starting instance). */
    async verifiedSince(since: Date): Promise<{ userId: string; at: Date }[]> {
      const rows = await db
        .select({ userId: mfaFactors.userId, at: mfaFactors.verifiedAt })
        .from(mfaFactors)
        .where(gt(mfaFactors.verifiedAt, since));
      return rows.flatMap((row) => (row.at ? [{ userId: row.userId, at: row.at }] : []));
    },

    async hasVerifiedFactor(userId: string, ex: Executor = db): Promise<boolean> {
      const [row] = await ex
        .select({ id: mfaFactors.id })
        .from(mfaFactors)
        .where(and(eq(mfaFactors.userId, userId), sql`${mfaFactors.status} = 'verified'`))
        .limit(1);
      return row !== undefined;
    },

    async findFactor(userId: string, factorId: string, ex: Executor = db) {
      const [row] = await ex
        .select()
        .from(mfaFactors)
        .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)));
      return row;
    },

    /** Locks the user's factor rows, so enrolments and removals of one user take turns. */
    async lockFactors(ex: Executor, userId: string) {
      await ex
        .select({ id: mfaFactors.id })
        .from(mfaFactors)
        .where(eq(mfaFactors.userId, userId))
        .for('update');
    },

    async countFactors(ex: Executor, userId: string) {
      const [row] = await ex
        .select({ n: count() })
        .from(mfaFactors)
        .where(eq(mfaFactors.userId, userId));
      return row?.n ?? 0;
    },

    /** An abandoned enrolment under the same name gives way to the new one. */
    async deleteUnverifiedNamed(ex: Executor, userId: string, friendlyName: string) {
      await ex
        .delete(mfaFactors)
        .where(
          and(
            eq(mfaFactors.userId, userId),
            eq(mfaFactors.status, 'unverified'),
            eq(sql`lower(${mfaFactors.friendlyName})`, friendlyName.toLowerCase()),
          ),
        );
    },

    async insertFactor(
      ex: Executor,
      input: {
        userId: string;
        factorType: FactorType;
        friendlyName: string;
        totpSecret?: string;
        phone?: string;
        createdAt: Date;
      },
    ): Promise<FactorRow> {
      const [row] = await ex.insert(mfaFactors).values(input).returning();
      if (!row) throw new Error('The factor insert returned no row');
      return row;
    },

    async deleteFactor(ex: Executor, userId: string, factorId: string) {
      const rows = await ex
        .delete(mfaFactors)
        .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
        .returning({ id: mfaFactors.id });
      return rows.length > 0;
    },

    /** Returns the factor, now verified; undefined if it was verified meanwhile or is gone. */
    async markVerified(ex: Executor, factorId: string, at: Date) {
      const [row] = await ex
        .update(mfaFactors)
        .set({ status: 'verified', verifiedAt: at, lastUsedAt: at })
        .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.status, 'unverified')))
        .returning();
      return row;
    },

    async touchFactor(ex: Executor, factorId: string, at: Date) {
      const [row] = await ex
        .update(mfaFactors)
        .set({ lastUsedAt: at })
        .where(eq(mfaFactors.id, factorId))
        .returning();
      return row;
    },

    /**
     * Records `step` as the factor's last accepted TOTP step, only if it is later than the last
     * one: false means the code (or an earlier one) was already used. Atomic, so two requests
     * with one code cannot both pass.
     */
    async acceptTotpStep(ex: Executor, factorId: string, step: number) {
      const rows = await ex
        .update(mfaFactors)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(mfaFactors.id, factorId),
            sql`(${mfaFactors.totpLastStep} IS NULL OR ${mfaFactors.totpLastStep} < ${step})`,
          ),
        )
        .returning({ id: mfaFactors.id });
      return rows.length > 0;
    },

    async insertChallenge(input: {
      id?: string;
      factorId: string | null;
      codeHash?: string;
      webauthnChallenge?: string;
      ip: string | null;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<ChallengeRow> {
      const [row] = await db.insert(mfaChallenges).values(input).returning();
      if (!row) throw new Error('The challenge insert returned no row');
      return row;
    },

    async findChallenge(challengeId: string) {
      const [row] = await db.select().from(mfaChallenges).where(eq(mfaChallenges.id, challengeId));
      return row;
    },

    /** Spends the challenge; false when it was already answered or has expired. */
    async consumeChallenge(ex: Executor, challengeId: string, at: Date) {
      const rows = await ex
        .update(mfaChallenges)
        .set({ usedAt: at })
        .where(
          and(
            eq(mfaChallenges.id, challengeId),
            isNull(mfaChallenges.usedAt),
            gt(mfaChallenges.expiresAt, at),
          ),
        )
        .returning({ id: mfaChallenges.id });
      return rows.length > 0;
    },

    /** Texts sent for a phone factor since `since`. */
    async countTextsSince(factorId: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(mfaChallenges)
        .where(
          and(
            eq(mfaChallenges.factorId, factorId),
            isNotNull(mfaChallenges.codeHash),
            gte(mfaChallenges.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    /** Challenges long expired are of no use to anyone (factor null: passkey sign-ins). */
    async deleteStaleChallenges(factorId: string | null, createdBefore: Date) {
      await db
        .delete(mfaChallenges)
        .where(
          and(
            factorId === null
              ? isNull(mfaChallenges.factorId)
              : eq(mfaChallenges.factorId, factorId),
            lt(mfaChallenges.createdAt, createdBefore),
          ),
        );
    },

    async countFailuresSince(userId: string, factorId: string | null, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(mfaFailures)
        .where(
          and(
            eq(mfaFailures.userId, userId),
            factorId === null ? isNull(mfaFailures.factorId) : eq(mfaFailures.factorId, factorId),
            gte(mfaFailures.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    async recordFailure(input: {
      userId: string;
      factorId: string | null;
      ip: string | null;
      createdAt: Date;
      forgetBefore: Date;
    }) {
      const { forgetBefore, ...row } = input;
      await db.transaction(async (tx) => {
        await tx.insert(mfaFailures).values(row);
        await tx
          .delete(mfaFailures)
          .where(and(eq(mfaFailures.userId, row.userId), lt(mfaFailures.createdAt, forgetBefore)));
      });
    },

    async clearFailures(ex: Executor, userId: string, factorId: string | null) {
      await ex
        .delete(mfaFailures)
        .where(
          and(
            eq(mfaFailures.userId, userId),
            factorId === null ? isNull(mfaFailures.factorId) : eq(mfaFailures.factorId, factorId),
          ),
        );
    },

    async replaceRecoveryCodes(ex: Executor, userId: string, hashes: string[], at: Date) {
      await ex.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      if (hashes.length > 0) {
        await ex
          .insert(mfaRecoveryCodes)
          .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
      }
    },

    async deleteRecoveryCodes(ex: Executor, userId: string) {
      await ex.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    },

    /** Spends the code; false when there is no such unused code. Atomic: one use only. */
    async useRecoveryCode(ex: Executor, userId: string, codeHash: string, at: Date) {
      const rows = await ex
        .update(mfaRecoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(mfaRecoveryCodes.userId, userId),
            eq(mfaRecoveryCodes.codeHash, codeHash),
            isNull(mfaRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length > 0;
    },

    async countUnusedRecoveryCodes(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    async insertCredential(
      ex: Executor,
      input: {
        id: string;
        factorId: string;
        userId: string;
        publicKey: string;
        counter: number;
        transports: string[];
        deviceType: string;
        backedUp: boolean;
        createdAt: Date;
      },
    ) {
      await ex.insert(webauthnCredentials).values(input);
    },

    async findCredential(credentialId: string) {
      const [row] = await db
        .select({ credential: webauthnCredentials, factor: mfaFactors })
        .from(webauthnCredentials)
        .innerJoin(mfaFactors, eq(mfaFactors.id, webauthnCredentials.factorId))
        .where(eq(webauthnCredentials.id, credentialId));
      return row;
    },

    async credentialOfFactor(factorId: string, ex: Executor = db) {
      const [row] = await ex
        .select()
        .from(webauthnCredentials)
        .where(eq(webauthnCredentials.factorId, factorId));
      return row;
    },

    credentialsOfUser(userId: string): Promise<CredentialRow[]> {
      return db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
    },

    /**
     * Moves the signature counter forward. Authenticators that keep no counter always report 0;
     * one that does must report more than last time.
     */
    async advanceCounter(ex: Executor, credentialId: string, counter: number, at: Date) {
      const rows = await ex
        .update(webauthnCredentials)
        .set({ counter, lastUsedAt: at })
        .where(
          and(
            eq(webauthnCredentials.id, credentialId),
            sql`(${counter} = 0 AND ${webauthnCredentials.counter} = 0 OR ${webauthnCredentials.counter} < ${counter})`,
          ),
        )
        .returning({ id: webauthnCredentials.id });
      return rows.length > 0;
    },
  };
}
