import type { SecondFactorChanges } from './second-factor-changes.ts';
import type { SecondFactors } from './auth.service.ts';
import type { SessionRevocations } from './session-revocations.ts';
import type { Signer, VerifiedAccess } from './signing-keys.ts';
import { cacheVerifiedTokens } from './verified-token-cache.ts';

/**
 * What an access token lets through on each request: its signature and claims (remembered per
 * token), and what can change while it lives (its session ending, its member adding a second
 * factor), checked every time.
 */
export function createAccessTokenChecks(
  signer: Signer,
  secondFactors: SecondFactors,
  /** Where ended sessions are announced; absent in the command-line tools, which end none. */
  revocations?: SessionRevocations,
  /**
   * Members whose second factors changed lately: while a member's have not, their aal1 token's
   * own claim answers whether they have one. Absent, every aal1 request asks the database.
   */
  factorChanges?: SecondFactorChanges,
) {
  const verifyToken = cacheVerifiedTokens((token) => signer.verify(token));

  /**
   * Whether an aal1 token's member has a verified second factor now. The token's claim answers
   * while the member's factors cannot have changed since it was issued; otherwise, and for tokens
   * without the claim, the database does.
   */
  async function hasSecondFactor(access: VerifiedAccess): Promise<boolean> {
    if (
      access.hadSecondFactor !== null &&
      factorChanges &&
      !factorChanges.changedSince(access.userId, access.issuedAt)
    ) {
      return access.hadSecondFactor;
    }
    return secondFactors.hasVerifiedFactor(access.userId);
  }

  return {
    /**
     * The access token's claims, for every route but the second step: an aal1 token of a member
     * with a verified second factor is refused (null), whatever it is presented for.
     */
    verifyAccessToken: async (token: string): Promise<VerifiedAccess | null> => {
      const access = await verifyToken(token);
      if (!access || revocations?.isEnded(access.sessionId)) return null;
      if (access.aal === 'aal2') return access;
      return (await hasSecondFactor(access)) ? null : access;
    },

    /**
     * Any valid access token of a live session, aal1 included: only for the second step of a
     * sign-in.
     */
    verifyAccessTokenAnyAal: async (token: string): Promise<VerifiedAccess | null> => {
      const access = await verifyToken(token);
      return !access || revocations?.isEnded(access.sessionId) ? null : access;
    },

    /**
     * Called before a member's second factors change (one about to be verified or removed): from
     * then on their tokens' claims are not trusted, here and, through the bus, everywhere. Said
     * before the change is committed, so that no request falls between; said for a change that
     * then fails, it only costs the member's next requests a query.
     */
    secondFactorsChanging: (userId: string): Promise<void> =>
      factorChanges?.announce([userId]) ?? Promise.resolve(),
  };
}
