import { and, desc, eq, lt, ne, or, sql } from 'drizzle-orm';

import { type Database, literalLimit, selectRows } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';
import { athleteProfiles } from '../cv/cv.tables.ts';
import { follows } from '../follows/follows.tables.ts';
import { isFollowedBy, summaryColumns } from '../profiles/profiles.repository.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { suggestableTo } from '../minors/minors.sql.ts';
import { blockBetween, hiddenFrom } from '../safety/safety.sql.ts';
import { matchesText, searchPeople } from './people-search.repository.ts';

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;

/**
 * The suggestion ranking looks at this many people from each source, each already filtered to
 * people the viewer does not follow, so a handful always suffices for five suggestions.
 */
const CANDIDATES = 20;
/**
 * Friends of friends are counted through the viewer's most recent follows only: the cost is
 * then bounded for someone who follows thousands, where it would grow with every follow.
 */
const RECENT_FOLLOWS = 100;

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
            sql`NOT ${blockBetween(viewerId, sql`${profiles.id}`)}`,
            suggestableTo(viewerId, sql`${profiles.id}`),
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
        .limit(literalLimit(limit + 1));
    },

    /** The search box: names starting with the text first (people-search.repository.ts). */
    search: (text: string, limit: number, viewerId: string) =>
      searchPeople(db, text, limit, viewerId),

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
        WITH recent_follows AS (
          SELECT following_id FROM ${follows}
          WHERE follower_id = ${viewerId}
          ORDER BY created_at DESC
          LIMIT ${literalLimit(RECENT_FOLLOWS)}
        ),
        friends_of_friends AS (
          SELECT f2.following_id AS id, count(*)::int AS mutuals
          FROM recent_follows f1 JOIN ${follows} f2 ON f2.follower_id = f1.following_id
          WHERE f2.following_id <> ${viewerId}
            AND NOT EXISTS (
              SELECT 1 FROM ${follows} f WHERE f.follower_id = ${viewerId} AND f.following_id = f2.following_id
            )
          GROUP BY f2.following_id
          ORDER BY mutuals DESC
          LIMIT ${literalLimit(CANDIDATES)}
        ),
        same_sport AS (
          -- A scalar subquery, so the index on (lower(sport), updated_at) returns them in order.
          SELECT ap.profile_id AS id FROM ${athleteProfiles} ap
          WHERE lower(ap.sport) = (
              SELECT lower(${athleteProfiles.sport}) FROM ${athleteProfiles}
              WHERE ${athleteProfiles.profileId} = ${viewerId}
            )
            AND ap.profile_id <> ${viewerId}
            AND ${suggestableTo(viewerId, sql`ap.profile_id`)}
            AND NOT EXISTS (
              SELECT 1 FROM ${follows} f WHERE f.follower_id = ${viewerId} AND f.following_id = ap.profile_id
            )
          ORDER BY ap.updated_at DESC
          LIMIT ${literalLimit(CANDIDATES)}
        ),
        newest AS (
          SELECT p.id FROM ${profiles} p
          WHERE p.id <> ${viewerId}
            AND ${suggestableTo(viewerId, sql`p.id`)}
            AND NOT EXISTS (
              SELECT 1 FROM ${follows} f WHERE f.follower_id = ${viewerId} AND f.following_id = p.id
            )
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ${literalLimit(CANDIDATES)}
        ),
        candidates AS (
          SELECT id FROM friends_of_friends UNION SELECT id FROM same_sport UNION SELECT id FROM newest
        )
        SELECT p.id, p.username, p.full_name, p.avatar_url, p.verified, p.user_type, p.bio
        FROM candidates c
        JOIN ${profiles} p ON p.id = c.id AND NOT ${hiddenFrom(viewerId, sql`p.id`)}
          AND ${suggestableTo(viewerId, sql`p.id`)}
        LEFT JOIN friends_of_friends fof ON fof.id = p.id
        LEFT JOIN same_sport ss ON ss.id = p.id
        ORDER BY coalesce(fof.mutuals, 0) DESC, (ss.id IS NOT NULL) DESC, p.created_at DESC, p.id DESC
        LIMIT ${literalLimit(limit)}
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
