import type { FastifyInstance } from 'fastify';

import { MESSAGES } from '@arena/shared/messages';

import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Guards } from '../../http/guards.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';
import { createSafetyRepository } from './safety.repository.ts';
import { safetyRoutes } from './safety.routes.ts';
import { createSafetyService } from './safety.service.ts';

/** Blocking and muting (`/api/profiles/:username/block`, `/mute`, `/api/me/blocked`, `/muted`). */
export async function registerSafety(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; guards: Guards },
) {
  const repo = createSafetyRepository(deps.database.db);
  const safety = createSafetyService(repo, createProfilesRepository(deps.database.db));
  await app.register(safetyRoutes, { prefix: '/api', ...deps.guards, safety });
  return safety;
}

/**
 * On every route of the app registered after it: a `:username` that blocked the signed-in caller
 * does not exist for them (its profile, CV, organisation, posts, follows lists: 404). Added to the
 * root before the routes that name a member.
 */
export function hideBlockersFromBlocked(app: FastifyInstance, database: DatabaseHandle) {
  const repo = createSafetyRepository(database.db);
  app.addHook('preHandler', async (request) => {
    const username = (request.params as { username?: unknown } | undefined)?.username;
    if (typeof username !== 'string' || !request.auth) return;
    if (await repo.blockedByUsername(request.auth.profileId, username)) {
      throw new AppError('not_found', MESSAGES.profileNotFound);
    }
  });
}
