import { type SQL, sql } from 'drizzle-orm';

import { type Database, selectRows } from '../../db/database.ts';

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

export interface SessionRow {
  family_id: string;
  user_agent: string | null;
  ip: string | null;
  persistent: boolean;
  /** Both drivers may answer with a Date or an ISO string. */
  created_at: Date | string;
  last_used_at: Date | string;
}

/**
 * A session is a refresh-token family. It is active while its newest token (the one not yet
 * spent) is neither revoked nor expired.
 */
const activeHead = (now: Date | SQL) =>
  sql`h.revoked_at IS NULL AND h.spent_at IS NULL AND h.expires_at > ${now}`;

/** True while the session `familyId` (a column or a value) is active, now. */
export const sessionIsActive = (familyId: SQL) =>
  sql`EXISTS (SELECT 1 FROM refresh_tokens h
    WHERE h.family_id = ${familyId} AND ${activeHead(sql`now()`)})`;

export function createSessionsRepository(db: Database) {
  return {
    /** The user's active sessions, most recently used first. */
    async listActive(userId: string, now: Date): Promise<SessionRow[]> {
      return selectRows<SessionRow>(
        db,
        sql`SELECT h.family_id, h.user_agent, h.ip, h.persistent,
                   h.created_at AS last_used_at, min(f.created_at) AS created_at
            FROM refresh_tokens h
            JOIN refresh_tokens f ON f.family_id = h.family_id
            WHERE h.user_id = ${userId} AND ${activeHead(now)}
            GROUP BY h.id
            ORDER BY h.created_at DESC, h.family_id`,
      );
    },

    async isActive(userId: string, familyId: string, now: Date): Promise<boolean> {
      const rows = await selectRows<{ one: number }>(
        db,
        sql`SELECT 1 AS one FROM refresh_tokens h
            WHERE h.family_id = ${familyId} AND h.user_id = ${userId} AND ${activeHead(now)}
            LIMIT 1`,
      );
      return rows.length > 0;
    },

    /** Revokes one active session of the user; false when the user has no such active session. */
    async revoke(userId: string, familyId: string, now: Date): Promise<boolean> {
      const rows = await selectRows<{ family_id: string }>(
        db,
        sql`UPDATE refresh_tokens SET revoked_at = ${now}
            WHERE family_id = ${familyId} AND user_id = ${userId} AND revoked_at IS NULL
              AND EXISTS (SELECT 1 FROM refresh_tokens h
                          WHERE h.family_id = ${familyId} AND ${activeHead(now)})
            RETURNING family_id`,
      );
      return rows.length > 0;
    },

    /** Revokes every active session of the user but one; returns the ids of those ended. */
    async revokeAllBut(userId: string, keepFamilyId: string, now: Date): Promise<string[]> {
      const rows = await selectRows<{ family_id: string }>(
        db,
        sql`UPDATE refresh_tokens SET revoked_at = ${now}
            WHERE user_id = ${userId} AND revoked_at IS NULL AND family_id <> ${keepFamilyId}
              AND family_id IN (SELECT h.family_id FROM refresh_tokens h
                                WHERE h.user_id = ${userId} AND ${activeHead(now)})
            RETURNING family_id`,
      );
      return [...new Set(rows.map((row) => row.family_id))];
    },

    /** Sessions revoked since `since`, so a starting instance refuses their access tokens. */
    async revokedSince(since: Date): Promise<string[]> {
      const rows = await selectRows<{ family_id: string }>(
        db,
        sql`SELECT DISTINCT family_id FROM refresh_tokens WHERE revoked_at > ${since}`,
      );
      return rows.map((row) => row.family_id);
    },
  };
}
