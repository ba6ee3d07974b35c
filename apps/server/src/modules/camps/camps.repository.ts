import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Sport } from '@arena/shared/constants';
import {
  CAMP_MAX_DAYS,
  type CampClosedReason,
  type CampInput,
  type CampTab,
} from '@arena/shared/camp.schema';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { userRoles } from '../auth/auth.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { blockBetween } from '../safety/safety.sql.ts';
import { campRegistrations, camps } from './camps.tables.ts';

export type CampsRepository = ReturnType<typeof createCampsRepository>;

/** Where a list's page ends: the day it is ordered by (start, or end for Past) and the id. */
export interface CampPosition {
  day: string;
  id: string;
}

export interface CampFilter {
  tab: CampTab;
  sport?: Sport | undefined;
  country?: string | undefined;
  /** The first and last day of the month asked for. */
  month?: { first: string; last: string } | undefined;
  age?: number | undefined;
  /** In minor units; 0 for free camps only. */
  priceMaxMinor?: number | undefined;
}

/** The stored image of a camp, to remove with it. */
export interface CampImage {
  imageUrl: string | null;
  imagePath: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageVariantWidths: number[] | null;
}

const NO_IMAGE: CampImage = {
  imageUrl: null,
  imagePath: null,
  imageWidth: null,
  imageHeight: null,
  imageVariantWidths: null,
};

/** The form's values as columns: the price in minor units, the deadline a time. */
const campValues = (input: CampInput) => ({
  title: input.title,
  sport: input.sport,
  organizer: input.organizer,
  description: input.description,
  online: input.online,
  // An online camp has no place, whatever the form still held.
  venue: input.online ? null : input.venue,
  city: input.online ? null : input.city,
  country: input.online ? null : input.country,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  ageMin: input.ageMin,
  ageMax: input.ageMax,
  level: input.level,
  priceMinor: Math.round(input.price * 100),
  currency: input.price > 0 ? input.currency : null,
  capacity: input.capacity,
  registrationDeadline:
    input.registrationDeadline === null ? null : new Date(input.registrationDeadline),
  whatToBring: input.whatToBring,
  contact: input.contact,
});

/** A day `days` before `day` (both `YYYY-MM-DD`). */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A camp is live while its poster (the joined `profiles` row) is verified or an admin; an
 * organisation whose verification is removed keeps its camps, paused, as offers are.
 */
const posterLive = sql<boolean>`(${profiles.verified} OR EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${profiles.userId} AND ${userRoles.role} = 'admin'))`;

/** Why the camp takes no registrations on `today`, or null while it does. */
function closedReasonOn(today: string) {
  return sql<CampClosedReason | null>`(CASE
    WHEN ${camps.cancelledAt} IS NOT NULL THEN 'cancelled'
    WHEN ${camps.startsOn} <= ${today}::date THEN 'started'
    WHEN ${camps.registrationDeadline} <= now() THEN 'deadline'
    WHEN NOT ${posterLive} THEN 'paused'
  END)`;
}

/** The viewer's own registration row, joined beside the camp. */
const mine = alias(campRegistrations, 'mine');

function campColumns(today: string) {
  return {
    id: camps.id,
    title: camps.title,
    sport: camps.sport,
    organizer: camps.organizer,
    description: camps.description,
    online: camps.online,
    venue: camps.venue,
    city: camps.city,
    country: camps.country,
    startsOn: camps.startsOn,
    endsOn: camps.endsOn,
    ageMin: camps.ageMin,
    ageMax: camps.ageMax,
    level: camps.level,
    priceMinor: camps.priceMinor,
    currency: camps.currency,
    capacity: camps.capacity,
    bookedCount: camps.bookedCount,
    waitlistCount: sql<number>`(SELECT count(*)::int FROM camp_registrations w
      WHERE w.camp_id = "camps"."id" AND w.status = 'waitlisted')`,
    registrationDeadline: camps.registrationDeadline,
    whatToBring: camps.whatToBring,
    contact: camps.contact,
    imageUrl: camps.imageUrl,
    imageWidth: camps.imageWidth,
    imageHeight: camps.imageHeight,
    imageVariantWidths: camps.imageVariantWidths,
    poster: {
      id: profiles.id,
      username: profiles.username,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      verified: profiles.verified,
      userType: profiles.userType,
    },
    createdAt: camps.createdAt,
    cancelledAt: camps.cancelledAt,
    paused: sql<boolean>`NOT ${posterLive}`,
    closedReason: closedReasonOn(today),
    myStatus: mine.status,
    // The waiting list is in the order members joined it (when their row became waitlisted).
    waitlistPosition: sql<number | null>`(CASE WHEN "mine"."status" = 'waitlisted' THEN
      (SELECT count(*)::int FROM camp_registrations w
        WHERE w.camp_id = "mine"."camp_id" AND w.status = 'waitlisted'
          AND (w.updated_at, w.id) <= ("mine"."updated_at", "mine"."id")) END)`,
  };
}

/** The viewer's registration that still counts (not cancelled); none for a visitor. */
const mineJoin = (viewerId: string | null) =>
  viewerId
    ? and(
        eq(mine.campId, camps.id),
        eq(mine.memberId, viewerId),
        sql`"mine"."status" <> 'cancelled'`,
      )
    : sql`false`;

