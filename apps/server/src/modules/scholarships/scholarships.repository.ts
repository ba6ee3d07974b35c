import { and, asc, eq, not, sql } from 'drizzle-orm';

import type { ScholarshipCoverage, ScholarshipLevel, Sport } from '@arena/shared/constants';
import type { ScholarshipInput } from '@arena/shared/scholarship.schema';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';
import { userRoles } from '../auth/auth.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { athleteOffers, offerApplications } from '../offers/offers.tables.ts';
import { closedReason, posterLive, takesApplications } from '../offers/offers.repository.ts';
import { blockBetween, blockedBy } from '../safety/safety.sql.ts';
import { scholarships } from './scholarships.tables.ts';

export type ScholarshipsRepository = ReturnType<typeof createScholarshipsRepository>;

export interface ScholarshipFilter {
  sport: Sport | undefined;
  country: string | undefined;
  level: ScholarshipLevel | undefined;
  coverage: ScholarshipCoverage | undefined;
  /** The viewer's own, in every state. */
  mine: boolean;
}

/**
 * Scholarships only (decision 0047: a scholarship is an `athlete_offers` row of its kind). A
 * literal, not a parameter: a prepared statement's generic plan can then read the partial index
 * `athlete_offers_scholarship_deadline_idx` (with `kind = $1` it scanned every offer, 20 ms).
 */
const isScholarship = sql`${athleteOffers.kind} = 'scholarship'`;
const outerOfferId = sql.raw('"athlete_offers"."id"');
/** The viewer's own profile row, apart from the poster's (`profiles`) in the same statement. */
const viewerProfile = sql.raw('profiles vp');

/** The offer row's share of the form: the institution is the organisation, the country the place. */
const offerValues = (input: ScholarshipInput) => ({
  kind: 'scholarship' as const,
  title: input.title,
  organizationName: input.institution,
  location: input.country,
  sport: input.sport,
  positions: input.positions ?? '',
  contractType: null,
  salary: null,
  description: input.description,
  deadline: new Date(input.deadline),
  places: input.places,
});

const ownValues = (input: ScholarshipInput) => ({
  country: input.country,
  level: input.level,
  coverage: input.coverage,
  amount: input.amount,
  ageMin: input.ageMin,
  ageMax: input.ageMax,
  academicRequirements: input.academicRequirements,
  howToApply: input.howToApply,
});

function columns(viewerId: string | null) {
  return {
    id: athleteOffers.id,
    title: athleteOffers.title,
    institution: athleteOffers.organizationName,
    sport: athleteOffers.sport,
    country: scholarships.country,
    level: scholarships.level,
    coverage: scholarships.coverage,
    amount: scholarships.amount,
    // A scholarship's deadline and places are required (the table's check and the form).
    places: sql<number>`${athleteOffers.places}`,
    signedCount: athleteOffers.signedCount,
    ageMin: scholarships.ageMin,
    ageMax: scholarships.ageMax,
    academicRequirements: scholarships.academicRequirements,
    positions: athleteOffers.positions,
    deadline: sql<Date>`${athleteOffers.deadline}`.mapWith(athleteOffers.deadline),
    description: athleteOffers.description,
    howToApply: scholarships.howToApply,
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
    closedReason,
    appliedByMe: viewerId
      ? sql<boolean>`EXISTS (SELECT 1 FROM ${offerApplications} WHERE ${offerApplications.offerId} = ${outerOfferId} AND ${offerApplications.applicantId} = ${viewerId})`
      : sql<boolean>`false`,
    // Its poster or an admin; asked in the same statement (the admin part once, not per row).
    canManage: viewerId
      ? sql<boolean>`(${athleteOffers.postedBy} = ${viewerId} OR EXISTS (SELECT 1 FROM ${userRoles} JOIN ${viewerProfile} ON vp.user_id = ${userRoles.userId} WHERE vp.id = ${viewerId} AND ${userRoles.role} = 'admin'))`
      : sql<boolean>`false`,
  };
}

export function createScholarshipsRepository(db: Database) {
  const select = (viewerId: string | null) =>
    db
      .select(columns(viewerId))
      .from(athleteOffers)
      .innerJoin(scholarships, eq(scholarships.offerId, athleteOffers.id))
      .innerJoin(profiles, eq(profiles.id, athleteOffers.postedBy));

  return {
    /** Both rows in `tx`: a scholarship never exists without its own fields. */
    async insert(tx: Executor, postedBy: string, input: ScholarshipInput) {
      const [row] = await tx
        .insert(athleteOffers)
        .values({ postedBy, ...offerValues(input) })
        .returning({ id: athleteOffers.id });
      if (!row) throw new Error('The scholarship insert returned no row');
      await tx.insert(scholarships).values({ offerId: row.id, ...ownValues(input) });
      return row.id;
    },

    /** Every field again, both rows; false when it is gone. */
    async update(tx: Executor, id: string, input: ScholarshipInput) {
      const [row] = await tx
        .update(athleteOffers)
        .set({ ...offerValues(input), updatedAt: sql`now()` })
        .where(and(eq(athleteOffers.id, id), isScholarship))
        .returning({ id: athleteOffers.id });
      if (!row) return false;
      await tx.update(scholarships).set(ownValues(input)).where(eq(scholarships.offerId, id));
      return true;
    },

    /** The fields whose change its applicants hear about, locked in `tx`. */
    async material(tx: Executor, id: string) {
      const [row] = await tx
        .select({
          deadline: athleteOffers.deadline,
          coverage: scholarships.coverage,
          amount: scholarships.amount,
          level: scholarships.level,
          country: scholarships.country,
        })
        .from(athleteOffers)
        .innerJoin(scholarships, eq(scholarships.offerId, athleteOffers.id))
        .where(and(eq(athleteOffers.id, id), isScholarship))
        .for('update', { of: athleteOffers });
      return row;
    },

    async findView(id: string, viewerId: string | null) {
      const [row] = await select(viewerId).where(
        and(
          eq(athleteOffers.id, id),
          isScholarship,
          // A scholarship of a member who blocked the viewer does not exist for them.
          viewerId ? not(blockedBy(viewerId, sql`${athleteOffers.postedBy}`)) : undefined,
        ),
      );
      return row;
    },

    /**
     * Open scholarships, the soonest deadline first: one statement on the partial index
     * `athlete_offers_scholarship_deadline_idx` (keyset on deadline and id).
     */
    async list(
      viewerId: string | null,
      filter: ScholarshipFilter,
      after: Position | null,
      limit: number,
    ) {
      const open = and(
        posterLive,
        takesApplications,
        sql`${athleteOffers.deadline} > now()`,
        viewerId ? not(blockBetween(viewerId, sql`${athleteOffers.postedBy}`)) : undefined,
      );
      return select(viewerId)
        .where(
          and(
            isScholarship,
            filter.mine && viewerId ? eq(athleteOffers.postedBy, viewerId) : open,
            filter.sport ? eq(athleteOffers.sport, filter.sport) : undefined,
            filter.country
              ? sql`lower(${scholarships.country}) = lower(${filter.country})`
              : undefined,
            filter.level ? eq(scholarships.level, filter.level) : undefined,
            filter.coverage ? eq(scholarships.coverage, filter.coverage) : undefined,
            after
              ? sql`(${athleteOffers.deadline}, ${athleteOffers.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(athleteOffers.deadline), asc(athleteOffers.id))
        .limit(literalLimit(limit + 1));
    },
  };
}
