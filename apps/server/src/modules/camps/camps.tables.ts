import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import {
  CAMP_LEVELS,
  CAMP_REGISTRATION_STATUSES,
  CURRENCIES,
  LISTING_LIMITS,
  SPORTS,
} from '@arena/shared/constants';

import { createdAt, descending, id, oneOf, timestampTz } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';

const L = LISTING_LIMITS;

/** A sport camp (issue 27), posted by a verified organisation or an admin. */
export const camps = pgTable(
  'camps',
  {
    id: id(),
    postedBy: uuid('posted_by')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sport: text('sport', { enum: SPORTS }).notNull(),
    organizer: text('organizer').notNull(),
    description: text('description').notNull(),
    /** Held online: no venue, city or country. */
    online: boolean('online').notNull().default(false),
    venue: text('venue'),
    city: text('city'),
    country: text('country'),
    /** Calendar days, inclusive: a camp is upcoming until the end of its last day. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** Ages it takes, inclusive; null for no bound. */
    ageMin: integer('age_min'),
    ageMax: integer('age_max'),
    level: text('level', { enum: CAMP_LEVELS }).notNull(),
    /** In the currency's minor unit (cents); 0 for a free camp, which has no currency. */
    priceMinor: integer('price_minor').notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }),
    capacity: integer('capacity').notNull(),
    /** Booked places (`camp_registrations` with status `booked`), kept with them. */
    bookedCount: integer('booked_count').notNull().default(0),
    /** After this no one registers; null until the camp starts. */
    registrationDeadline: timestampTz('registration_deadline'),
    whatToBring: text('what_to_bring'),
    contact: text('contact').notNull(),
    imageUrl: text('image_url'),
    /** Storage key of the image, so deleting the camp deletes the file. */
    imagePath: text('image_path'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imageVariantWidths: integer('image_variant_widths').array(),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    /** Cancelled by its organiser: listed as cancelled, takes no registrations. */
    cancelledAt: timestampTz('cancelled_at'),
  },
  (t) => [
    index('camps_starts_on_idx').on(t.startsOn, t.id),
    index('camps_sport_starts_on_idx').on(t.sport, t.startsOn, t.id),
    index('camps_ends_on_idx').on(descending(t.endsOn), descending(t.id)),
    index('camps_country_starts_on_idx').on(sql`lower(${t.country})`, t.startsOn, t.id),
    index('camps_posted_by_idx').on(t.postedBy, descending(t.createdAt)),
    check('camps_sport_check', oneOf('sport', SPORTS)),
    check('camps_level_check', oneOf('level', CAMP_LEVELS)),
    check('camps_currency_check', sql`${t.currency} IS NULL OR ${oneOf('currency', CURRENCIES)}`),
    check(
      'camps_title_check',
      sql`char_length(${t.title}) BETWEEN 1 AND ${sql.raw(String(L.title))}`,
    ),
    check(
      'camps_description_check',
      sql`char_length(${t.description}) BETWEEN 1 AND ${sql.raw(String(L.description))}`,
    ),
    check('camps_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      'camps_ages_check',
      sql`(${t.ageMin} IS NULL OR ${t.ageMin} BETWEEN ${sql.raw(String(L.ageMin))} AND ${sql.raw(String(L.ageMax))})
        AND (${t.ageMax} IS NULL OR ${t.ageMax} BETWEEN ${sql.raw(String(L.ageMin))} AND ${sql.raw(String(L.ageMax))})
        AND (${t.ageMin} IS NULL OR ${t.ageMax} IS NULL OR ${t.ageMin} <= ${t.ageMax})`,
    ),
    check(
      'camps_price_check',
      sql`${t.priceMinor} BETWEEN 0 AND ${sql.raw(String(L.priceMax * 100))} AND (${t.priceMinor} = 0) = (${t.currency} IS NULL)`,
    ),
    check(
      'camps_capacity_check',
      sql`${t.capacity} BETWEEN 1 AND ${sql.raw(String(L.capacityMax))} AND ${t.bookedCount} BETWEEN 0 AND ${t.capacity}`,
    ),
    check(
      'camps_place_check',
      sql`${t.online} OR (${t.venue} IS NOT NULL AND ${t.city} IS NOT NULL AND ${t.country} IS NOT NULL)`,
    ),
  ],
);

/** A member's interest in or place at a camp: one row per member and camp. */
export const campRegistrations = pgTable(
  'camp_registrations',
  {
    id: id(),
    campId: uuid('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CAMP_REGISTRATION_STATUSES }).notNull(),
    createdAt: createdAt(),
    /** When it last changed status (booked, moved up from the waiting list, cancelled). */
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('camp_registrations_camp_member_key').on(t.campId, t.memberId),
    index('camp_registrations_camp_status_idx').on(t.campId, t.status, t.createdAt),
    index('camp_registrations_member_idx').on(t.memberId, descending(t.createdAt)),
    check('camp_registrations_status_check', oneOf('status', CAMP_REGISTRATION_STATUSES)),
  ],
);
