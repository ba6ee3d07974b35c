import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { USER_TYPES } from '@arena/shared/constants';

import { createdAt, descending, id, oneOf, timestampTz } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    verified: boolean('verified').notNull().default(false),
    userType: text('user_type', { enum: USER_TYPES }).notNull(),
    profileViews: integer('profile_views').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profiles_user_id_key').on(t.userId),
    uniqueIndex('profiles_username_lower_key').on(sql`lower(${t.username})`),
    index('profiles_created_at_idx').on(descending(t.createdAt), descending(t.id)),
    // Search matches a substring of username or full name, case-insensitively (ILIKE).
    index('profiles_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('profiles_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    // Two-character searches have no trigram; they match prefixes through these.
    index('profiles_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('profiles_full_name_prefix_idx').on(sql`lower(${t.fullName}) text_pattern_ops`),
    check('profiles_user_type_check', oneOf('user_type', USER_TYPES)),
    check('profiles_profile_views_check', sql`${t.profileViews} >= 0`),
  ],
);

/** One row per counted view, so the visibility card can compare the last 7 days with the 7 before. */
export const profileViews = pgTable(
  'profile_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    viewedAt: timestampTz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    index('profile_views_profile_time_idx').on(t.profileId, t.viewedAt),
    index('profile_views_viewer_profile_time_idx').on(t.viewerId, t.profileId, t.viewedAt),
  ],
);
