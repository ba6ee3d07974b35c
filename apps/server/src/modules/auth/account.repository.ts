import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';

import type { Database, Executor } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import {
  type AccountAttemptKind,
  type AccountTokenPurpose,
  accountAttempts,
  accountTokens,
} from './account.tables.ts';
import { refreshTokens, users } from './auth.tables.ts';

export type AccountRepository = ReturnType<typeof createAccountRepository>;

/** What a mail and the account rules need to know of an account. */
const accountColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  emailConfirmedAt: users.emailConfirmedAt,
  fullName: profiles.fullName,
};

export function createAccountRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    async findAccountByEmail(email: string) {
      const [row] = await db
        .select(accountColumns)
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row;
    },

    async findAccountById(userId: string, ex: Executor = db) {
      const [row] = await ex
        .select(accountColumns)
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    /** Stores a new link's row, and forgets this account's expired ones of the same purpose. */
    async insertToken(input: {
      id: string;
      userId: string;
      purpose: AccountTokenPurpose;
      expiresAt: Date;
    }) {
      // One statement, so one round trip instead of four (BEGIN, the two, COMMIT); as atomic.
      await db.execute(
        sql`WITH expired AS (
            DELETE FROM account_tokens
            WHERE user_id = ${input.userId} AND purpose = ${input.purpose}
              AND expires_at < ${new Date().toISOString()}::timestamptz
          )
          INSERT INTO account_tokens (id, user_id, purpose, expires_at)
          VALUES (${input.id}, ${input.userId}, ${input.purpose},
            ${input.expiresAt.toISOString()}::timestamptz)`,
      );
    },

    /**
     * Spends the link's row: true for the one caller that does, false when the row is already
     * used (or gone). The row stays, so a second use can be told apart from a forged link.
     */
    async spendToken(ex: Executor, id: string, userId: string, purpose: AccountTokenPurpose) {
      const rows = await ex
        .update(accountTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(accountTokens.id, id),
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
          ),
        )
        .returning({ id: accountTokens.id });
      return rows.length > 0;
    },

    async findToken(ex: Executor, id: string, userId: string, purpose: AccountTokenPurpose) {
      const [row] = await ex
        .select({ usedAt: accountTokens.usedAt })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.id, id),
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, purpose),
          ),
        );
      return row;
    },

    /** The account's other unused links of this purpose stop working (deleted: never used). */
    async dropUnusedTokens(ex: Executor, userId: string, purpose: AccountTokenPurpose) {
      await ex
        .delete(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
          ),
        );
    },

    async setPassword(ex: Executor, userId: string, passwordHash: string) {
      await ex.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    async markEmailConfirmed(ex: Executor, userId: string) {
      await ex
        .update(users)
        .set({ emailConfirmedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
    },

    /**
     * Signs the account out everywhere (every refresh-token family), except `keepFamilyId`;
     * returns the sessions (families) it ended.
     */
    async revokeSessions(
      ex: Executor,
      userId: string,
      keepFamilyId: string | null,
    ): Promise<string[]> {
      const rows = await ex
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
          ),
        )
        .returning({ familyId: refreshTokens.familyId });
      return [...new Set(rows.map((row) => row.familyId))];
    },

    /** The live session a refresh token belongs to, if it is this user's. */
    async findLiveFamily(userId: string, tokenHash: string) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
          ),
        );
      return row?.familyId ?? null;
    },

    async countAttempts(kind: AccountAttemptKind, subject: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(accountAttempts)
        .where(
          and(
            eq(accountAttempts.kind, kind),
            eq(accountAttempts.subject, subject),
            gt(accountAttempts.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    /** Records one attempt and forgets this subject's attempts older than the window. */
    async recordAttempt(
      kind: AccountAttemptKind,
      subject: string,
      ip: string | null,
      forgetBefore: Date,
    ) {
      // One statement, so one round trip instead of four (BEGIN, the two, COMMIT); as atomic.
      await db.execute(
        sql`WITH forgotten AS (
            DELETE FROM account_attempts
            WHERE kind = ${kind} AND subject = ${subject}
              AND created_at < ${forgetBefore.toISOString()}::timestamptz
          )
          INSERT INTO account_attempts (kind, subject, ip) VALUES (${kind}, ${subject}, ${ip})`,
      );
    },

    async clearAttempts(kind: AccountAttemptKind, subject: string) {
      await db
        .delete(accountAttempts)
        .where(and(eq(accountAttempts.kind, kind), eq(accountAttempts.subject, subject)));
    },
  };
}
