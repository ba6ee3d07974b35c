import { type SQL, sql } from 'drizzle-orm';

import { CV_WEIGHTS } from '@arena/shared/cv-fill-rate';
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
  aboutPlayer: string | null;
  availabilityStatus: string | null;
  lastClub: string | null;
  careerCount: number;
  awardsCount: number;
  openTo: string[] | null;
  key: string | number;
  at: Date | string;
}

const filled = (column: SQL) => sql`coalesce(btrim(${column}::text), '') <> ''`;

/**
 * The CV fill rate's weighted score in SQL, from the same weights as `cvFillRate` (shared), so
 * "most complete CV first" sorts in the database: a test holds the two in step.
 */
const PRESENT: Record<keyof typeof CV_WEIGHTS, SQL> = {
  fullName: filled(sql`p.full_name`),
  bio: filled(sql`p.bio`),
  avatar: filled(sql`p.avatar_url`),
  sport: filled(sql`a.sport`),
  mainPosition: filled(sql`a.main_position`),
  heightCm: sql`a.height_cm IS NOT NULL`,
  weightKg: sql`a.weight_kg IS NOT NULL`,
  birthdate: sql`a.birthdate IS NOT NULL`,
  sex: filled(sql`a.sex`),
  nationalities: filled(sql`a.nationalities`),
  aboutPlayer: filled(sql`a.about_player`),
  availabilityStatus: filled(sql`a.availability_status`),
  otherPositions: filled(sql`a.other_positions`),
  armSpan: filled(sql`a.arm_span`),
  careerHistory: sql`EXISTS (SELECT 1 FROM career_history c WHERE c.profile_id = p.id)`,
  awards: sql`EXISTS (SELECT 1 FROM awards w WHERE w.profile_id = p.id)`,
};
const fillScore = sql`(${sql.join(
  (Object.keys(CV_WEIGHTS) as (keyof typeof CV_WEIGHTS)[]).map(
    (key) => sql`CASE WHEN ${PRESENT[key]} THEN ${sql.raw(String(CV_WEIGHTS[key]))} ELSE 0 END`,
  ),
  sql` + `,
)})::numeric`;

/** The query's filters, each served by an index of athlete_profiles (migration 0020). */
function filters(query: ScoutQuery): SQL[] {
  const where: SQL[] = [];
  if (query.sport) where.push(sql`a.sport = ${query.sport}`);
  if (query.position) {
    where.push(sql`a.positions @> ARRAY[${query.position.toLowerCase()}]::text[]`);
  }
  if (query.nationality) {
    where.push(sql`a.nationality_list @> ARRAY[${query.nationality.toLowerCase()}]::text[]`);
  }
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
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
    // Each part through its own trigram index; an OR across the three tables would scan them.
    where.push(sql`p.id IN (
      SELECT id FROM profiles WHERE full_name ILIKE ${pattern}
      UNION SELECT profile_id FROM athlete_profiles WHERE about_player ILIKE ${pattern}
      UNION SELECT profile_id FROM career_history WHERE team_name ILIKE ${pattern})`);
  }
  return where;
}

/** What a page is ordered by first: a name match, the CV's completeness, or nothing. */
function sortKey(query: ScoutQuery): SQL {
  if (query.sort === 'completeness') return fillScore;
  if (query.sort === 'relevance' && query.q) {
    const prefix = `${escapeLike(query.q.toLowerCase())}%`;
    const anywhere = `%${escapeLike(query.q.toLowerCase())}%`;
    return sql`(CASE WHEN p.full_name ILIKE ${prefix} THEN 2
      WHEN p.full_name ILIKE ${anywhere} THEN 1 ELSE 0 END)::numeric`;
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
          sql`(${key}, a.updated_at, p.id) < (${after.key}::numeric, ${after.at}::timestamptz, ${after.id}::uuid)`,
        );
      }
      return selectRows<ScoutRow>(
        db,
        sql`SELECT p.id, p.username, p.full_name AS "fullName", p.avatar_url AS "avatarUrl",
            p.bio, a.sport, a.main_position AS "mainPosition",
            a.other_positions AS "otherPositions", a.height_cm AS "heightCm",
            a.weight_kg AS "weightKg", a.arm_span AS "armSpan", a.birthdate::text AS birthdate,
            a.sex, a.nationalities, a.about_player AS "aboutPlayer",
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
          ORDER BY key DESC, a.updated_at DESC, p.id DESC
          LIMIT ${literalLimit(limit + 1)}`,
      );
    },
  };
}
