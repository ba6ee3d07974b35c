import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { GuardianNotices } from '../guardians/guardians.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Guards } from '../../http/guards.ts';
import { createAdminGate } from '../admin/admin-gate.ts';
import { createAdminRepository } from '../admin/admin.repository.ts';
import type { Signer } from '../auth/signing-keys.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import type { MediaService } from '../media/media.service.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createApplicationsRepository } from './applications.repository.ts';
import { type ApplicationsRoutesOptions, applicationsRoutes } from './applications.routes.ts';
import { createSafetyRepository } from '../safety/safety.repository.ts';
import { createApplicationsService } from './applications.service.ts';
import { createOffersRepository } from './offers.repository.ts';
import { offersRoutes } from './offers.routes.ts';
import { createOffersService } from './offers.service.ts';

/**
 * Athlete offers and their life (edit, close, deadline, places), CV uploads, and the recruiting
 * pipeline: applications, their stages and history, the poster's notes.
 */
export async function registerOffers(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    storage: FileStorage;
    guards: Guards;
    media: MediaService;
    signer: Signer;
    notifications: NotificationsService;
    bus: EventBus;
    guardians?: GuardianNotices;
    /** Scholarships are applied to through the offers' route (decision 0047). */
    scholarshipView: ApplicationsRoutesOptions['scholarshipView'];
  },
) {
  const { database, guards, media } = deps;
  const repository = createOffersRepository(database.db);
  const mediaRepository = createMediaRepository(database.db);
  const admin = createAdminGate(createAdminRepository(database.db));
  const offers = createOffersService({
    offers: repository,
    media: mediaRepository,
    storage: deps.storage,
    admin,
    notifications: deps.notifications,
  });
  const applications = createApplicationsService({
    applications: createApplicationsRepository(database.db),
    offers: repository,
    media: mediaRepository,
    admin,
    signer: deps.signer,
    bus: deps.bus,
    notifications: deps.notifications,
    safety: createSafetyRepository(database.db),
    guardians: deps.guardians,
  });
  await app.register(offersRoutes, { prefix: '/api', ...guards, offers });
  await app.register(applicationsRoutes, {
    prefix: '/api',
    ...guards,
    applications,
    offers,
    media,
    scholarshipView: deps.scholarshipView,
  });
}
