import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { createMinorsRepository } from './minors.repository.ts';
import { minorsRoutes } from './minors.routes.ts';
import { createMinorsService } from './minors.service.ts';

/** A player's missing birthdate, given once (`/api/me/birthdate`). */
export async function registerMinors(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    guards: Guards;
    eraseAccount: (userId: string) => Promise<void>;
  },
) {
  const minors = createMinorsService({
    repo: createMinorsRepository(deps.database.db),
    eraseAccount: deps.eraseAccount,
  });
  await app.register(minorsRoutes, { prefix: '/api', ...deps.guards, minors });
}
