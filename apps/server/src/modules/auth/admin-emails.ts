import type { AuthRepository } from './auth.repository.ts';

/**
 * The admin role by email: granted at sign-up and at every start to the accounts named in
 * ADMIN_EMAILS, and by hand with `npm run admin`. Every grant and revocation is recorded.
 */
export function createAdminRoles(repo: AuthRepository, adminEmails: string[]) {
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

  return {
    isAdminEmail: (email: string) => adminEmails.includes(email.toLowerCase()),

    setAdmin,

    /** At start: every existing account named in ADMIN_EMAILS holds the admin role. */
    applyAdminEmails: async (): Promise<void> => {
      for (const { email } of await repo.findUserIdsByEmails(adminEmails)) {
        await setAdmin(email, true, null, 'ADMIN_EMAILS');
      }
    },
  };
}
