import { and, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { ContractType, Sport } from '@arena/shared/constants';
import type { createOfferSchema, OFFER_CLOSED_REASONS } from '@arena/shared/offer.schema';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import type { Position } from '../../http/cursor.ts';
import { userRoles } from '../auth/auth.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { blockBetween, blockedBy } from '../safety/safety.sql.ts';
import { athleteOffers, offerApplications } from './offers.tables.ts';

export type OffersRepository = ReturnType<typeof createOffersRepository>;
type OfferClosedReason = (typeof OFFER_CLOSED_REASONS)[number];
type OfferInput = z.output<typeof createOfferSchema>;

/** The form's values as columns: the deadline a date. */
const offerValues = ({ deadline, ...input }: OfferInput) => ({
  ...input,
  deadline: deadline === null ? null : new Date(deadline),
});

const outerOfferId = sql.raw('"athlete_offers"."id"');

/** Offers, not scholarships (decision 0047: a scholarship is an `athlete_offers` row too). */
const isOffer = sql`${athleteOffers.kind} = 'offer'`;

/**
 * An offer is live while its poster (the joined `profiles` row) is verified, or is an admin. An
 * organisation whose verification is removed keeps its offers, paused: hidden from the grid and
 * closed to applications until it is verified again.
 */
export const posterLive = sql<boolean>`(${profiles.verified} OR EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${profiles.userId} AND ${userRoles.role} = 'admin'))`;

/**
 * Why the offer takes no applications, or null while it does: closed by its poster, past its
 * deadline (it closes by itself: every read compares with the clock), or every place signed.
 */
export const closedReason = sql<OfferClosedReason | null>`(CASE
  WHEN ${athleteOffers.closedAt} IS NOT NULL THEN 'closed'
  WHEN ${athleteOffers.deadline} <= now() THEN 'deadline'
  WHEN ${athleteOffers.places} IS NOT NULL AND ${athleteOffers.signedCount} >= ${athleteOffers.places} THEN 'full'
END)`;
export const takesApplications = sql`(${athleteOffers.closedAt} IS NULL
  AND (${athleteOffers.deadline} IS NULL OR ${athleteOffers.deadline} > now())
  AND (${athleteOffers.places} IS NULL OR ${athleteOffers.signedCount} < ${athleteOffers.places}))`;

function offerColumns(viewerId: string | null) {
  return {
    id: athleteOffers.id,
    title: athleteOffers.title,
    organizationName: athleteOffers.organizationName,
    location: athleteOffers.location,
    leagueLevel: athleteOffers.leagueLevel,
    sport: athleteOffers.sport,
    positions: athleteOffers.positions,
    // Every read through these columns is of kind `offer` (`isOffer`), whose contract and salary
    // the table's check keeps present.
    contractType: sql<ContractType>`${athleteOffers.contractType}`,
    salary: sql<string>`${athleteOffers.salary}`,
    description: athleteOffers.description,
    requirements: athleteOffers.requirements,
    applicationCount: athleteOffers.applicationCount,
    createdAt: athleteOffers.createdAt,
    poster: {
      id: profiles.id,
      username: profiles.username,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      verified: profiles.verified,
      userType: profiles.userType,
    },
    paused: sql<boolean>`NOT ${posterLive}`,
    deadline: athleteOffers.deadline,
    places: athleteOffers.places,
    signedCount: athleteOffers.signedCount,
    closedReason,
    appliedByMe: viewerId
      ? sql<boolean>`EXISTS (SELECT 1 FROM ${offerApplications} WHERE ${offerApplications.offerId} = ${outerOfferId} AND ${offerApplications.applicantId} = ${viewerId})`
      : sql<boolean>`false`,
  };
}

export function createOffersRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    async posterState(profileId: string) {
      const [row] = await db
        .select({ verified: profiles.verified, userType: profiles.userType })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      return row;
    },

    async insert(postedBy: string, input: OfferInput) {
      const [row] = await db
        .insert(athleteOffers)
        .values({ postedBy, ...offerValues(input) })
        .returning({ id: athleteOffers.id });
      if (!row) throw new Error('The offer insert returned no row');
      return row.id;
    },

    async findView(id: string, viewerId: string | null) {
      const [row] = await db
        .select(offerColumns(viewerId))
        .from(athleteOffers)
        .innerJoin(profiles, eq(profiles.id, athleteOffers.postedBy))
        .where(
          and(
            eq(athleteOffers.id, id),
            isOffer,
            // An offer of a member who blocked the viewer does not exist for them.
            viewerId ? not(blockedBy(viewerId, sql`${athleteOffers.postedBy}`)) : undefined,
          ),
        );
      return row;
    },

    /** Who posted the offer, and whether it takes applications; locked in `tx` when given one. */
    async findPoster(id: string, tx: Executor = db) {
      const query = tx
        .select({
          postedBy: athleteOffers.postedBy,
          kind: athleteOffers.kind,
          title: athleteOffers.title,
          live: posterLive,
          closedReason,
          closedAt: athleteOffers.closedAt,
          deadline: athleteOffers.deadline,
          location: athleteOffers.location,
          contractType: athleteOffers.contractType,
          salary: athleteOffers.salary,
        })
        .from(athleteOffers)
        .innerJoin(profiles, eq(profiles.id, athleteOffers.postedBy))
        .where(eq(athleteOffers.id, id));
      const [row] = await (tx === db ? query : query.for('update', { of: athleteOffers }));
      return row;
    },

    /** Every field of the form again; returns nothing when the offer is gone. */
    async update(tx: Executor, id: string, input: OfferInput) {
      const [row] = await tx
        .update(athleteOffers)
        .set({ ...offerValues(input), updatedAt: sql`now()` })
        .where(eq(athleteOffers.id, id))
        .returning({ id: athleteOffers.id });
      return row !== undefined;
    },

    async setClosed(id: string, closed: boolean) {
      await db
        .update(athleteOffers)
        .set({ closedAt: closed ? sql`coalesce(${athleteOffers.closedAt}, now())` : null })
        .where(eq(athleteOffers.id, id));
    },

    /** The athletes whose applications to the offer are still open, to tell of a change. */
    async openApplicantIds(tx: Executor, offerId: string) {
      const rows = await tx
        .select({ id: offerApplications.applicantId })
        .from(offerApplications)
        .where(
          and(
            eq(offerApplications.offerId, offerId),
            inArray(offerApplications.status, [
              'pending',
              'viewed',
              'shortlisted',
              'trial',
              'offered',
            ]),
          ),
        );
      return rows.map((row) => row.id);
    },

    async list(
      viewerId: string | null,
      filter: { sport: Sport | undefined; closed: boolean },
      after: Position | null,
      limit: number,
    ) {
      return db
        .select(offerColumns(viewerId))
        .from(athleteOffers)
        .innerJoin(profiles, eq(profiles.id, athleteOffers.postedBy))
        .where(
          and(
            isOffer,
            posterLive,
            // Neither sees the other's offers in the list once one blocked the other.
            viewerId ? not(blockBetween(viewerId, sql`${athleteOffers.postedBy}`)) : undefined,
            filter.closed ? undefined : takesApplications,
            filter.sport ? eq(athleteOffers.sport, filter.sport) : undefined,
            after
              ? sql`(${athleteOffers.createdAt}, ${athleteOffers.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(athleteOffers.createdAt), desc(athleteOffers.id))
        .limit(literalLimit(limit + 1));
    },

    async listByPoster(posterId: string) {
      return db
        .select(offerColumns(posterId))
        .from(athleteOffers)
        .innerJoin(profiles, eq(profiles.id, athleteOffers.postedBy))
        .where(and(eq(athleteOffers.postedBy, posterId), isOffer))
        .orderBy(desc(athleteOffers.createdAt), desc(athleteOffers.id));
    },

    /** Deletes the offer (its applications go by cascade); returns the CV keys to remove from storage. */
    async delete(tx: Executor, id: string) {
      const cvs = await tx
        .select({ cvPath: offerApplications.cvPath })
        .from(offerApplications)
        .where(eq(offerApplications.offerId, id));
      await tx.delete(athleteOffers).where(eq(athleteOffers.id, id));
      return cvs.map((row) => row.cvPath).filter((path): path is string => path !== null);
    },
  };
}
