import type { Executor } from '../../db/database.ts';
import type { SecondFactors } from '../auth/auth.service.ts';
import { toFactor } from './factor-view.ts';
import type { MfaRepository } from './mfa.repository.ts';

/** What the auth service asks at every sign-in, refresh and request. */
export function secondFactorsOf(repo: MfaRepository): SecondFactors {
  return {
    async verifiedFactors(userId: string, ex?: Executor) {
      return (await repo.verifiedFactors(userId, ex)).map(toFactor);
    },
    hasVerifiedFactor: (userId: string) => repo.hasVerifiedFactor(userId),
  };
}