function filterConditions(filter: CampFilter, today: string): (SQL | undefined)[] {
  const { month } = filter;
  return [
    filter.sport ? eq(camps.sport, filter.sport) : undefined,
    filter.country ? sql`lower(${camps.country}) = lower(${filter.country})` : undefined,
    month
      ? sql`${camps.startsOn} <= ${month.last}::date AND ${camps.endsOn} >= ${month.first}::date`
      : undefined,
    filter.age === undefined
      ? undefined
      : sql`(${camps.ageMin} IS NULL OR ${camps.ageMin} <= ${filter.age})
          AND (${camps.ageMax} IS NULL OR ${camps.ageMax} >= ${filter.age})`,
    filter.priceMaxMinor === undefined
      ? undefined
      : filter.priceMaxMinor === 0
        ? eq(camps.priceMinor, 0)
        : sql`${camps.priceMinor} <= ${filter.priceMaxMinor}`,
    filter.tab === 'past' ? undefined : sql`${camps.endsOn} >= ${today}::date`,
  ];
}

export function createCampsRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    async posterState(profileId: string) {
      const [row] = await db
        .select({ verified: profiles.verified, userType: profiles.userType })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      return row;
    },

    async insert(tx: Executor, postedBy: string, input: CampInput, image: CampImage | null) {
      const [row] = await tx
        .insert(camps)
        .values({ postedBy, ...campValues(input), ...(image ?? NO_IMAGE) })
        .returning({ id: camps.id });
      if (!row) throw new Error('The camp insert returned no row');
      return row.id;
    },

    /** The camp as `viewerId` reads it, unless a block stands between them and its poster. */
    async findView(id: string, viewerId: string | null, today: string) {
      const [row] = await db
        .select(campColumns(today))
        .from(camps)
        .innerJoin(profiles, eq(profiles.id, camps.postedBy))
        .leftJoin(mine, mineJoin(viewerId))
        .where(
          and(
            eq(camps.id, id),
            viewerId ? sql`NOT ${blockBetween(viewerId, sql`${camps.postedBy}`)}` : undefined,
          ),
        );
      return row;
    },

    /**
     * One page of a tab: Upcoming by start (camps under way included), Past by end, latest
     * first, or the viewer's registrations by start. Camps whose poster is paused and camps
     * across a block are left out (a member's own registrations keep paused ones).
     */
    async list(
      viewerId: string | null,
      filter: CampFilter,
      after: CampPosition | null,
      limit: number,
      today: string,
    ) {
      const past = filter.tab === 'past';
      const day = past ? camps.endsOn : camps.startsOn;
      // Nothing under way on a day started more than CAMP_MAX_DAYS before it: the bound lets the
      // start-date index begin its read there instead of at the first camp ever posted.
      const earliestStart = daysBefore(
        filter.month && filter.month.first > today ? filter.month.first : today,
        CAMP_MAX_DAYS - 1,
      );
      return db
        .select(campColumns(today))
        .from(camps)
        .innerJoin(profiles, eq(profiles.id, camps.postedBy))
        .leftJoin(mine, mineJoin(viewerId))
        .where(
          and(
            filter.tab === 'mine' ? sql`"mine"."id" IS NOT NULL` : posterLive,
            filter.tab === 'upcoming' ? sql`${camps.cancelledAt} IS NULL` : undefined,
            past ? sql`${camps.endsOn} < ${today}::date` : undefined,
            past ? undefined : sql`${camps.startsOn} >= ${earliestStart}::date`,
            viewerId ? sql`NOT ${blockBetween(viewerId, sql`${camps.postedBy}`)}` : undefined,
            ...filterConditions(filter, today),
            after
              ? past
                ? sql`(${day}, ${camps.id}) < (${after.day}::date, ${after.id}::uuid)`
                : sql`(${day}, ${camps.id}) > (${after.day}::date, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(...(past ? [desc(day), desc(camps.id)] : [asc(day), asc(camps.id)]))
        .limit(literalLimit(limit + 1));
    },

    /** Who posted the camp and where it stands; locked in `tx` when given one. */
    async findPoster(id: string, today: string, tx: Executor = db) {
      const query = tx
        .select({
          postedBy: camps.postedBy,
          title: camps.title,
          startsOn: camps.startsOn,
          endsOn: camps.endsOn,
          online: camps.online,
          venue: camps.venue,
          city: camps.city,
          country: camps.country,
          capacity: camps.capacity,
          bookedCount: camps.bookedCount,
          cancelledAt: camps.cancelledAt,
          live: posterLive,
          closedReason: closedReasonOn(today),
          imageUrl: camps.imageUrl,
          imagePath: camps.imagePath,
          imageWidth: camps.imageWidth,
          imageHeight: camps.imageHeight,
          imageVariantWidths: camps.imageVariantWidths,
        })
        .from(camps)
        .innerJoin(profiles, eq(profiles.id, camps.postedBy))
        .where(eq(camps.id, id));
      const [row] = await (tx === db ? query : query.for('update', { of: camps }));
      return row;
    },

    /** Every field of the form again, and the image it now has. */
    async update(tx: Executor, id: string, input: CampInput, image: CampImage) {
      await tx
        .update(camps)
        .set({ ...campValues(input), ...image, updatedAt: sql`now()` })
        .where(eq(camps.id, id));
    },

    async cancel(tx: Executor, id: string) {
      await tx
        .update(camps)
        .set({ cancelledAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(camps.id, id));
    },

    /** Deletes the camp; its registrations go with it (foreign key). */
    async delete(tx: Executor, id: string) {
      await tx.delete(camps).where(eq(camps.id, id));
    },
  };
}
