import { and, isNull, lt, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Database } from '../../db/database.ts';
import { accountAttempts, accountTokens } from '../auth/account.tables.ts';
import { refreshTokens, signInFailures } from '../auth/auth.tables.ts';
import { oidcFlows } from '../identities/identities.tables.ts';
import { mfaChallenges, mfaFailures } from '../mfa/mfa.tables.ts';

/** How many rows each table lost in one pass. */
export type PrunedCounts = Record<string, number>;

export type HousekeepingRepository = ReturnType<typeof createHousekeepingRepository>;

/**
 * Rows that no rule reads any more: expired links, refresh tokens, second-factor challenges and
 * third-party sign-in flows, and attempt counts older than every window that counts them. The
 * limits forget a subject's old rows when it comes back; these are the ones whose subject never
 * did (a reset asked for an address once, a session that simply lapsed).
 */
export function createHousekeepingRepository(db: Database) {
  async function prune(table: PgTable, id: PgColumn, where: SQL | undefined): Promise<number> {
    const deleted = await db.delete(table).where(where).returning({ id });
    return deleted.length;
  }

  return {
    /** `before`: what expired or was counted before this moment goes. */
    async pruneStaleRows(before: Date): Promise<PrunedCounts> {
      return {
        // Spent tokens stay until they expire: presenting one revokes its family.
        refresh_tokens: await prune(
          refreshTokens,
          refreshTokens.id,
          lt(refreshTokens.expiresAt, before),
        ),
        account_tokens: await prune(
          accountTokens,
          accountTokens.id,
          lt(accountTokens.expiresAt, before),
        ),
        mfa_challenges: await prune(
          mfaChallenges,
          mfaChallenges.id,
          lt(mfaChallenges.expiresAt, before),
        ),
        oidc_flows: await prune(
          oidcFlows,
          oidcFlows.id,
          and(
            lt(oidcFlows.expiresAt, before),
            or(isNull(oidcFlows.signUpExpiresAt), lt(oidcFlows.signUpExpiresAt, before)),
          ),
        ),
        account_attempts: await prune(
          accountAttempts,
          accountAttempts.id,
          lt(accountAttempts.createdAt, before),
        ),
        sign_in_failures: await prune(
          signInFailures,
          signInFailures.id,
          lt(signInFailures.createdAt, before),
        ),
        mfa_failures: await prune(mfaFailures, mfaFailures.id, lt(mfaFailures.createdAt, before)),
      };
    },
  };
}
