import type { MyIdentities } from '@arena/shared/identity.schema';
import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import type { IdentitiesRepository } from './identities.repository.ts';

export type IdentitiesService = ReturnType<typeof createIdentitiesService>;

/** The member's linked third-party accounts: listing them, and unlinking one. */
export function createIdentitiesService(
  repo: IdentitiesRepository,
  providers: { labelOf(name: string): string; isConfigured(name: string): boolean },
) {
  return {
    async list(userId: string): Promise<MyIdentities> {
      const [rows, hasPassword] = await Promise.all([
        repo.listIdentities(userId),
        repo.hasPassword(userId),
      ]);
      return {
        identities: rows.map((row) => ({
          id: row.id,
          provider: row.provider,
          providerLabel: providers.labelOf(row.provider),
          email: row.email,
          createdAt: row.createdAt.toISOString(),
        })),
        hasPassword,
      };
    },

    /**
     * Unlinks one identity, unless it is the member's last way to sign in: afterwards they must
     * still have a password or another identity of a provider that is configured (one that is
     * not can no longer sign anyone in). The user's row is locked meanwhile, so two unlinks at
     * once cannot together leave none.
     */
    async unlink(userId: string, identityId: string): Promise<void> {
      return repo.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
        const linked = await repo.listIdentities(userId, tx);
        const target = linked.find((identity) => identity.id === identityId);
        if (!target) throw new AppError('not_found', MESSAGES.identities.notFound);
        const othersThatSignIn = linked.filter(
          (identity) => identity.id !== identityId && providers.isConfigured(identity.provider),
        );
        // Passkeys that sign in on their own will count here too once they exist.
        if (!user.hasPassword && othersThatSignIn.length === 0) {
          throw new AppError('conflict', MESSAGES.identities.lastMethod);
        }
        await repo.deleteIdentity(tx, target.id);
      });
    },
  };
}
