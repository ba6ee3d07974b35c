import { and, eq } from 'drizzle-orm';

import type { Database, Executor } from '../../db/database.ts';
import { userRoles } from '../auth/auth.tables.ts';
import { adminActions } from './admin.tables.ts';

export type AdminRepository = ReturnType<typeof createAdminRepository>;

/** The admin role as user_roles holds it, and the audit trail of what admins did. */
export function createAdminRepository(db: Database) {
  return {
    async hasAdminRole(userId: string) {
      const [row] = await db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
      return row !== undefined;
    },

    /** Records an admin's action, in the caller's transaction. */
    async insertAction(
      ex: Executor,
      action: {
        actorUserId: string;
        action: string;
        targetType: string;
        targetId: string;
        details?: unknown;
      },
    ) {
      await ex.insert(adminActions).values(action);
    },
  };
}
