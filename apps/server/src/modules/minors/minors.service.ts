import { ADULT_AGE, MINIMUM_AGE, ageOn } from '@arena/shared/age';
import { MESSAGES } from '@arena/shared/messages';
import type { BirthdateResult } from '@arena/shared/minors.schema';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { MinorsRepository } from './minors.repository.ts';

const m = MESSAGES.minors;

export type MinorsService = ReturnType<typeof createMinorsService>;

/**
 * The birthdate a player who signed up before sign-up asked for it gives at their next sign-in
 * (a minor until then). Given once here; the CV edits it afterwards.
 */
export function createMinorsService(deps: {
  repo: MinorsRepository;
  /** Deletes the account and ends its sessions (account-data's erase). */
  eraseAccount: (userId: string) => Promise<void>;
}) {
  const { repo, eraseAccount } = deps;

  return {
    async giveBirthdate(auth: AuthContext, birthdate: string): Promise<BirthdateResult> {
      const current = await repo.ageOf(auth.profileId);
      if (!current) throw new AppError('not_found', MESSAGES.profileNotFound);
      if (current.userType !== 'player') throw new AppError('forbidden', m.playersOnly);
      if (current.birthdate) throw new AppError('conflict', m.birthdateAlreadyGiven);
      const age = ageOn(birthdate);
      if (age < MINIMUM_AGE) {
        // As at sign-up, nothing of someone under the policy's minimum age is kept: the account
        // goes, with its sessions; answering again with another date is not possible.
        await eraseAccount(auth.userId);
        throw new AppError('forbidden', m.underMinimumAgeAccount);
      }
      if (!(await repo.setMissingBirthdate(auth.profileId, birthdate))) {
        throw new AppError('conflict', m.birthdateAlreadyGiven);
      }
      return { birthdate, age, minor: age < ADULT_AGE };
    },
  };
}
