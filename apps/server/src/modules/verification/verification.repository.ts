import { and, count, desc, eq, sql } from 'drizzle-orm';

import type { VerificationStatus } from '@arena/shared/constants';
import type { z } from 'zod';
import type { verificationRequestInputSchema } from '@arena/shared/verification.schema';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import type { Position } from '../../http/cursor.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { verificationRequests } from './verification.tables.ts';

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;

const requestColumns = {
  id: verificationRequests.id,
  status: verificationRequests.status,
  createdAt: verificationRequests.createdAt,
  fullName: verificationRequests.fullName,
  organizationName: verificationRequests.organizationName,
  organizationType: verificationRequests.organizationType,
  email: verificationRequests.email,
  phone: verificationRequests.phone,
  website: verificationRequests.website,
  officialContact: verificationRequests.officialContact,
  additionalInfo: verificationRequests.additionalInfo,
  reviewedAt: verificationRequests.reviewedAt,
  profile: { id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl },
};

export function createVerificationRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    async profileState(profileId: string) {
      const [row] = await db
        .select({ verified: profiles.verified, userType: profiles.userType })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      return row;
    },

    async latestStatus(profileId: string): Promise<VerificationStatus | null> {
      const [row] = await db
        .select({ status: verificationRequests.status })
        .from(verificationRequests)
        .where(eq(verificationRequests.profileId, profileId))
        .orderBy(desc(verificationRequests.createdAt))
        .limit(1);
      return row?.status ?? null;
    },

    async insert(profileId: string, input: z.output<typeof verificationRequestInputSchema>) {
      await db.insert(verificationRequests).values({ profileId, ...input });
    },

    async list(status: VerificationStatus | undefined, after: Position | null, limit: number) {
      return db
        .select(requestColumns)
        .from(verificationRequests)
        .innerJoin(profiles, eq(profiles.id, verificationRequests.profileId))
        .where(
          and(
            status ? eq(verificationRequests.status, status) : undefined,
            after
              ? sql`(${verificationRequests.createdAt}, ${verificationRequests.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id))
        .limit(literalLimit(limit + 1));
    },

    /**
     * Moves a request from one status to another and sets the profile's verified flag, in the
     * caller's transaction. Returns false when the request is not (or no longer) in `from`.
     */
    async transition(
      tx: Executor,
      id: string,
      from: VerificationStatus,
      to: VerificationStatus,
      verified: boolean,
      reviewerId: string,
    ) {
      const [row] = await tx
        .update(verificationRequests)
        .set({ status: to, reviewedBy: reviewerId, reviewedAt: new Date() })
        .where(and(eq(verificationRequests.id, id), eq(verificationRequests.status, from)))
        .returning({ profileId: verificationRequests.profileId });
      if (!row) return null;
      await tx.update(profiles).set({ verified }).where(eq(profiles.id, row.profileId));
      return row.profileId;
    },

    async countByStatus() {
      return db
        .select({ status: verificationRequests.status, n: count() })
        .from(verificationRequests)
        .groupBy(verificationRequests.status);
    },

    async exists(id: string) {
      const [row] = await db
        .select({ id: verificationRequests.id })
        .from(verificationRequests)
        .where(eq(verificationRequests.id, id));
      return row !== undefined;
    },
  };
}
