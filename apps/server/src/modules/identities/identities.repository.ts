import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';

import type { Database, Executor } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { users } from '../auth/auth.tables.ts';
import {
  type OidcFlowPurpose,
  type PendingSignUpClaims,
  identities,
  oidcFlows,
} from './identities.tables.ts';

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;

const identityColumns = {
  id: identities.id,
  userId: identities.userId,
  provider: identities.provider,
  subject: identities.subject,
  email: identities.email,
  createdAt: identities.createdAt,
};

export function createIdentitiesRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    async findIdentity(provider: string, subject: string, ex: Executor = db) {
      const [row] = await ex
        .select(identityColumns)
        .from(identities)
        .where(and(eq(identities.provider, provider), eq(identities.subject, subject)));
      return row;
    },

    async listIdentities(userId: string, ex: Executor = db) {
      return ex
        .select(identityColumns)
        .from(identities)
        .where(eq(identities.userId, userId))
        .orderBy(asc(identities.createdAt), asc(identities.id));
    },

    async insertIdentity(
      input: { userId: string; provider: string; subject: string; email: string | null },
      ex: Executor = db,
    ) {
      const [row] = await ex.insert(identities).values(input).returning(identityColumns);
      if (!row) throw new Error('The identity insert returned no row');
      return row;
    },

    async updateIdentityEmail(id: string, email: string | null) {
      await db.update(identities).set({ email }).where(eq(identities.id, id));
    },

    async deleteIdentity(ex: Executor, id: string) {
      await ex.delete(identities).where(eq(identities.id, id));
    },

    /**
     * The user's row, locked until the transaction ends: unlinking holds it so that two unlinks
     * at once cannot together remove every way to sign in.
     */
    async lockUser(ex: Executor, userId: string) {
      const [row] = await ex
        .select({ id: users.id, hasPassword: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row ? { id: row.id, hasPassword: row.hasPassword !== null } : undefined;
    },

    async hasPassword(userId: string) {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      return row?.passwordHash != null;
    },

    async emailInUse(email: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row !== undefined;
    },

    /** Starts a flow; flows older than a day (long over) are removed on the way. */
    async insertFlow(input: {
      provider: string;
      purpose: OidcFlowPurpose;
      userId: string | null;
      state: string;
      browserHash: string;
      codeVerifier: string;
      nonce: string;
      redirectTo: string;
      remember: boolean;
      expiresAt: Date;
    }) {
      await db.transaction(async (tx) => {
        await tx
          .delete(oidcFlows)
          .where(lt(oidcFlows.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
        await tx.insert(oidcFlows).values(input);
      });
    },

    /**
     * Spends the flow's state: returns the flow the first time only, so a replayed answer from
     * the provider finds nothing.
     */
    async spendState(provider: string, state: string) {
      const [row] = await db
        .update(oidcFlows)
        .set({ returnedAt: new Date() })
        .where(
          and(
            eq(oidcFlows.provider, provider),
            eq(oidcFlows.state, state),
            isNull(oidcFlows.returnedAt),
          ),
        )
        .returning();
      return row;
    },

    async startSignUp(
      flowId: string,
      input: { tokenHash: string; claims: PendingSignUpClaims; expiresAt: Date },
    ) {
      await db
        .update(oidcFlows)
        .set({
          signUpTokenHash: input.tokenHash,
          signUpClaims: input.claims,
          signUpExpiresAt: input.expiresAt,
        })
        .where(eq(oidcFlows.id, flowId));
    },

    async findSignUp(tokenHash: string) {
      const [row] = await db
        .select()
        .from(oidcFlows)
        .where(eq(oidcFlows.signUpTokenHash, tokenHash));
      return row;
    },

    /** Spends the sign-up token inside the account's transaction; false when already spent. */
    async completeSignUp(ex: Executor, flowId: string) {
      const rows = await ex
        .update(oidcFlows)
        .set({ completedAt: new Date() })
        .where(and(eq(oidcFlows.id, flowId), isNull(oidcFlows.completedAt)))
        .returning({ id: oidcFlows.id });
      return rows.length > 0;
    },
  };
}
