import { and, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';

import { type Database, selectRows } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';
import { athleteProfiles } from '../cv/cv.tables.ts';
import { follows } from '../follows/follows.tables.ts';
import { isFollowedBy, summaryColumns } from '../profiles/profiles.repository.ts';
import { profiles } from '../profiles/profiles.tables.ts';

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Case-insensitive match on username or full name, always through an index: from three
 * characters a substring match on the trigram indexes; shorter text has no trigram, so it
 * matches prefixes through the `text_pattern_ops` indexes instead.
 */
export function matchesText(text: string): SQL {
  const escaped = escapeLike(text.toLowerCase());
  if (text.length >= 3) {
    const pattern = `%${escaped}%`;
    return sql`(${profiles.username} ILIKE ${pattern} OR ${profiles.fullName} ILIKE ${pattern})`;
  }
  const prefix = `${escaped}%`;
  return sql`(lower(${profiles.username}) LIKE ${prefix} OR lower(${profiles.fullName}) LIKE ${prefix})`;
}

/** How many recent profiles and same-sport athletes the suggestion ranking considers. */
const CANDIDATES = 200;

export function createPeopleRepository(db: Database) {
  return {
    async discover(
      viewerId: string,
      text: string | undefined,
      after: Position | null,
      limit: number,
    ) {
      return db
        .select({
          ...summaryColumns,
          bio: profiles.bio,
          createdAt: profiles.createdAt,
          isFollowing: isFollowedBy(viewerId),
        })
        .from(profiles)
        .where(
          and(
            ne(profiles.id, viewerId),
            text ? matchesText(text) : undefined,
            after
              ? or(
                  lt(profiles.createdAt, after.createdAt),
                  and(eq(profiles.createdAt, after.createdAt), lt(profiles.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(profiles.createdAt), desc(profiles.id))
        .limit(limit + 1);
    },

    async search(text: string, limit: number) {
      const lowered = text.toLowerCase();
      return db
        .select(summaryColumns)
        .from(profiles)
        .where(matchesText(text))
        .orderBy(
          desc(sql`lower(${profiles.username}) = ${lowered}`),
          desc(sql`lower(${profiles.username}) LIKE ${`${escapeLike(lowered)}%`}`),
          profiles.fullName,
          profiles.id,
        )
        .limit(limit);
    },

    /**
     * People the viewer does not follow yet: friends of friends first (most mutual follows),
     * then athletes of the same sport, then the newest members.
     */
    async suggestions(viewerId: string, limit: number) {
      const rows = await selectRows<{
        id: string;
        username: string;
        full_name: string;
        avatar_url: string | null;
        verified: boolean;
        user_type: 'player' | 'agent' | 'coach' | 'club';
        bio: string | null;
      }>(
        db,
        sql`
        WITH my_sport AS (
          SELECT lower(${athleteProfiles.sport}) AS sport FROM ${athleteProfiles}
          WHERE ${athleteProfiles.profileId} = ${viewerId}
        ),
        friends_of_friends AS (
          SELECT f2.following_id AS id, count(*)::int AS mutuals
          FROM ${follows} f1 JOIN ${follows} f2 ON f2.follower_id = f1.following_id
          WHERE f1.follower_id = ${viewerId}
          GROUP BY f2.following_id
          ORDER BY mutuals DESC
          LIMIT ${CANDIDATES}
        ),
        same_sport AS (
          SELECT ap.profile_id AS id FROM ${athleteProfiles} ap, my_sport
          WHERE lower(ap.sport) = my_sport.sport
          ORDER BY ap.updated_at DESC
          LIMIT ${CANDIDATES}
        ),
        newest AS (
          SELECT id FROM ${profiles} ORDER BY created_at DESC LIMIT ${CANDIDATES}
        ),
        candidates AS (
          SELECT id FROM friends_of_friends UNION SELECT id FROM same_sport UNION SELECT id FROM newest
        )
        SELECT p.id, p.username, p.full_name, p.avatar_url, p.verified, p.user_type, p.bio
        FROM candidates c
        JOIN ${profiles} p ON p.id = c.id
        LEFT JOIN friends_of_friends fof ON fof.id = p.id
        LEFT JOIN same_sport ss ON ss.id = p.id
        WHERE p.id <> ${viewerId}
          AND NOT EXISTS (
            SELECT 1 FROM ${follows} f WHERE f.follower_id = ${viewerId} AND f.following_id = p.id
          )
        ORDER BY coalesce(fof.mutuals, 0) DESC, (ss.id IS NOT NULL) DESC, p.created_at DESC, p.id DESC
        LIMIT ${limit}
      `,
      );
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        fullName: row.full_name,
        avatarUrl: row.avatar_url,
        verified: row.verified,
        userType: row.user_type,
        bio: row.bio,
        isFollowing: false,
      }));
    },
  };
}
