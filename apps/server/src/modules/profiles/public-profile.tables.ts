import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import { PUBLIC_PROFILE_SECTIONS } from '@arena/shared/public-profile.schema';

import { allOf, createdAt, timestampTz } from '../../db/columns.ts';
import { profiles } from './profiles.tables.ts';

/**
 * A member's public profile (issue 24), `/p/{username}`: a row while it is on. Adults only (the
 * service refuses a minor, and turning 18 is when one may turn it on).
 */
export const publicProfiles = pgTable(
  'public_profiles',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** What shows besides the name and photo (`PUBLIC_PROFILE_SECTIONS`). */
    sections: text('sections').array().notNull(),
    /** Search engines may index it; otherwise the page says `noindex`. */
    allowIndexing: boolean('allow_indexing').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  () => [
    check('public_profiles_sections_check', sql`${allOf('sections', PUBLIC_PROFILE_SECTIONS)}`),
  ],
);
