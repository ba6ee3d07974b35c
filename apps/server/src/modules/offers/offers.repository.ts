import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Sport } from '@arena/shared/constants';
import type { createApplicationSchema, createOfferSchema } from '@arena/shared/offer.schema';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import type { Position } from '../../http/cursor.ts';
import { userRoles } from '../auth/auth.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { athleteOffers, offerApplications } from './offers.tables.ts';

export type OffersRepository = ReturnType<typeof createOffersRepository>;

const outerOfferId = sql.raw('"athlete_offers"."id"');

/**
 * An offer is live while its poster (the joined `profiles` row) is verified, or is an admin. An
 * organisation whose verification is removed keeps its offers, paused: hidden from the grid and
 * closed to applications until it is verified again.
 */
const posterLive = sql<boolean>`(${profiles.verified} OR EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${profiles.userId} AND ${userRoles.role} = 'admin'))`;

function offerColumns(viewerId: string | null) {
  return {
    id: athleteOffers.id,
    title: athleteOffers.title,
    organizationName: athleteOffers.organizationName,
    location: athleteOffers.location,
    leagueLevel: athleteOffers.leagueLevel,
    sport: athleteOffers.sport,
    positions: athleteOffers.positions,
    contractType: athleteOffers.contractType,
    salary: athleteOffers.salary,
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

    async insert(postedBy: string, input: z.output<typeof createOfferSchema>) {
      const [row] = await db
        .insert(athleteOffers)
        .values({ postedBy, ...input })
        .returning({ id: athleteOffers.id });
      if (!row) throw new Error('The offer insert returned no row');
      return row.id;
    },

    async findView(id: string, viewerId: string | null) {
      const [row] = await db
        .select(offerColumns(viewerId))
        .from(athleteOffers)
        .innerJoin(profiles, eq(profiles.id, athleteOffers.postedBy))
        .where(eq(athleteOffers.id, id));
      return row;
    },

    async findPoster(id: string) {
      const [row] = await db
        .select({ postedBy: athleteOffers.postedBy, live: posterLive })
        .from(athleteOffers)
        .innerJoin(profiles, eq(profiles.id, athleteOffers.postedBy))
        .where(eq(athleteOffers.id, id));
      return row;
    },

    async list(
      viewerId: string | null,
      sport: Sport | undefined,
      after: Position | null,
      limit: number,
    ) {
      return db
        .select(offerColumns(viewerId))
        .from(athleteOffers)
        .innerJoin(profiles, eq(profiles.id, athleteOffers.postedBy))
        .where(
          and(
            posterLive,
            sport ? eq(athleteOffers.sport, sport) : undefined,
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
        .where(eq(athleteOffers.postedBy, posterId))
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

    /** Adds the application and counts it, in the caller's transaction. */
    async insertApplication(
      tx: Executor,
      offerId: string,
      applicantId: string,
      input: Omit<z.output<typeof createApplicationSchema>, 'cvUploadId'> & {
        cvPath: string | null;
      },
    ) {
      const [row] = await tx
        .insert(offerApplications)
        .values({ offerId, applicantId, ...input })
        .returning({ id: offerApplications.id });
      await tx
        .update(athleteOffers)
        .set({ applicationCount: sql`${athleteOffers.applicationCount} + 1` })
        .where(eq(athleteOffers.id, offerId));
      if (!row) throw new Error('The application insert returned no row');
      return row.id;
    },

    /** Applications to the given poster's offers, newest first, with the offer and the applicant. */
    async receivedBy(posterId: string) {
      return db
        .select({
          id: offerApplications.id,
          offerId: offerApplications.offerId,
          createdAt: offerApplications.createdAt,
          status: offerApplications.status,
          cvPath: offerApplications.cvPath,
          athleteName: offerApplications.athleteName,
          email: offerApplications.email,
          sport: offerApplications.sport,
          currentTeam: offerApplications.currentTeam,
          positionRole: offerApplications.positionRole,
          yearsExperience: offerApplications.yearsExperience,
          achievements: offerApplications.achievements,
          heightWeight: offerApplications.heightWeight,
          availability: offerApplications.availability,
          whyInterested: offerApplications.whyInterested,
          willingToRelocate: offerApplications.willingToRelocate,
          desiredContractDuration: offerApplications.desiredContractDuration,
          applicant: {
            id: profiles.id,
            username: profiles.username,
            avatarUrl: profiles.avatarUrl,
          },
          offer: { title: athleteOffers.title, organizationName: athleteOffers.organizationName },
        })
        .from(offerApplications)
        .innerJoin(athleteOffers, eq(athleteOffers.id, offerApplications.offerId))
        .innerJoin(profiles, eq(profiles.id, offerApplications.applicantId))
        .where(eq(athleteOffers.postedBy, posterId))
        .orderBy(desc(offerApplications.createdAt), desc(offerApplications.id));
    },

    /** Who may read an application's CV: its applicant and the offer's poster. */
    async cvAccess(applicationId: string) {
      const [row] = await db
        .select({
          cvPath: offerApplications.cvPath,
          applicantId: offerApplications.applicantId,
          athleteName: offerApplications.athleteName,
          posterId: athleteOffers.postedBy,
          offerTitle: athleteOffers.title,
        })
        .from(offerApplications)
        .innerJoin(athleteOffers, eq(athleteOffers.id, offerApplications.offerId))
        .where(eq(offerApplications.id, applicationId));
      return row;
    },
  };
}
