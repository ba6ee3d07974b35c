import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { AVAILABILITY_STATUSES, CAREER_ROLE_DEFAULT, USER_TYPES } from '@arena/shared/constants';

import { createdAt, id, oneOf, timestampTz } from '../../db/columns.ts';
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
    index('profiles_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // Search matches a substring of username or full name, case-insensitively (ILIKE).
    index('profiles_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('profiles_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
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

export const follows = pgTable(
  'follows',
  {
    id: id(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    followingId: uuid('following_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_key').on(t.followerId, t.followingId),
    index('follows_following_idx').on(t.followingId, t.createdAt.desc()),
    check('follows_no_self_follow', sql`${t.followerId} <> ${t.followingId}`),
  ],
);

/** The athlete CV's single-valued sections; one row per profile. */
export const athleteProfiles = pgTable(
  'athlete_profiles',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    sport: text('sport'),
    mainPosition: text('main_position'),
    otherPositions: text('other_positions'),
    heightCm: integer('height_cm'),
    weightKg: numeric('weight_kg', { precision: 5, scale: 1, mode: 'number' }),
    armSpan: text('arm_span'),
    birthdate: date('birthdate', { mode: 'string' }),
    sex: text('sex'),
    nationalities: text('nationalities'),
    aboutPlayer: text('about_player'),
    availabilityStatus: text('availability_status', { enum: AVAILABILITY_STATUSES }),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'athlete_profiles_availability_check',
      sql`${t.availabilityStatus} IS NULL OR ${oneOf('availability_status', AVAILABILITY_STATUSES)}`,
    ),
    check(
      'athlete_profiles_height_check',
      sql`${t.heightCm} IS NULL OR ${t.heightCm} BETWEEN 50 AND 272`,
    ),
    check(
      'athlete_profiles_weight_check',
      sql`${t.weightKg} IS NULL OR ${t.weightKg} BETWEEN 20 AND 300`,
    ),
  ],
);

export const careerHistory = pgTable(
  'career_history',
  {
    id: id(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    season: text('season').notNull(),
    teamName: text('team_name').notNull(),
    role: text('role').notNull().default(CAREER_ROLE_DEFAULT),
    createdAt: createdAt(),
  },
  (t) => [index('career_history_profile_idx').on(t.profileId, t.createdAt)],
);

export const awards = pgTable(
  'awards',
  {
    id: id(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    awardDate: date('award_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('awards_profile_idx').on(t.profileId, t.awardDate)],
);
