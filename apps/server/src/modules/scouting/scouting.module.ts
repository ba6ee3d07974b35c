import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { isVerifiedOrAdmin } from '../profiles/reader-standing.ts';
import { createSavedSearchesRepository } from './saved-searches.repository.ts';
import { savedSearchesRoutes } from './saved-searches.routes.ts';
import { createSavedSearchesService } from './saved-searches.service.ts';
import { startScoutAlerts } from './scout-alerts.ts';
import { createScoutingRepository } from './scouting.repository.ts';
import { scoutingRoutes } from './scouting.routes.ts';
import { createScoutingService } from './scouting.service.ts';

/**
 * Scout search (`/api/scout/athletes`), saved searches (`/api/scout/saved-searches`) and their
 * alerts' jobs (issue 24).
 */
export async function registerScouting(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    guards: Guards;
    jobs: JobQueue;
    notifications: NotificationsService;
    alertIntervalSeconds: number;
  },
) {
  const db = deps.database.db;
  const verifiedOrAdmin = (profileId: string) => isVerifiedOrAdmin(db, profileId);
  const scouting = createScoutingService(createScoutingRepository(db), verifiedOrAdmin);
  const savedRepository = createSavedSearchesRepository(db);
  const savedSearches = createSavedSearchesService(savedRepository, verifiedOrAdmin);
  await app.register(scoutingRoutes, { prefix: '/api', ...deps.guards, scouting });
  await app.register(savedSearchesRoutes, { prefix: '/api', ...deps.guards, savedSearches });
  await startScoutAlerts({
    db,
    jobs: deps.jobs,
    repo: savedRepository,
    notifications: deps.notifications,
    verifiedOrAdmin,
    intervalSeconds: deps.alertIntervalSeconds,
  });
}
