import { type SQL, sql } from 'drizzle-orm';

import type { ProfileSummary } from '@arena/shared/profile.schema';

import { type Executor, literalLimit, selectRows } from '../../db/database.ts';
import { searchableBy } from '../minors/minors.sql.ts';
import { profiles } from '../profiles/profiles.tables.ts';

export function escapeLike(text: string) {
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

/** Minors are left out of an adult's search, unless the adult is a verified organisation. */
const shownTo = (viewerId: string | undefined) =>
  viewerId ? sql`AND ${searchableBy(viewerId, sql`${profiles.id}`)}` : sql``;

const summary = sql`${profiles.id} AS "id", ${profiles.username} AS "username",
  ${profiles.fullName} AS "fullName", ${profiles.avatarUrl} AS "avatarUrl",
  ${profiles.verified} AS "verified", ${profiles.userType} AS "userType"`;

/**
 * Names that start with the text, through the `lower(…) text_pattern_ops` indexes: usernames
 * first (an exact username sorts first among them), then full names, each in index order.
 *
 * The prefix is written as a range in the index's own byte order (`~>=~`, `~<~`) rather than
 * `LIKE 'text%'`: statements are prepared, and a generic plan can only use the index for a
 * range, never for a LIKE pattern it cannot see. Every string that starts with the text sorts
 * below the text followed by U+10FFFF, the last code point (a noncharacter no name holds).
 * Wildcards mean nothing in a range, so `%` and `_` are matched as they are.
 */
export function prefixSearchSql(text: string, limit: number, viewerId?: string): SQL {
  const branch = (rank: number, key: SQL) => sql`(
    SELECT ${summary}, ${sql.raw(String(rank))} AS "rank", ${key} AS "key"
    FROM ${profiles}
    WHERE ${key} ~>=~ lower(${text}) AND ${key} ~<~ (lower(${text}) || chr(1114111))
      ${shownTo(viewerId)}
    ORDER BY ${key} USING ~<~, ${profiles.id}
    LIMIT ${literalLimit(limit)}
  )`;
  return sql`SELECT "id", "username", "fullName", "avatarUrl", "verified", "userType" FROM (
    ${branch(0, sql`lower(${profiles.username})`)}
    UNION ALL
    ${branch(1, sql`lower(${profiles.fullName})`)}
  ) prefixed ORDER BY "rank", "key" USING ~<~, "id"`;
}

/** Names that contain the text anywhere (three characters or more: the trigram indexes). */
export function containsSearchSql(text: string, limit: number, viewerId?: string): SQL {
  return sql`SELECT ${summary} FROM ${profiles}
    WHERE ${matchesText(text)} ${shownTo(viewerId)}
    ORDER BY ${profiles.fullName}, ${profiles.id}
    LIMIT ${literalLimit(limit)}`;
}

/**
 * The search box: up to `limit` people whose username or full name contains the text.
 *
 * Names that start with the text come first, and usually fill the list on their own from a
 * few btree index entries. Only when they do not is the substring search run, which must read
 * every match to order them (a few thousand rows for a common syllable). Two characters have no
 * trigram, so they match prefixes only.
 */
export async function searchPeople(
  db: Executor,
  text: string,
  limit: number,
  viewerId: string,
): Promise<ProfileSummary[]> {
  // Members with a block between them and the viewer are left out, and suspended or banned
  // members (moderation; few at any time): each asks for as many more.
  const hidden = new Set(
    (
      await selectRows<{ id: string }>(
        db,
        sql`SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${viewerId}
          UNION SELECT blocker_id FROM blocks WHERE blocked_id = ${viewerId}
          UNION SELECT p.id FROM profiles p JOIN users u ON u.id = p.user_id
            WHERE u.banned_at IS NOT NULL OR u.suspended_until > now()`,
      )
    ).map((row) => row.id),
  );
  const wanted = limit + hidden.size;
  const found = new Map<string, ProfileSummary>();
  const take = (row: ProfileSummary) => {
    if (!found.has(row.id) && !hidden.has(row.id)) found.set(row.id, row);
  };
  const prefixed = await selectRows<ProfileSummary>(db, prefixSearchSql(text, wanted, viewerId));
  prefixed.forEach(take);
  // Each prefix branch returns up to `wanted`: fewer distinct rows means there are no more.
  if (found.size < limit && text.length >= 3) {
    const rows = await selectRows<ProfileSummary>(
      db,
      containsSearchSql(text, wanted + found.size, viewerId),
    );
    for (const row of rows) {
      if (found.size >= limit) break;
      take(row);
    }
  }
  return [...found.values()].slice(0, limit);
}
