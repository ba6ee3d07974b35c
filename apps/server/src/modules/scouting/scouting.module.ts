import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { isVerifiedOrAdmin } from '../profiles/reader-standing.ts';
import { createScoutingRepository } from './scouting.repository.ts';
import { scoutingRoutes } from './scouting.routes.ts';
import { createScoutingService } from './scouting.service.ts';

/** Scout search (`/api/scout/athletes`, issue 24). */
export async function registerScouting(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; guards: Guards },
) {
  const db = deps.database.db;
  const scouting = createScoutingService(createScoutingRepository(db), (profileId) =>
    isVerifiedOrAdmin(db, profileId),
  );
  await app.register(scoutingRoutes, { prefix: '/api', ...deps.guards, scouting });
}
