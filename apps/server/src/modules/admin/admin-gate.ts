import { and, eq } from 'drizzle-orm';

import { MESSAGES } from '@arena/shared/messages';

import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { userRoles } from '../auth/auth.tables.ts';
import { adminActions } from './admin.tables.ts';

export type AdminGate = ReturnType<typeof createAdminGate>;

/** Who is an admin (read from user_roles on every check, so a revoke takes effect at once), and the audit trail. */
export function createAdminGate(db: Database) {
  async function isAdmin(userId: string) {
    const [row] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
    return row !== undefined;
  }

  return {
    isAdmin,

    async require(auth: AuthContext) {
      if (!(await isAdmin(auth.userId))) throw new AppError('forbidden', MESSAGES.adminOnly);
    },

    async record(
      ex: Executor,
      auth: AuthContext,
      action: string,
      targetType: string,
      targetId: string,
      details?: unknown,
    ) {
      await ex
        .insert(adminActions)
        .values({ actorUserId: auth.userId, action, targetType, targetId, details });
    },
  };
}
