import { desc, eq, sql } from 'drizzle-orm';

import { ORGANIZATION_LIMITS } from '@arena/shared/limits';
import type { OrganizationFields } from '@arena/shared/organization.schema';

import type { Database } from '../../db/database.ts';
import { athleteOffers } from '../offers/offers.tables.ts';
import { organizationProfiles } from './organization.tables.ts';
import { profiles } from './profiles.tables.ts';

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;

export function createOrganizationRepository(db: Database) {
  return {
    /** The profile's kind and what the fill rate needs of it, with its organisation fields (null before the first save). */
    async load(owner: { id: string } | { username: string }) {
      const [row] = await db
        .select({
          id: profiles.id,
          userType: profiles.userType,
          fullName: profiles.fullName,
          bio: profiles.bio,
          avatarUrl: profiles.avatarUrl,
          about: organizationProfiles.about,
          sports: organizationProfiles.sports,
          city: organizationProfiles.city,
          country: organizationProfiles.country,
          league: organizationProfiles.league,
          website: organizationProfiles.website,
          foundedYear: organizationProfiles.foundedYear,
          licenceNumber: organizationProfiles.licenceNumber,
        })
        .from(profiles)
        .leftJoin(organizationProfiles, eq(organizationProfiles.profileId, profiles.id))
        .where(
          'id' in owner
            ? eq(profiles.id, owner.id)
            : eq(sql`lower(${profiles.username})`, owner.username.toLowerCase()),
        );
      return row;
    },

    /** The offers the profile posted, newest first. */
    async offersOf(profileId: string) {
      return db
        .select({
          id: athleteOffers.id,
          title: athleteOffers.title,
          sport: athleteOffers.sport,
          location: athleteOffers.location,
          createdAt: athleteOffers.createdAt,
        })
        .from(athleteOffers)
        .where(eq(athleteOffers.postedBy, profileId))
        .orderBy(desc(athleteOffers.createdAt), desc(athleteOffers.id))
        .limit(ORGANIZATION_LIMITS.offersShown);
    },

    /** Creates the row on first save; afterwards changes only the fields given. */
    async upsert(profileId: string, values: Partial<OrganizationFields>) {
      await db
        .insert(organizationProfiles)
        .values({ profileId, ...values })
        .onConflictDoUpdate({
          target: organizationProfiles.profileId,
          set: { ...values, updatedAt: new Date() },
        });
    },
  };
}
