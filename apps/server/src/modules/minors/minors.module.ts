import type { FastifyInstance } from 'fastify';

import { MESSAGES } from '@arena/shared/messages';

import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
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

/**
 * On every route of the app registered after it: to a visitor (no session), a `:username` who is
 * a minor does not exist (profile, CV, posts, follows lists: 404, as a missing profile). Signed-in
 * members see them; lists apply their own rules.
 */
export function hideMinorsFromVisitors(app: FastifyInstance, database: DatabaseHandle) {
  const repo = createMinorsRepository(database.db);
  app.addHook('preHandler', async (request) => {
    const username = (request.params as { username?: unknown } | undefined)?.username;
    if (typeof username !== 'string' || request.auth) return;
    if (await repo.isMinorUsername(username)) {
      throw new AppError('not_found', MESSAGES.profileNotFound);
    }
  });
}
