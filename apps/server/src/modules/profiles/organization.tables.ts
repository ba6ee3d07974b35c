import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import { SPORTS } from '@arena/shared/constants';
import { ORGANIZATION_LIMITS } from '@arena/shared/limits';

import { allOf, timestampTz } from '../../db/columns.ts';
import { profiles } from './profiles.tables.ts';

/** An organisation's profile (club, agent, coach): one row per profile, made on first save. */
export const organizationProfiles = pgTable(
  'organization_profiles',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    about: text('about'),
    /** Sports of the product's list, each once, in the list's order. */
    sports: text('sports', { enum: SPORTS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    city: text('city'),
    country: text('country'),
    league: text('league'),
    website: text('website'),
    foundedYear: integer('founded_year'),
    /** Shown only to the account itself and to admins. */
    licenceNumber: text('licence_number'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('organization_profiles_sports_check', allOf('sports', SPORTS)),
    check(
      'organization_profiles_founded_year_check',
      sql`${t.foundedYear} IS NULL OR ${t.foundedYear} >= ${sql.raw(String(ORGANIZATION_LIMITS.foundedYearMin))}`,
    ),
  ],
);
