import { type SQL, sql } from 'drizzle-orm';

import type { ScoutQuery } from '@arena/shared/scout.schema';

import { type Database, literalLimit, selectRows } from '../../db/database.ts';
import { escapeLike } from '../people/people-search.repository.ts';
import { blockBetween } from '../safety/safety.sql.ts';

export type ScoutingRepository = ReturnType<typeof createScoutingRepository>;

/** Where the next page starts: the sort key, the activity time and the id of the last card. */
export interface ScoutPosition {
  key: number;
  at: string;
  id: string;
}

export interface ScoutRow {
  id: string;
  username: string;
  fullName: string;
  avatarUrl: string | null;
  bio: string | null;
  sport: string | null;
  mainPosition: string | null;
  otherPositions: string | null;
  heightCm: number | null;
  weightKg: string | number | null;
  armSpan: string | null;
  birthdate: string | null;
  sex: string | null;
  nationalities: string | null;
  country: string | null;
  city: string | null;
  aboutPlayer: string | null;
  availabilityStatus: string | null;
  lastClub: string | null;
  careerCount: number;
  awardsCount: number;
  openTo: string[] | null;
  key: string | number;
  at: Date | string;
}

/** The query's filters, each served by an index of athlete_profiles (migrations 0020, 0022). */
export function filters(query: ScoutQuery): SQL[] {
  const where: SQL[] = [];
  if (query.sport) where.push(sql`a.sport = ${query.sport}`);
  if (query.position) {
    where.push(sql`a.positions @> ARRAY[${query.position.toLowerCase()}]::text[]`);
  }
  if (query.nationality) {
    where.push(sql`a.nationality_list @> ARRAY[${query.nationality.toLowerCase()}]::text[]`);
  }
  // The whole name, whatever the case: through the lower() indexes (migration 0022).
  if (query.country) where.push(sql`lower(a.country) = ${query.country.toLowerCase()}`);
  if (query.city) where.push(sql`lower(a.city) = ${query.city.toLowerCase()}`);
  // An age of n: born at most n years ago, and more than n + 1 years ago is too old.
  if (query.ageMin !== undefined) {
    where.push(sql`a.birthdate <= (current_date - make_interval(years => ${query.ageMin}::int))`);
  }
  if (query.ageMax !== undefined) {
    where.push(
      sql`a.birthdate > (current_date - make_interval(years => ${query.ageMax + 1}::int))`,
    );
  }
  if (query.heightMin !== undefined) where.push(sql`a.height_cm >= ${query.heightMin}::int`);
  if (query.heightMax !== undefined) where.push(sql`a.height_cm <= ${query.heightMax}::int`);
  if (query.weightMin !== undefined) where.push(sql`a.weight_kg >= ${query.weightMin}::numeric`);
  if (query.weightMax !== undefined) where.push(sql`a.weight_kg <= ${query.weightMax}::numeric`);
  if (query.sex) where.push(sql`a.sex = ${query.sex}`);
  if (query.available) where.push(sql`a.availability_status = 'Available'`);
  if (query.open) where.push(sql`o.profile_id IS NOT NULL`);
  if (query.q) {
    const text = escapeLike(query.q.toLowerCase());
    if (query.q.length >= 3) {
      // The name, about text and team names in one column with one trigram index (migration
      // 0024): a single index lookup, and each match's rank read from the same row.
      where.push(sql`a.search_text LIKE ${`%${text}%`}`);
    } else {
      // Shorter text has no trigram: names that start with it, through their prefix index.
      where.push(sql`lower(p.full_name) LIKE ${`${text}%`}`);
    }
  }
  return where;
}

/** What a page is ordered by first: a name match, the CV's completeness, or nothing. */
function sortKey(query: ScoutQuery): SQL {
  // Kept by the database (migration 0021), with an index: no fill rate computed per request.
  if (query.sort === 'completeness') return sql`a.cv_score`;
  if (query.sort === 'relevance' && query.q) {
    const text = escapeLike(query.q.toLowerCase());
    // `search_text` begins with the lower-case name and a line break (migration 0024): a name
    // that starts with the text ranks first, one that holds it next, then the rest (about, teams).
    return sql`(CASE WHEN a.search_text LIKE ${`${text}%`} THEN 2
      WHEN split_part(a.search_text, E'\n', 1) LIKE ${`%${text}%`} THEN 1 ELSE 0 END)::numeric`;
  }
  return sql`0::numeric`;
}

export function createScoutingRepository(db: Database) {
  return {
    /**
     * Athletes matching the query, for `viewerId` (a verified organisation or an admin): never
     * someone with a block either way, nor a suspended or banned account. Ordered by the sort
     * key, then the newest activity (the CV's last change).
     */
    async search(
      viewerId: string,
      query: ScoutQuery,
      after: ScoutPosition | null,
      limit: number,
    ): Promise<ScoutRow[]> {
      const key = sortKey(query);
      const where = [
        sql`p.user_type = 'player'`,
        sql`NOT ${blockBetween(sql`${viewerId}::uuid`, sql`p.id`)}`,
        ...filters(query),
      ];
      if (after) {
        where.push(
          sql`(${key}, a.updated_at, a.profile_id) < (${after.key}::numeric, ${after.at}::timestamptz, ${after.id}::uuid)`,
        );
      }
      return selectRows<ScoutRow>(
        db,
        sql`SELECT p.id, p.username, p.full_name AS "fullName", p.avatar_url AS "avatarUrl",
            p.bio, a.sport, a.main_position AS "mainPosition",
            a.other_positions AS "otherPositions", a.height_cm AS "heightCm",
            a.weight_kg AS "weightKg", a.arm_span AS "armSpan", a.birthdate::text AS birthdate,
            a.sex, a.nationalities, a.country, a.city, a.about_player AS "aboutPlayer",
            a.availability_status AS "availabilityStatus",
            (SELECT c.team_name FROM career_history c WHERE c.profile_id = p.id
              ORDER BY c.season DESC, c.created_at DESC LIMIT 1) AS "lastClub",
            (SELECT count(*) FROM career_history c WHERE c.profile_id = p.id)::int AS "careerCount",
            (SELECT count(*) FROM awards w WHERE w.profile_id = p.id)::int AS "awardsCount",
            o.contract_types AS "openTo",
            ${key} AS key, a.updated_at AS at
          FROM athlete_profiles a
          JOIN profiles p ON p.id = a.profile_id
          LEFT JOIN open_to_offers o ON o.profile_id = a.profile_id
          WHERE ${sql.join(where, sql` AND `)}
          ORDER BY key DESC, a.updated_at DESC, a.profile_id DESC
          LIMIT ${literalLimit(limit + 1)}`,
      );
    },
  };
}
