import type { Executor } from '../../db/database.ts';
import type { AuthRepository } from './auth.repository.ts';

/**
 * The admin role by email: held by the accounts named in ADMIN_EMAILS once their address is
 * confirmed (an emailed link was used, or a provider vouched for it), and granted by hand with
 * `npm run admin`. Every grant and revocation is recorded.
 *
 * Confirmed, not merely registered: with confirmation off, anyone may sign up with any address,
 * and whoever registered an admin address before its owner would otherwise be admin.
 */
export function createAdminRoles(repo: AuthRepository, adminEmails: string[]) {
  const isAdminEmail = (email: string) => adminEmails.includes(email.toLowerCase());

  /** Grants or revokes the admin role by email; returns false when no account has that email. */
  async function setAdmin(
    email: string,
    grant: boolean,
    actorUserId: string | null,
    source: string,
  ): Promise<boolean> {
    const user = await repo.findUserByEmail(email);
    if (!user) return false;
    await repo.transaction(async (tx) => {
      const changed = grant
        ? await repo.grantRole(tx, user.id, 'admin')
        : await repo.revokeRole(tx, user.id, 'admin');
      if (changed) {
        await repo.recordAdminAction(tx, {
          actorUserId,
          action: grant ? 'role.grant' : 'role.revoke',
          targetType: 'user',
          targetId: user.id,
          details: { role: 'admin', source },
        });
      }
    });
    return true;
  }

  /**
   * Called once an account's address is confirmed, inside that transaction: an address named in
   * ADMIN_EMAILS brings the admin role. Returns true when the role was newly granted.
   */
  async function grantForConfirmedEmail(
    ex: Executor,
    user: { id: string; email: string },
  ): Promise<boolean> {
    if (!isAdminEmail(user.email)) return false;
    const granted = await repo.grantRole(ex, user.id, 'admin');
    if (granted) {
      await repo.recordAdminAction(ex, {
        actorUserId: null,
        action: 'role.grant',
        targetType: 'user',
        targetId: user.id,
        details: { role: 'admin', source: 'ADMIN_EMAILS' },
      });
    }
    return granted;
  }

  return {
    isAdminEmail,

    setAdmin,

    grantForConfirmedEmail,

    /** At start: every account named in ADMIN_EMAILS whose address is confirmed is admin. */
    applyAdminEmails: async (): Promise<void> => {
      for (const user of await repo.findConfirmedUsersByEmails(adminEmails)) {
        await repo.transaction((tx) => grantForConfirmedEmail(tx, user));
      }
    },
  };
}
