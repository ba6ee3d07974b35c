import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import {
  AVAILABILITY_STATUSES,
  CAREER_ROLE_DEFAULT,
  CONTRACT_TYPES,
  SPORTS,
} from '@arena/shared/constants';
import { OFFER_VISIBILITIES } from '@arena/shared/cv.schema';

import { allOf, createdAt, descending, id, oneOf, timestampTz } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';

/** The athlete CV's single-valued sections; one row per profile. */
export const athleteProfiles = pgTable(
  'athlete_profiles',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    sport: text('sport', { enum: SPORTS }),
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
    /**
     * Where the athlete lives now (issue 24): a scout filter. A minor's city is shown only to
     * verified organisations and admins (decision 0044).
     */
    country: text('country'),
    city: text('city'),
    /**
     * When availability last turned to Available (null while it is not): a saved search alerts
     * about an athlete who starts matching. Kept by a trigger (migration 0022).
     */
    availableSince: timestampTz('available_since'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    /**
     * The CV fill rate's weighted score (`CV_WEIGHTS`), kept by the database's triggers when the
     * CV, the career, the awards or the profile's name, bio or picture change (migration 0021):
     * scout search sorts by it through an index.
     */
    cvScore: numeric('cv_score', { precision: 4, scale: 1, mode: 'number' }).notNull().default(0),
    /**
     * What scout search's free text matches (issue 24): the name (its first line, so a name match
     * ranks first), the about text and the career's team names, lower-cased, with one trigram
     * index. Kept by the database's triggers when any of them changes (migration 0024).
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * Scout search (issue 24): the main and other positions, and the nationalities, lower-cased
     * and split at commas, as arrays a GIN index serves. Kept by the database from the text the
     * athlete writes.
     */
    positions: text('positions')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`array_remove(regexp_split_to_array(lower(btrim(coalesce(main_position, '') || ',' || coalesce(other_positions, ''))), '[[:space:]]*,[[:space:]]*'), '')`,
      ),
    nationalityList: text('nationality_list')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`array_remove(regexp_split_to_array(lower(btrim(coalesce(nationalities, ''))), '[[:space:]]*,[[:space:]]*'), '')`,
      ),
  },
  (t) => [
    index('athlete_profiles_sport_idx').on(sql`lower(${t.sport})`, descending(t.updatedAt)),
    index('athlete_profiles_positions_idx').using('gin', t.positions),
    index('athlete_profiles_nationalities_idx').using('gin', t.nationalityList),
    index('athlete_profiles_birthdate_idx').on(t.birthdate),
    index('athlete_profiles_height_idx').on(t.heightCm),
    index('athlete_profiles_weight_idx').on(t.weightKg),
    index('athlete_profiles_country_idx').on(sql`lower(${t.country})`),
    index('athlete_profiles_city_idx').on(sql`lower(${t.city})`),
    index('athlete_profiles_available_since_idx')
      .on(t.availableSince)
      .where(sql`${t.availableSince} IS NOT NULL`),
    index('athlete_profiles_activity_idx').on(descending(t.updatedAt), t.profileId),
    index('athlete_profiles_cv_score_idx').on(
      descending(t.cvScore),
      descending(t.updatedAt),
      descending(t.profileId),
    ),
    index('athlete_profiles_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('athlete_profiles_sport_check', sql`${t.sport} IS NULL OR ${oneOf('sport', SPORTS)}`),
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
  (t) => [
    index('career_history_profile_idx').on(t.profileId, t.createdAt),
    // Scout search's free text over career teams (issue 24).
  ],
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

/**
 * An athlete open to offers (issue 24): a row while they are. Who sees it, the kinds of contract
 * wanted (the offers' own kinds), when the current contract ends.
 */
export const openToOffers = pgTable(
  'open_to_offers',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    visibility: text('visibility', { enum: OFFER_VISIBILITIES }).notNull(),
    contractTypes: text('contract_types').array().notNull(),
    contractEndsOn: date('contract_ends_on', { mode: 'string' }),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    /** When the athlete turned it on (a change of how keeps it): saved searches' alerts. */
    createdAt: createdAt(),
  },
  (t) => [
    index('open_to_offers_visibility_idx').on(t.visibility, descending(t.updatedAt)),
    index('open_to_offers_created_idx').on(t.createdAt),
    check('open_to_offers_visibility_check', oneOf('visibility', OFFER_VISIBILITIES)),
    check(
      'open_to_offers_contract_types_check',
      sql`cardinality(${t.contractTypes}) > 0 AND ${allOf('contract_types', CONTRACT_TYPES)}`,
    ),
  ],
);
