import { eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/database.ts';
import { athleteProfiles } from '../cv/cv.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';

export type MinorsRepository = ReturnType<typeof createMinorsRepository>;

export function createMinorsRepository(db: Database) {
  return {
    /** The member's account type and CV birthdate (null when not given). */
    async ageOf(profileId: string) {
      const [row] = await db
        .select({ userType: profiles.userType, birthdate: athleteProfiles.birthdate })
        .from(profiles)
        .leftJoin(athleteProfiles, eq(athleteProfiles.profileId, profiles.id))
        .where(eq(profiles.id, profileId));
      return row;
    },

    /** Sets the birthdate on the CV, only where none was given (two answers race: one wins). */
    async setMissingBirthdate(profileId: string, birthdate: string): Promise<boolean> {
      const rows = await db
        .insert(athleteProfiles)
        .values({ profileId, birthdate })
        .onConflictDoUpdate({
          target: athleteProfiles.profileId,
          set: { birthdate, updatedAt: sql`now()` },
          setWhere: sql`${athleteProfiles.birthdate} IS NULL`,
        })
        .returning({ profileId: athleteProfiles.profileId });
      return rows.length > 0;
    },
  };
}
