import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { CampRegistrationStatus } from '@arena/shared/constants';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import type { Position } from '../../http/cursor.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { campRegistrations, camps } from './camps.tables.ts';

export type CampRegistrationsRepository = ReturnType<typeof createCampRegistrationsRepository>;

/** Statuses that hold interest, a place or a place in the queue: the members a camp's news reaches. */
const ACTIVE: CampRegistrationStatus[] = ['interested', 'booked', 'waitlisted'];

export function createCampRegistrationsRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    /** The member's row at the camp, whatever its status; in `tx`, under the camp's lock. */
    async find(tx: Executor, campId: string, memberId: string) {
      const [row] = await tx
        .select({ id: campRegistrations.id, status: campRegistrations.status })
        .from(campRegistrations)
        .where(and(eq(campRegistrations.campId, campId), eq(campRegistrations.memberId, memberId)));
      return row;
    },

    async insert(tx: Executor, campId: string, memberId: string, status: CampRegistrationStatus) {
      await tx.insert(campRegistrations).values({ campId, memberId, status });
    },

    /**
     * A new status for the row. `renew` makes it a new registration (one made again after a
     * cancellation): it counts from now in the organiser's list.
     */
    async setStatus(tx: Executor, id: string, status: CampRegistrationStatus, renew = false) {
      await tx
        .update(campRegistrations)
        .set({
          status,
          updatedAt: sql`now()`,
          ...(renew ? { createdAt: sql`now()` } : {}),
        })
        .where(eq(campRegistrations.id, id));
    },

    /** Moves the camp's count of booked places by `delta`, with the registration that moved it. */
    async addBooked(tx: Executor, campId: string, delta: number) {
      await tx
        .update(camps)
        .set({ bookedCount: sql`${camps.bookedCount} + ${delta}` })
        .where(eq(camps.id, campId));
    },

    /** The first `count` on the camp's waiting list, in the order they joined it. */
    async firstWaitlisted(tx: Executor, campId: string, count: number) {
      if (count <= 0) return [];
      return tx
        .select({ id: campRegistrations.id, memberId: campRegistrations.memberId })
        .from(campRegistrations)
        .where(
          and(eq(campRegistrations.campId, campId), eq(campRegistrations.status, 'waitlisted')),
        )
        .orderBy(asc(campRegistrations.updatedAt), asc(campRegistrations.id))
        .limit(literalLimit(count));
    },

    /**
     * The booked places of the account's member at others' camps still to come and not
     * cancelled, each camp locked in `tx` (in id order, as every lock of several camps is taken).
     */
    async bookedAhead(tx: Executor, userId: string, today: string) {
      return tx
        .select({ id: campRegistrations.id, campId: camps.id, title: camps.title })
        .from(campRegistrations)
        .innerJoin(camps, eq(camps.id, campRegistrations.campId))
        .innerJoin(profiles, eq(profiles.id, campRegistrations.memberId))
        .where(
          and(
            eq(profiles.userId, userId),
            eq(campRegistrations.status, 'booked'),
            sql`${camps.cancelledAt} IS NULL`,
            sql`${camps.startsOn} > ${today}::date`,
            sql`${camps.postedBy} <> ${profiles.id}`,
          ),
        )
        .orderBy(asc(camps.id))
        .for('update', { of: camps });
    },

    /** The members registered at the camp in any way (not cancelled), to tell of a change. */
    async activeMemberIds(tx: Executor, campId: string) {
      const rows = await tx
        .select({ id: campRegistrations.memberId })
        .from(campRegistrations)
        .where(
          and(eq(campRegistrations.campId, campId), inArray(campRegistrations.status, ACTIVE)),
        );
      return rows.map((row) => row.id);
    },

    /** The camp's registrations for its organiser, oldest first, with each member's summary. */
    async list(
      campId: string,
      status: CampRegistrationStatus | undefined,
      after: Position | null,
      limit: number,
    ) {
      return db
        .select({
          id: campRegistrations.id,
          status: campRegistrations.status,
          createdAt: campRegistrations.createdAt,
          updatedAt: campRegistrations.updatedAt,
          member: {
            id: profiles.id,
            username: profiles.username,
            fullName: profiles.fullName,
            avatarUrl: profiles.avatarUrl,
            verified: profiles.verified,
            userType: profiles.userType,
          },
        })
        .from(campRegistrations)
        .innerJoin(profiles, eq(profiles.id, campRegistrations.memberId))
        .where(
          and(
            eq(campRegistrations.campId, campId),
            status ? eq(campRegistrations.status, status) : undefined,
            after
              ? sql`(${campRegistrations.createdAt}, ${campRegistrations.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(campRegistrations.createdAt), asc(campRegistrations.id))
        .limit(literalLimit(limit + 1));
    },
  };
}
