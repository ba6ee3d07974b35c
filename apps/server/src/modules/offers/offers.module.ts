import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Guards } from '../../http/guards.ts';
import { createAdminGate } from '../admin/admin-gate.ts';
import { createAdminRepository } from '../admin/admin.repository.ts';
import type { Signer } from '../auth/signing-keys.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import type { MediaService } from '../media/media.service.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createOffersRepository } from './offers.repository.ts';
import { offersRoutes } from './offers.routes.ts';
import { createOffersService } from './offers.service.ts';

/** Athlete offers, CV uploads and applications (`/api/offers/*`, `/api/me/offers`, …). */
export async function registerOffers(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    storage: FileStorage;
    guards: Guards;
    media: MediaService;
    signer: Signer;
    notifications: NotificationsService;
  },
) {
  const { database, guards, media } = deps;
  const offers = createOffersService({
    offers: createOffersRepository(database.db),
    media: createMediaRepository(database.db),
    storage: deps.storage,
    admin: createAdminGate(createAdminRepository(database.db)),
    signer: deps.signer,
    notifications: deps.notifications,
  });
  await app.register(offersRoutes, { prefix: '/api', ...guards, offers, media });
}
