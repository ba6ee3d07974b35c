import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { createAdminGate } from '../admin/admin-gate.ts';
import { createAdminRepository } from '../admin/admin.repository.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createOffersRepository } from '../offers/offers.repository.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createScholarshipsRepository } from './scholarships.repository.ts';
import { scholarshipsRoutes } from './scholarships.routes.ts';
import { createScholarshipsService } from './scholarships.service.ts';

/**
 * Scholarships: the list by deadline, a page each, posting and the poster's changes. Their
 * applications, stages and notes are the offers module's (decision 0047).
 */
export async function registerScholarships(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    storage: FileStorage;
    guards: Guards;
    notifications: NotificationsService;
  },
) {
  const { database } = deps;
  const scholarships = createScholarshipsService({
    scholarships: createScholarshipsRepository(database.db),
    offers: createOffersRepository(database.db),
    media: createMediaRepository(database.db),
    storage: deps.storage,
    admin: createAdminGate(createAdminRepository(database.db)),
    notifications: deps.notifications,
  });
  await app.register(scholarshipsRoutes, { prefix: '/api', ...deps.guards, scholarships });
  return { scholarships };
}
