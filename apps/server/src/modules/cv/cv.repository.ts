import { and, asc, count, desc, eq, sql } from 'drizzle-orm';

import type { AthleteProfile, AwardInput, CareerEntryInput } from '@arena/shared/cv.schema';

import type { Database } from '../../db/database.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { athleteProfiles, awards, careerHistory } from './cv.tables.ts';

export type CvRepository = ReturnType<typeof createCvRepository>;

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
  aboutPlayer: athleteProfiles.aboutPlayer,
  availabilityStatus: athleteProfiles.availabilityStatus,
};

export function createCvRepository(db: Database) {
  return {
    async load(profileId: string) {
      const [owner] = await db
        .select({ fullName: profiles.fullName, bio: profiles.bio, avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      const [athlete] = await db
        .select(athleteColumns)
        .from(athleteProfiles)
        .where(eq(athleteProfiles.profileId, profileId));
      const career = await db
        .select({
          id: careerHistory.id,
          season: careerHistory.season,
          teamName: careerHistory.teamName,
          role: careerHistory.role,
        })
        .from(careerHistory)
        .where(eq(careerHistory.profileId, profileId))
        .orderBy(desc(careerHistory.season), asc(careerHistory.createdAt));
      const awardRows = await db
        .select({
          id: awards.id,
          title: awards.title,
          description: awards.description,
          awardDate: awards.awardDate,
        })
        .from(awards)
        .where(eq(awards.profileId, profileId))
        .orderBy(sql`${awards.awardDate} DESC NULLS LAST`, desc(awards.createdAt));
      return { owner, athlete, career, awards: awardRows };
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

export type { AwardInput };
