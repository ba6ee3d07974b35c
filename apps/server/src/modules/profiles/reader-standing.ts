import { sql } from 'drizzle-orm';

import { type Executor, selectRows } from '../../db/database.ts';

/**
 * Whether the reader is a verified club, agent or coach, or an admin: who may download an
 * athlete's CV, see "verified organisations only" and use scout search (issue 24).
 */
export async function isVerifiedOrAdmin(db: Executor, profileId: string): Promise<boolean> {
  const [row] = await selectRows<{ allowed: boolean }>(
    db,
    sql`SELECT (p.verified AND p.user_type <> 'player')
          OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.user_id AND r.role = 'admin')
          AS allowed
        FROM profiles p WHERE p.id = ${profileId}::uuid`,
  );
  return row?.allowed ?? false;
}
