import { and, count, eq, sql } from 'drizzle-orm';

import type {
  AthleteProfile,
  Award,
  CareerEntry,
  CareerEntryInput,
  OpenToOffers,
} from '@arena/shared/cv.schema';

import type { Database } from '../../db/database.ts';
import { outerProfileId } from '../profiles/profiles.repository.ts';
import { isVerifiedOrAdmin } from '../profiles/reader-standing.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { athleteProfiles, awards, careerHistory, openToOffers } from './cv.tables.ts';

export type CvRepository = ReturnType<typeof createCvRepository>;

/** The athlete section as its row holds it (weight a number, birthdate a YYYY-MM-DD string). */
type AthleteRow = {
  [K in keyof typeof athleteColumns]: (typeof athleteColumns)[K]['_']['data'] | null;
};

type AthleteValues = Partial<AthleteProfile>;

const athleteColumns = {
  sport: athleteProfiles.sport,
  mainPosition: athleteProfiles.mainPosition,
  otherPositions: athleteProfiles.otherPositions,
  heightCm: athleteProfiles.heightCm,
  weightKg: athleteProfiles.weightKg,
  armSpan: athleteProfiles.armSpan,
  birthdate: athleteProfiles.birthdate,
  sex: athleteProfiles.sex,
  nationalities: athleteProfiles.nationalities,
  country: athleteProfiles.country,
  city: athleteProfiles.city,
  aboutPlayer: athleteProfiles.aboutPlayer,
  availabilityStatus: athleteProfiles.availabilityStatus,
};

