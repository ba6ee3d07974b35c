import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import type { CvService } from '../cv/cv.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import { profilesRoutes } from './profiles.routes.ts';
import { createProfilesService } from './profiles.service.ts';

/** Profiles, their views, avatars and visibility (`/api/profiles/:username…`, `/api/me/…`). */
export async function registerProfiles(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    storage: FileStorage;
    bus: EventBus;
    guards: Guards;
    cv: CvService;
  },
) {
  const profiles = createProfilesService(
    createProfilesRepository(deps.database.db),
    deps.storage,
    deps.bus,
  );
  await app.register(profilesRoutes, { prefix: '/api', ...deps.guards, profiles, cv: deps.cv });
  return profiles;
}
