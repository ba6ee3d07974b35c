import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle, Executor } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { createAdminGate } from '../admin/admin-gate.ts';
import { createAdminRepository } from '../admin/admin.repository.ts';
import type { GuardianNotices } from '../guardians/guardians.service.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createCampRegistrationsRepository } from './camp-registrations.repository.ts';
import { createCampRegistrationsService } from './camp-registrations.service.ts';
import { createCampsRepository } from './camps.repository.ts';
import { campsRoutes } from './camps.routes.ts';
import { createCampsService } from './camps.service.ts';

/**
 * Sport camps (decision 0047): posting, editing, cancelling them, the lists and a camp's page,
 * and members' registrations with the waiting list. Returns what account deletion asks of it.
 */
export async function registerCamps(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    storage: FileStorage;
    guards: Guards;
    notifications: NotificationsService;
    guardians?: GuardianNotices;
  },
) {
  const { database } = deps;
  const camps = createCampsRepository(database.db);
  const registrations = createCampRegistrationsRepository(database.db);
  const campsService = createCampsService({
    camps,
    registrations,
    media: createMediaRepository(database.db),
    storage: deps.storage,
    admin: createAdminGate(createAdminRepository(database.db)),
    notifications: deps.notifications,
  });
  const registrationsService = createCampRegistrationsService({
    camps,
    campsService,
    registrations,
    notifications: deps.notifications,
    guardians: deps.guardians,
  });
  await app.register(campsRoutes, {
    prefix: '/api',
    ...deps.guards,
    camps: campsService,
    registrations: registrationsService,
  });
  // Deleting an account frees its places (account-data).
  return {
    releasePlaces: (tx: Executor, userId: string) => registrationsService.releasePlaces(tx, userId),
  };
}