/** `'sport', "athlete_profiles"."sport", …`: the athlete columns under their API names. */
const athleteJson = sql.join(
  Object.entries(athleteColumns).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`),
  sql`, `,
);

const athleteOf = sql<AthleteRow | null>`(
  SELECT json_build_object(${athleteJson}) FROM ${athleteProfiles}
  WHERE ${athleteProfiles.profileId} = ${outerProfileId})`;

/** What `cvFillRate` needs of the profile joined as `profiles`, for a list that shows it. */
export const cvFillColumns = {
  fullName: profiles.fullName,
  bio: profiles.bio,
  avatarUrl: profiles.avatarUrl,
  athlete: athleteOf,
  careerCount: sql<number>`(SELECT count(*)::int FROM ${careerHistory} c WHERE c.profile_id = ${outerProfileId})`,
  awardsCount: sql<number>`(SELECT count(*)::int FROM ${awards} a WHERE a.profile_id = ${outerProfileId})`,
};

export function createCvRepository(db: Database) {
  return {
    /**
     * The CV and what its fill rate needs of the profile, in one statement: the sections come as
     * JSON from subqueries on their indexes (a profile page used to wait for five queries, one
     * after the other). Found by the profile's id, or by its username as the profile page asks.
     */
    async load(owner: { id: string } | { username: string }) {
      const [row] = await db
        .select({
          id: profiles.id,
          userType: profiles.userType,
          username: profiles.username,
          fullName: profiles.fullName,
          bio: profiles.bio,
          avatarUrl: profiles.avatarUrl,
          athlete: athleteOf,
          career: sql<CareerEntry[]>`coalesce((
            SELECT json_agg(json_build_object(
                'id', c.id, 'season', c.season, 'teamName', c.team_name, 'role', c.role)
              ORDER BY c.season DESC, c.created_at ASC)
            FROM ${careerHistory} c WHERE c.profile_id = ${outerProfileId}), '[]'::json)`,
          openToOffers: sql<OpenToOffers | null>`(
            SELECT json_build_object('visibility', o.visibility, 'contractTypes', o.contract_types,
                'contractEndsOn', o.contract_ends_on)
            FROM ${openToOffers} o WHERE o.profile_id = ${outerProfileId})`,
          awards: sql<Award[]>`coalesce((
            SELECT json_agg(json_build_object(
                'id', a.id, 'title', a.title, 'description', a.description, 'awardDate', a.award_date)
              ORDER BY a.award_date DESC NULLS LAST, a.created_at DESC)
            FROM ${awards} a WHERE a.profile_id = ${outerProfileId}), '[]'::json)`,
        })
        .from(profiles)
        .where(
          'id' in owner
            ? eq(profiles.id, owner.id)
            : eq(sql`lower(${profiles.username})`, owner.username.toLowerCase()),
        );
      return row;
    },

    /** Whether the reader is a verified organisation or an admin. */
    verifiedOrAdmin: (profileId: string) => isVerifiedOrAdmin(db, profileId),

    /** Marks the athlete open to offers, or changes how (issue 24). */
    async putOpenToOffers(profileId: string, input: OpenToOffers) {
      const values = {
        visibility: input.visibility,
        contractTypes: input.contractTypes,
        contractEndsOn: input.contractEndsOn,
        updatedAt: sql`now()`,
      };
      await db
        .insert(openToOffers)
        .values({ profileId, ...values })
        .onConflictDoUpdate({ target: openToOffers.profileId, set: values });
    },

    /** False when the athlete was not open to offers. */
    async removeOpenToOffers(profileId: string): Promise<boolean> {
      const removed = await db
        .delete(openToOffers)
        .where(eq(openToOffers.profileId, profileId))
        .returning({ profileId: openToOffers.profileId });
      return removed.length > 0;
    },

    async userTypeOf(profileId: string) {
      const [row] = await db
        .select({ userType: profiles.userType })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      return row?.userType;
    },

    /** The birthdate the CV holds now (null: none yet). */
    async birthdateOf(profileId: string): Promise<string | null> {
      const [row] = await db
        .select({ birthdate: athleteProfiles.birthdate })
        .from(athleteProfiles)
        .where(eq(athleteProfiles.profileId, profileId));
      return row?.birthdate ?? null;
    },

    /** Creates the row on first save; afterwards changes only the fields given. */
    async upsertAthlete(profileId: string, values: AthleteValues) {
      await db
        .insert(athleteProfiles)
        .values({ profileId, ...values })
        .onConflictDoUpdate({
          target: athleteProfiles.profileId,
          set: { ...values, updatedAt: new Date() },
        });
    },

    async countCareer(profileId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(careerHistory)
        .where(eq(careerHistory.profileId, profileId));
      return row?.n ?? 0;
    },

    async addCareer(profileId: string, entry: Required<CareerEntryInput>) {
      await db.insert(careerHistory).values({ profileId, ...entry });
    },

    /** Returns false when the entry does not exist or is not this profile's. */
    async updateCareer(profileId: string, id: string, entry: Required<CareerEntryInput>) {
      const rows = await db
        .update(careerHistory)
        .set(entry)
        .where(and(eq(careerHistory.id, id), eq(careerHistory.profileId, profileId)))
        .returning({ id: careerHistory.id });
      return rows.length > 0;
    },

    async deleteCareer(profileId: string, id: string) {
      const rows = await db
        .delete(careerHistory)
        .where(and(eq(careerHistory.id, id), eq(careerHistory.profileId, profileId)))
        .returning({ id: careerHistory.id });
      return rows.length > 0;
    },

    async countAwards(profileId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(awards)
        .where(eq(awards.profileId, profileId));
      return row?.n ?? 0;
    },

    async addAward(
      profileId: string,
      award: { title: string; description: string | null; awardDate: string | null },
    ) {
      await db.insert(awards).values({ profileId, ...award });
    },

    async updateAward(
      profileId: string,
      id: string,
      award: { title: string; description: string | null; awardDate: string | null },
    ) {
      const rows = await db
        .update(awards)
        .set(award)
        .where(and(eq(awards.id, id), eq(awards.profileId, profileId)))
        .returning({ id: awards.id });
      return rows.length > 0;
    },

    async deleteAward(profileId: string, id: string) {
      const rows = await db
        .delete(awards)
        .where(and(eq(awards.id, id), eq(awards.profileId, profileId)))
        .returning({ id: awards.id });
      return rows.length > 0;
    },
  };
}
