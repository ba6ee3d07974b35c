import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createCvRepository } from './cv.repository.ts';
import { cvRoutes } from './cv.routes.ts';
import { createCvService } from './cv.service.ts';

/** A profile's sport CV (`/api/profiles/:username/cv`, `/api/me/cv/*`). Returns the CV service. */
export async function registerCv(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; bus: EventBus; guards: Guards },
) {
  const cv = createCvService(createCvRepository(deps.database.db), deps.bus);
  await app.register(cvRoutes, { prefix: '/api', ...deps.guards, cv });
  return cv;
}
