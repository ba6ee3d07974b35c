import type { FastifyRequest } from 'fastify';

import type { Aal } from '@arena/shared/factor.schema';
import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import { requireAuth } from '../../http/authenticate.ts';

export type AalGate = ReturnType<typeof createAalGate>;

/**
 * Sensitive actions (removing a second factor, new recovery codes, changing the password or the
 * email) need a session at aal2 whenever the member has a verified second factor: someone who
 * holds only the password, or a session from before the factor was added, cannot do them.
 *
 * Use `require` from a service with the caller's `{ userId, aal }`, or `preHandler` on a route
 * behind `authenticate`.
 */
export function createAalGate(factors: { hasVerifiedFactor(userId: string): Promise<boolean> }) {
  async function require(caller: { userId: string; aal: Aal }): Promise<void> {
    if (caller.aal === 'aal2') return;
    if (await factors.hasVerifiedFactor(caller.userId))
      throw new AppError('forbidden', MESSAGES.mfa.aal2Required);
  }

  return {
    require,
    preHandler: async (request: FastifyRequest) => {
      await require(requireAuth(request));
    },
  };
}
