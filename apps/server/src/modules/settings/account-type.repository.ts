import { and, eq } from 'drizzle-orm';

import type { UserType } from '@arena/shared/constants';

import type { Database, Executor } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { verificationRequests } from '../verification/verification.tables.ts';

export type AccountTypeRepository = ReturnType<typeof createAccountTypeRepository>;

export function createAccountTypeRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    /**
     * The profile's type and verified flag, its row locked until the transaction ends: an admin's
     * approval (which sets the flag) and a change of type wait for each other.
     */
    async lockProfile(tx: Executor, profileId: string) {
      const [row] = await tx
        .select({ userType: profiles.userType, verified: profiles.verified })
        .from(profiles)
        .where(eq(profiles.id, profileId))
        .for('update');
      return row;
    },

    async setUserType(tx: Executor, profileId: string, userType: UserType) {
      await tx.update(profiles).set({ userType }).where(eq(profiles.id, profileId));
    },

    /** Deletes the request waiting for review, if any; true when there was one. */
    async withdrawPending(tx: Executor, profileId: string) {
      const rows = await tx
        .delete(verificationRequests)
        .where(
          and(
            eq(verificationRequests.profileId, profileId),
            eq(verificationRequests.status, 'pending'),
          ),
        )
        .returning({ id: verificationRequests.id });
      return rows.length > 0;
    },
  };
}
