import type { UserType } from '@arena/shared/constants';
import type { AccountTypeResult } from '@arena/shared/account-type.schema';
import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { AccountTypeRepository } from './account-type.repository.ts';

export type AccountTypeService = ReturnType<typeof createAccountTypeService>;

/**
 * A member changes their account type while unverified. A verified organisation cannot (an admin
 * removes the verification first); a change withdraws a verification request waiting for review,
 * which was made for the old type.
 */
export function createAccountTypeService(repo: AccountTypeRepository, bus: EventBus) {
  return {
    async change(auth: AuthContext, userType: UserType): Promise<AccountTypeResult> {
      const result = await repo.transaction(async (tx) => {
        const current = await repo.lockProfile(tx, auth.profileId);
        if (!current) throw new AppError('not_found', MESSAGES.profileNotFound);
        if (current.userType === userType) return { changed: false, withdrawn: false };
        if (current.verified) {
          throw new AppError('conflict', MESSAGES.accountType.verifiedCannotChange);
        }
        await repo.setUserType(tx, auth.profileId, userType);
        return { changed: true, withdrawn: await repo.withdrawPending(tx, auth.profileId) };
      });
      if (result.changed) {
        await bus.publish({
          type: 'profile.updated',
          topic: `profile:${auth.profileId}`,
          profileId: auth.profileId,
        });
      }
      return { userType, verificationWithdrawn: result.withdrawn };
    },
  };
}
