import { MESSAGES } from '@arena/shared/messages';

import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { AdminRepository } from './admin.repository.ts';

export type AdminGate = ReturnType<typeof createAdminGate>;

/** Who is an admin (read from user_roles on every check, so a revoke takes effect at once), and the audit trail. */
export function createAdminGate(repo: AdminRepository) {
  const isAdmin = (userId: string) => repo.hasAdminRole(userId);

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
      await repo.insertAction(ex, {
        actorUserId: auth.userId,
        action,
        targetType,
        targetId,
        details,
      });
    },
  };
}
