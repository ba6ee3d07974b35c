import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { createdAt, descending, id, timestampTz } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';

/**
 * A scout's saved search (issue 24): a name and the filters of /scout, at most 20 an account.
 * With alerts on, a daily job tells the scout about athletes who newly match.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The filters as /scout's URL has them (`savedScoutFilters`), without sort or cursor. */
    filters: jsonb('filters').notNull(),
    alerts: boolean('alerts').notNull().default(true),
    /** When alerts were last turned on (or the search saved): who is new is new since then. */
    alertsSince: timestampTz('alerts_since').notNull().defaultNow(),
    createdAt: createdAt(),
    /** The last time its alert job looked for new matches (made at save time). */
    checkedAt: timestampTz('checked_at').notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_profile_idx').on(t.profileId, descending(t.createdAt)),
    uniqueIndex('saved_searches_profile_name_key').on(t.profileId, sql`lower(${t.name})`),
    // The sweep: searches with alerts whose day is up.
    index('saved_searches_due_idx')
      .on(t.checkedAt)
      .where(sql`${t.alerts}`),
    check('saved_searches_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
  ],
);

/** An athlete a saved search has alerted about: never twice for one search. */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    searchId: uuid('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.searchId, t.athleteId] }),
    index('saved_search_hits_athlete_idx').on(t.athleteId),
  ],
);
