import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { createAdminGate } from '../admin/admin-gate.ts';
import { createAdminRepository } from '../admin/admin.repository.ts';
import type { CvService } from '../cv/cv.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createOrganizationRepository } from './organization.repository.ts';
import { createOrganizationService } from './organization.service.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import { profilesRoutes } from './profiles.routes.ts';
import { createProfilesService } from './profiles.service.ts';

/**
 * Profiles, their views, avatars and visibility, and organisations' profiles
 * (`/api/profiles/:username…`, `/api/me/…`). Returns the profiles and organisation services.
 */
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
  const organization = createOrganizationService(
    createOrganizationRepository(deps.database.db),
    createAdminGate(createAdminRepository(deps.database.db)),
    deps.bus,
  );
  await app.register(profilesRoutes, {
    prefix: '/api',
    ...deps.guards,
    profiles,
    cv: deps.cv,
    organization,
  });
  return { profiles, organization };
}
