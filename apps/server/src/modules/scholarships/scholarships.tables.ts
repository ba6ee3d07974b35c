import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

import { LISTING_LIMITS, SCHOLARSHIP_COVERAGES, SCHOLARSHIP_LEVELS } from '@arena/shared/constants';

import { oneOf } from '../../db/columns.ts';
import { athleteOffers } from '../offers/offers.tables.ts';

const L = LISTING_LIMITS;

/**
 * What a scholarship adds to its `athlete_offers` row (kind `scholarship`, decision 0047): the
 * row keeps the title, institution (`organization_name`), sport, eligible positions, description,
 * deadline and number available (`places`), so applications, their stages and the poster's
 * Applications Received work for scholarships as they do for offers.
 */
export const scholarships = pgTable(
  'scholarships',
  {
    offerId: uuid('offer_id')
      .primaryKey()
      .references(() => athleteOffers.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    level: text('level', { enum: SCHOLARSHIP_LEVELS }).notNull(),
    coverage: text('coverage', { enum: SCHOLARSHIP_COVERAGES }).notNull(),
    /** What it is worth, as the institution writes it ("$12,000 a year"); optional. */
    amount: text('amount'),
    ageMin: integer('age_min'),
    ageMax: integer('age_max'),
    academicRequirements: text('academic_requirements'),
    howToApply: text('how_to_apply'),
  },
  (t) => [
    index('scholarships_country_idx').on(sql`lower(${t.country})`),
    check('scholarships_level_check', oneOf('level', SCHOLARSHIP_LEVELS)),
    check('scholarships_coverage_check', oneOf('coverage', SCHOLARSHIP_COVERAGES)),
    check(
      'scholarships_ages_check',
      sql`(${t.ageMin} IS NULL OR ${t.ageMin} BETWEEN ${sql.raw(String(L.ageMin))} AND ${sql.raw(String(L.ageMax))})
        AND (${t.ageMax} IS NULL OR ${t.ageMax} BETWEEN ${sql.raw(String(L.ageMin))} AND ${sql.raw(String(L.ageMax))})
        AND (${t.ageMin} IS NULL OR ${t.ageMax} IS NULL OR ${t.ageMin} <= ${t.ageMax})`,
    ),
  ],
);
