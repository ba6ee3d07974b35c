import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
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
  const safety = createSafetyService(
    createSafetyRepository(deps.database.db),
    createProfilesRepository(deps.database.db),
  );
  await app.register(safetyRoutes, { prefix: '/api', ...deps.guards, safety });
}
